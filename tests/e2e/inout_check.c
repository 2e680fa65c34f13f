/* Checks scale_inplace_b and scale_inplace_xonly (generated from inout.c);
 * see inout.c for the convention tested for y_b. */
#include "gradcheck.h"

void scale_inplace(int n, const double *x, double *y);
void scale_inplace_b(int n, const double *x, double *x_b, double *y, double *y_b);
void scale_inplace_xonly(int n, const double *x, double *x_b, double *y, double *y_b);

enum { N = 64 };

struct ctx {
    double *x, *y0, *s, *y;
};

static double eval(void *p) {
    struct ctx *c = p;
    memcpy(c->y, c->y0, sizeof(double) * N);
    scale_inplace(N, c->x, c->y);
    return gc_dot(c->s, c->y, N);
}

int main(void) {
    gc_seed(31);
    double *x = gc_alloc(N), *y0 = gc_alloc(N), *s = gc_alloc(N), *y = gc_alloc(N);
    double *yref = gc_alloc(N), *tmp = gc_alloc(N), *x_b = gc_alloc(N), *y_b = gc_alloc(N);
    double *gx = gc_alloc(N), *fdx = gc_alloc(N), *fdy = gc_alloc(N), *gy = gc_alloc(N);
    gc_fill(x, N, -1.0, 1.0);
    gc_fill(y0, N, -2.0, 2.0);
    gc_fill(s, N, -1.0, 1.0);
    memcpy(yref, y0, sizeof(double) * N);
    scale_inplace(N, x, yref);

    struct ctx c = {x, y0, s, tmp};
    gc_fd_grad(eval, &c, x, N, fdx);
    gc_fd_grad(eval, &c, y0, N, fdy);

    /* wrt(x, y) out(y) */
    memcpy(y, y0, sizeof(double) * N);
    gc_zero(x_b, N);
    memcpy(y_b, s, sizeof(double) * N);
    scale_inplace_b(N, x, x_b, y, y_b);
    gc_compare_tol("y after scale_inplace_b vs primal", y, yref, N, 1e-13);
    memcpy(gx, x_b, sizeof(double) * N);
    memcpy(gy, y_b, sizeof(double) * N);
    gc_compare("x_b vs FD of s.y_out wrt x", gx, fdx, N);
    gc_compare("y_b on exit vs FD of s.y_out wrt y_in", gy, fdy, N);
    gc_check_nonzero("y_b on exit", gy, N);

    /* wrt(x) out(y): the seed is consumed, x_b as before */
    memcpy(y, y0, sizeof(double) * N);
    gc_zero(x_b, N);
    memcpy(y_b, s, sizeof(double) * N);
    scale_inplace_xonly(N, x, x_b, y, y_b);
    gc_compare_tol("y after scale_inplace_xonly vs primal", y, yref, N, 1e-13);
    gc_check_zero("y_b after scale_inplace_xonly (consumed)", y_b, N);
    gc_compare_tol("x_b (xonly) vs x_b (x, y)", x_b, gx, N, GC_RTOL_EXACT);

    free(x), free(y0), free(s), free(y), free(yref), free(tmp), free(x_b), free(y_b);
    free(gx), free(fdx), free(fdy), free(gy);
    return gc_finish();
}
