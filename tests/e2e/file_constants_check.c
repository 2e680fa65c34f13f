/* Checks smooth_quadrature_b (file_constants.c) against central finite
 * differences in x and in the initial u (which the function overwrites). */
#include "gradcheck.h"

double smooth_quadrature(int n, const double *x, double *u);
double smooth_quadrature_b(int n, const double *x, double *x_b, double *u, double *u_b,
                           double seed);

struct ctx {
    int n;
    double *x, *u0, *u;
};

static double eval(void *p) {
    struct ctx *c = p;
    memcpy(c->u, c->u0, sizeof(double) * (size_t)c->n);
    return smooth_quadrature(c->n, c->x, c->u);
}

int main(void) {
    static const int sizes[] = {3, 5, 13, 30};
    gc_seed(83);
    for (int k = 0; k < 4; k++) {
        int n = sizes[k];
        struct ctx c = {n, gc_alloc(n), gc_alloc(n), gc_alloc(n)};
        double *x_b = gc_alloc(n), *u_b = gc_alloc(n), *fd = gc_alloc(n);
        gc_fill(c.x, n, -1.0, 1.0);
        gc_fill(c.u0, n, -1.0, 1.0);
        double f = eval(&c);
        memcpy(c.u, c.u0, sizeof(double) * (size_t)n);
        double r = smooth_quadrature_b(n, c.x, x_b, c.u, u_b, 1.0);
        gc_check_value("smooth_quadrature_b return value", r, f, GC_RTOL_EXACT);
        gc_fd_grad(eval, &c, c.x, n, fd);
        gc_compare("x_b vs finite differences", x_b, fd, n);
        gc_check_nonzero("x_b", x_b, n);
        gc_fd_grad(eval, &c, c.u0, n, fd);
        gc_compare("u_b vs finite differences", u_b, fd, n);
        free(c.x), free(c.u0), free(c.u), free(x_b), free(u_b), free(fd);
    }
    return gc_finish();
}
