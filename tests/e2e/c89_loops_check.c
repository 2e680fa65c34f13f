/* Checks the gradients of c89_loops.c against central finite differences:
 * the scalar functions with gc_check_gradient_1, the ones writing an output
 * y through the seed w in y_b (x_b vs d dot(w, y) / dx), with y's primal
 * values and its seeds consumed. Sizes include odd ones and n = 1 where the
 * function allows it, so that loops run zero times or stop early. */
#include "gradcheck.h"

double cabs2_sum(int n, const double *x);
double cabs2_sum_b(int n, const double *x, double *x_b, double seed);
double first_peak(int n, const double *x);
double first_peak_b(int n, const double *x, double *x_b, double seed);
double strided(int n, const double *x);
double strided_b(int n, const double *x, double *x_b, double seed);
void backsub(int n, const double *x, double *y);
void backsub_b(int n, const double *x, double *x_b, double *y, double *y_b);
void decay(int n, const double *x, double *y);
void decay_b(int n, const double *x, double *x_b, double *y, double *y_b);
void rows_down(int n, const double *x, double *y);
void rows_down_b(int n, const double *x, double *x_b, double *y, double *y_b);

typedef void (*out_fn)(int, const double *, double *);
typedef void (*out_b_fn)(int, const double *, double *, double *, double *);

struct ctx {
    out_fn f;
    int n;
    double *x, *w, *y;
};

static double eval(void *p) {
    struct ctx *c = p;
    c->f(c->n, c->x, c->y);
    return gc_dot(c->w, c->y, c->n);
}

static void check_out(const char *name, out_fn f, out_b_fn f_b, int n, uint64_t seed) {
    char what[160];
    gc_seed(seed);
    /* one spare element: the gradient must not touch y_b[n] */
    double *x = gc_alloc(n), *w = gc_alloc(n + 1), *y = gc_alloc(n + 1), *yref = gc_alloc(n);
    double *x_b = gc_alloc(n), *y_b = gc_alloc(n + 1), *fd = gc_alloc(n);
    gc_fill(x, n, -1.0, 1.0);
    gc_fill(w, n + 1, -1.0, 1.0);
    f(n, x, yref);
    memcpy(y_b, w, sizeof(double) * (size_t)(n + 1));
    f_b(n, x, x_b, y, y_b);
    snprintf(what, sizeof what, "%s n=%d: y from the gradient vs primal", name, n);
    gc_compare_tol(what, y, yref, n, 1e-13);
    snprintf(what, sizeof what, "%s n=%d: y_b consumed", name, n);
    gc_check_zero(what, y_b, n);
    snprintf(what, sizeof what, "%s n=%d: y_b[n] untouched", name, n);
    gc_check_value(what, y_b[n], w[n], 0.0);
    struct ctx c = {f, n, x, w, gc_alloc(n)};
    gc_fd_grad(eval, &c, x, n, fd);
    snprintf(what, sizeof what, "%s n=%d: x_b vs finite differences", name, n);
    gc_compare(what, x_b, fd, n);
    free(x), free(w), free(y), free(yref), free(x_b), free(y_b), free(fd), free(c.y);
}

int main(void) {
    static const int sizes[] = {1, 2, 5, 8, 13};
    for (uint64_t seed = 1; seed <= 3; seed++) {
        for (int k = 0; k < 5; k++) {
            int n = sizes[k];
            char name[64];
            check_out("backsub", backsub, backsub_b, n, seed);
            check_out("decay", decay, decay_b, n, seed);
            check_out("rows_down", rows_down, rows_down_b, n, seed);
            snprintf(name, sizeof name, "first_peak n=%d", n);
            gc_check_gradient_1(name, first_peak, first_peak_b, n, -1.5, 1.5, seed);
            if (n >= 2) {
                snprintf(name, sizeof name, "cabs2_sum n=%d", n);
                gc_check_gradient_1(name, cabs2_sum, cabs2_sum_b, n, -1.0, 1.0, seed);
                snprintf(name, sizeof name, "strided n=%d", n);
                gc_check_gradient_1(name, strided, strided_b, n, -1.0, 1.0, seed);
            }
        }
    }
    return gc_finish();
}
