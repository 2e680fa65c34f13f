/* Checks the gradients of c99_spellings.c against central finite
 * differences, at 1 to 40 points and along a random direction at 10000
 * points (past the threshold for threads). */
#include "gradcheck.h"

#define K 3

double point_norms(int n, const double x[n][K]);
double point_norms_b(int n, const double x[n][K], double x_b[n][K], double seed);
void smooth_rows(int n, const double *restrict x, double *restrict y);
void smooth_rows_b(int n, const double *restrict x, double *restrict x_b, double *restrict y,
                   double *restrict y_b);
double weighted(int n, const double *restrict w, const double *restrict x);
double weighted_b(int n, const double *restrict w, double *restrict w_b, const double *restrict x,
                  double *restrict x_b, double seed);

double row_pointer(int n, const double (*p)[K]);
double row_pointer_b(int n, const double (*p)[K], double (*p_b)[K], double seed);
double open_rows(int n, const double p[][K]);
double open_rows_b(int n, const double p[][K], double p_b[][K], double seed);

struct ctx {
    int which, n;
    double *w, *x, *v, *y;
};

static double eval(void *p) {
    struct ctx *c = p;
    if (c->which == 0)
        return point_norms(c->n, (const double(*)[K])c->x);
    if (c->which == 2)
        return weighted(c->n, c->w, c->x);
    if (c->which == 3)
        return row_pointer(c->n, (const double(*)[K])c->x);
    if (c->which == 4)
        return open_rows(c->n, (const double(*)[K])c->x);
    smooth_rows(c->n, c->x, c->y);
    return gc_dot(c->v, c->y, c->n * K);
}

static void check(int which, int n, int along) {
    static const char *const names[] = {"point_norms", "smooth_rows", "weighted", "row_pointer",
                                        "open_rows"};
    char what[120];
    int m = n * K;
    double *x = gc_alloc(m), *x_b = gc_alloc(m), *v = gc_alloc(m), *y = gc_alloc(m);
    double *w = gc_alloc(K), *w_b = gc_alloc(K), *y_b = gc_alloc(m), *yref = gc_alloc(m);
    gc_fill(x, m, -1.0, 1.0);
    gc_fill(v, m, -1.0, 1.0);
    gc_fill(w, K, 0.5, 1.5);
    struct ctx c = {which, n, w, x, v, y};
    snprintf(what, sizeof what, "%s n=%d", names[which], n);
    if (which == 1) {
        smooth_rows(n, x, yref);
        memcpy(y_b, v, sizeof(double) * (size_t)m);
        smooth_rows_b(n, x, x_b, y, y_b);
        gc_compare_tol("smooth_rows: y", y, yref, m, GC_RTOL_EXACT);
        gc_check_zero("smooth_rows: y_b consumed", y_b, m);
    } else {
        double f = eval(&c);
        const double(*rows)[K] = (const double(*)[K])x;
        double(*rows_b)[K] = (double(*)[K])x_b;
        double r = which == 0   ? point_norms_b(n, rows, rows_b, 1.0)
                   : which == 2 ? weighted_b(n, w, w_b, x, x_b, 1.0)
                   : which == 3 ? row_pointer_b(n, rows, rows_b, 1.0)
                                : open_rows_b(n, rows, rows_b, 1.0);
        gc_check_value(what, r, f, GC_RTOL_EXACT);
    }
    gc_check_gradient(what, along, eval, &c, x, m, x_b);
    if (which == 2) {
        double *fd = gc_alloc(K);
        gc_fd_grad(eval, &c, w, K, fd);
        gc_compare("weighted: w_b", w_b, fd, K);
        free(fd);
    }
    free(x), free(x_b), free(v), free(y), free(w), free(w_b), free(y_b), free(yref);
}

int main(void) {
    const int sizes[] = {1, 2, 7, 40};
    gc_seed(99);
    for (int which = 0; which < 5; which++) {
        for (int k = 0; k < 4; k++)
            check(which, sizes[k], 0);
        check(which, 10000, 1);
    }
    return gc_finish();
}
