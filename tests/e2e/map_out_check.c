/* Checks smooth_b (generated from map_out.c): x_b += J^T w for a random seed
 * w in y_b, checked against central finite differences of dot(w, y(x)); y
 * must hold the primal output and y_b must be zero on exit. */
#include "gradcheck.h"

void smooth(int n, const double *x, double *y);
void smooth_b(int n, const double *x, double *x_b, double *y, double *y_b);

enum { N = 100 };

struct ctx {
    double *x, *w, *y;
};

static double eval(void *p) {
    struct ctx *c = p;
    smooth(N, c->x, c->y);
    return gc_dot(c->w, c->y, N);
}

int main(void) {
    gc_seed(8);
    double *x = gc_alloc(N), *w = gc_alloc(N), *y = gc_alloc(N), *yref = gc_alloc(N);
    double *x_b = gc_alloc(N), *y_b = gc_alloc(N), *g = gc_alloc(N), *fd = gc_alloc(N);
    double *tmp = gc_alloc(N);
    gc_fill(x, N, -3.0, 3.0);
    gc_fill(w, N, -1.0, 1.0);
    smooth(N, x, yref);

    gc_fill(y, N, -9.0, 9.0); /* garbage: must be overwritten */
    gc_zero(x_b, N);
    memcpy(y_b, w, sizeof(double) * N);
    smooth_b(N, x, x_b, y, y_b);
    gc_compare_tol("y after smooth_b vs primal", y, yref, N, 1e-13);
    gc_check_zero("y_b after smooth_b (seed consumed)", y_b, N);
    memcpy(g, x_b, sizeof(double) * N);

    struct ctx c = {x, w, tmp};
    gc_fd_grad(eval, &c, x, N, fd);
    gc_compare("x_b vs finite differences of w.y", g, fd, N);
    gc_check_nonzero("x_b", g, N);

    /* second call, seed restored, x_b not zeroed: 2x */
    memcpy(y_b, w, sizeof(double) * N);
    smooth_b(N, x, x_b, y, y_b);
    gc_compare_scaled("x_b after a second call (2x)", x_b, g, 2.0, N);
    gc_check_zero("y_b after the second call", y_b, N);

    /* a unit seed on one output selects one row of the (diagonal) Jacobian */
    gc_zero(x_b, N);
    gc_zero(y_b, N);
    y_b[17] = 1.0;
    smooth_b(N, x, x_b, y, y_b);
    double e[N];
    gc_zero(e, N);
    e[17] = g[17] / w[17];
    gc_compare_tol("x_b for seed e_17", x_b, e, N, 1e-10);

    free(x), free(w), free(y), free(yref), free(x_b), free(y_b), free(g), free(fd), free(tmp);
    return gc_finish();
}
