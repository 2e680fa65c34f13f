/* Checks the gradients of pooled_scratch.c against central finite
 * differences: per component at small sizes (m from 1 to 6), and along a
 * random direction at n = 20000 (past the threshold for threads). */
#include "gradcheck.h"

double rows_norm(int n, int m, const double *x);
double rows_norm_b(int n, int m, const double *x, double *x_b, double seed);
void window_map(int n, int m, const double *x, double *y);
void window_map_b(int n, int m, const double *x, double *x_b, double *y, double *y_b);
double some_rows(int n, int m, const double *x);
double some_rows_b(int n, int m, const double *x, double *x_b, double seed);

struct ctx {
    int which, n, m;
    double *x, *w, *y;
};

static double eval(void *p) {
    struct ctx *c = p;
    if (c->which == 0)
        return rows_norm(c->n, c->m, c->x);
    if (c->which == 2)
        return some_rows(c->n, c->m, c->x);
    window_map(c->n, c->m, c->x, c->y);
    return gc_dot(c->w, c->y, c->n);
}

/* x_b for the seed 1 (or w in y_b); checks the value and y it gives */
static void gradient(struct ctx *c, double *x_b) {
    char what[120];
    gc_zero(x_b, c->n);
    if (c->which == 1) {
        double *y_b = gc_alloc(c->n), *yref = gc_alloc(c->n);
        window_map(c->n, c->m, c->x, yref);
        memcpy(y_b, c->w, sizeof(double) * (size_t)c->n);
        window_map_b(c->n, c->m, c->x, x_b, c->y, y_b);
        snprintf(what, sizeof what, "window_map n=%d m=%d: y", c->n, c->m);
        gc_compare_tol(what, c->y, yref, c->n, GC_RTOL_EXACT);
        snprintf(what, sizeof what, "window_map n=%d m=%d: y_b consumed", c->n, c->m);
        gc_check_zero(what, y_b, c->n);
        free(y_b), free(yref);
        return;
    }
    double f = eval(c);
    double r = c->which == 0 ? rows_norm_b(c->n, c->m, c->x, x_b, 1.0)
                             : some_rows_b(c->n, c->m, c->x, x_b, 1.0);
    snprintf(what, sizeof what, "%s n=%d m=%d: value", c->which ? "some_rows" : "rows_norm", c->n,
             c->m);
    gc_check_value(what, r, f, GC_RTOL_EXACT);
}

static void check(int which, int n, int m, int along) {
    static const char *const names[] = {"rows_norm", "window_map", "some_rows"};
    char label[120];
    double *x = gc_alloc(n), *w = gc_alloc(n), *y = gc_alloc(n), *x_b = gc_alloc(n);
    gc_fill(x, n, -1.0, 1.0);
    gc_fill(w, n, -1.0, 1.0);
    struct ctx c = {which, n, m, x, w, y};
    gradient(&c, x_b);
    snprintf(label, sizeof label, "%s n=%d m=%d", names[which], n, m);
    gc_check_gradient(label, along, eval, &c, x, n, x_b);
    free(x), free(w), free(y), free(x_b);
}

int main(void) {
    const int ns[] = {1, 2, 7, 13}, ms[] = {1, 3, 6};
    gc_seed(52);
    for (int which = 0; which < 3; which++) {
        for (int a = 0; a < 4; a++)
            for (int b = 0; b < 3; b++)
                check(which, ns[a], ms[b], 0);
        check(which, 20000, 5, 1);
    }
    return gc_finish();
}
