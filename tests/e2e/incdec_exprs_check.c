/* Checks the gradients of incdec_exprs.c (++, -- and assignments inside
 * expressions: loop conditions, running indices, compaction) against
 * central finite differences. */
#include "gradcheck.h"

double down(int n, const double *x);
double down_b(int n, const double *x, double *x_b, double seed);
double countdown(int n, const double *x);
double countdown_b(int n, const double *x, double *x_b, double seed);
double compact(int n, const double *x);
double compact_b(int n, const double *x, double *x_b, double seed);
double stream(int n, const double *x);
double stream_b(int n, const double *x, double *x_b, double seed);
double assigned(int n, const double *x);
double assigned_b(int n, const double *x, double *x_b, double seed);
double bins(int n, const double *x, double *y);
double bins_b(int n, const double *x, double *x_b, double *y, double *y_b, double seed);

typedef double (*fn)(int, const double *);
typedef double (*fn_b)(int, const double *, double *, double);

struct ctx {
    int n;
    fn f;
    double *x, *y, *ywork;
};

static double eval(void *p) {
    struct ctx *c = p;
    return c->f(c->n, c->x);
}

static double eval_bins(void *p) {
    struct ctx *c = p;
    memcpy(c->ywork, c->y, sizeof(double) * 3);
    return bins(c->n, c->x, c->ywork);
}

static void check(const char *name, fn f, fn_b fb, int n) {
    double *x = gc_alloc(n), *g = gc_alloc(n), *fd = gc_alloc(n);
    gc_fill(x, n, -1.5, 1.5);
    struct ctx c = {n, f, x, NULL, NULL};
    gc_zero(g, n);
    double r = fb(n, x, g, 1.0);
    char what[96];
    snprintf(what, sizeof what, "%s_b return value", name);
    gc_check_value(what, r, f(n, x), GC_RTOL_EXACT);
    gc_fd_grad(eval, &c, x, n, fd);
    snprintf(what, sizeof what, "%s: x_b vs finite differences", name);
    gc_compare(what, g, fd, n);
    snprintf(what, sizeof what, "%s: x_b", name);
    gc_check_nonzero(what, g, n);
    free(x), free(g), free(fd);
}

static void check_bins(int n) {
    double *x = gc_alloc(n), *gx = gc_alloc(n), *fdx = gc_alloc(n);
    double y[3], yw[3], gy[3], fdy[3];
    gc_fill(x, n, -1.5, 1.5);
    gc_fill(y, 3, -1.0, 1.0);
    struct ctx c = {n, NULL, x, y, yw};
    double want = eval_bins(&c);
    memcpy(yw, y, sizeof y);
    gc_zero(gx, n);
    gc_zero(gy, 3); /* the final y's seed: 0, the return's 1 */
    double r = bins_b(n, x, gx, yw, gy, 1.0);
    gc_check_value("bins_b return value", r, want, GC_RTOL_EXACT);
    gc_fd_grad(eval_bins, &c, x, n, fdx);
    gc_fd_grad(eval_bins, &c, y, 3, fdy);
    gc_compare("bins: x_b vs finite differences", gx, fdx, n);
    gc_compare("bins: y_b vs finite differences", gy, fdy, 3);
    free(x), free(gx), free(fdx);
}

int main(void) {
    gc_seed(3);
    int sizes[] = {1, 2, 7, 100};
    for (int s = 0; s < 4; s++) {
        int n = sizes[s];
        check("down", down, down_b, n);
        check("countdown", countdown, countdown_b, n);
        check("stream", stream, stream_b, n + (n % 2));
        check("assigned", assigned, assigned_b, n);
        if (n > 2)
            check("compact", compact, compact_b, n);
        check_bins(n);
    }
    return gc_finish();
}
