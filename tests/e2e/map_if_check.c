/* Checks map_if_b (generated from map_if.c): x_b, w_b += J^T s for a random
 * seed s in y_b, against central finite differences of dot(s, y). The driver
 * requires both branches to be taken several times and no condition within
 * reach of the FD steps. x has n+1 entries (the else branch reads x[i+1]). */
#include "gradcheck.h"

void map_if(int n, const double *x, const double *w, double *y);
void map_if_b(int n, const double *x, double *x_b, const double *w, double *w_b, double *y,
              double *y_b);

enum { N = 80 };

struct ctx {
    double *x, *w, *s, *y;
};

static double eval(void *p) {
    struct ctx *c = p;
    map_if(N, c->x, c->w, c->y);
    return gc_dot(c->s, c->y, N);
}

int main(void) {
    gc_seed(28);
    double *x = gc_alloc(N + 1), *w = gc_alloc(N), *s = gc_alloc(N), *y = gc_alloc(N);
    double *yref = gc_alloc(N), *tmp = gc_alloc(N), *x_b = gc_alloc(N + 1), *w_b = gc_alloc(N);
    double *y_b = gc_alloc(N), *gx = gc_alloc(N + 1), *gw = gc_alloc(N);
    double *fdx = gc_alloc(N + 1), *fdw = gc_alloc(N);
    gc_fill(x, N + 1, 0.2, 2.0);
    gc_fill(w, N, -1.0, 1.0);
    gc_fill(s, N, -1.0, 1.0);
    int taken = 0;
    double margin = INFINITY;
    for (int i = 0; i < N; i++) {
        double t = w[i] * x[i];
        taken += t > 0.1;
        margin = fmin(margin, fabs(t - 0.1));
    }
    printf("then-branch taken %d of %d, margin %.3g\n", taken, N, margin);
    gc_require(taken >= 5 && N - taken >= 5, "both branches are taken");
    gc_require(margin > 1e-4, "no condition within 1e-4 of its threshold");
    map_if(N, x, w, yref);

    gc_fill(y, N, -9.0, 9.0);
    gc_zero(x_b, N + 1);
    gc_zero(w_b, N);
    memcpy(y_b, s, sizeof(double) * N);
    map_if_b(N, x, x_b, w, w_b, y, y_b);
    gc_compare_tol("y after map_if_b vs primal", y, yref, N, 1e-13);
    gc_check_zero("y_b after map_if_b (consumed)", y_b, N);
    memcpy(gx, x_b, sizeof(double) * (N + 1));
    memcpy(gw, w_b, sizeof(double) * N);

    struct ctx c = {x, w, s, tmp};
    gc_fd_grad(eval, &c, x, N + 1, fdx);
    gc_fd_grad(eval, &c, w, N, fdw);
    gc_compare("x_b vs finite differences of s.y", gx, fdx, N + 1);
    gc_compare("w_b vs finite differences of s.y", gw, fdw, N);
    gc_check_nonzero("x_b", gx, N + 1);
    gc_check_nonzero("w_b", gw, N);

    memcpy(y_b, s, sizeof(double) * N);
    map_if_b(N, x, x_b, w, w_b, y, y_b);
    gc_compare_scaled("x_b after a second call (2x)", x_b, gx, 2.0, N + 1);
    gc_compare_scaled("w_b after a second call (2x)", w_b, gw, 2.0, N);

    free(x), free(w), free(s), free(y), free(yref), free(tmp), free(x_b), free(w_b), free(y_b);
    free(gx), free(gw), free(fdx), free(fdw);
    return gc_finish();
}
