/* Checks array_recur_b (generated from array_recur.c): a_b, x_b += J^T w for
 * a random seed w in y_b (a lower-triangular Jacobian), against central finite
 * differences of dot(w, y); y holds the primal output, y_b is consumed. A unit
 * seed on the last element checks the full chain back to x[0]. */
#include "gradcheck.h"

void array_recur(int n, const double *a, const double *x, double *y);
void array_recur_b(int n, const double *a, double *a_b, const double *x, double *x_b, double *y,
                   double *y_b);

enum { N = 50 };

struct ctx {
    double *a, *x, *w, *y;
};

static double eval(void *p) {
    struct ctx *c = p;
    array_recur(N, c->a, c->x, c->y);
    return gc_dot(c->w, c->y, N);
}

int main(void) {
    gc_seed(24);
    double *a = gc_alloc(N), *x = gc_alloc(N), *w = gc_alloc(N), *y = gc_alloc(N);
    double *yref = gc_alloc(N), *tmp = gc_alloc(N), *a_b = gc_alloc(N), *x_b = gc_alloc(N);
    double *y_b = gc_alloc(N), *ga = gc_alloc(N), *gx = gc_alloc(N), *fda = gc_alloc(N);
    double *fdx = gc_alloc(N);
    gc_fill(a, N, 0.6, 1.0);
    gc_fill(x, N, -1.0, 1.0);
    gc_fill(w, N, -1.0, 1.0);
    array_recur(N, a, x, yref);

    gc_fill(y, N, -9.0, 9.0);
    gc_zero(a_b, N);
    gc_zero(x_b, N);
    memcpy(y_b, w, sizeof(double) * N);
    array_recur_b(N, a, a_b, x, x_b, y, y_b);
    gc_compare_tol("y after array_recur_b vs primal", y, yref, N, 1e-13);
    gc_check_zero("y_b after array_recur_b (consumed)", y_b, N);
    memcpy(ga, a_b, sizeof(double) * N);
    memcpy(gx, x_b, sizeof(double) * N);

    struct ctx c = {a, x, w, tmp};
    gc_fd_grad(eval, &c, a, N, fda);
    gc_fd_grad(eval, &c, x, N, fdx);
    gc_compare("a_b vs finite differences of w.y", ga, fda, N);
    gc_compare("x_b vs finite differences of w.y", gx, fdx, N);
    gc_check_nonzero("a_b", ga, N);
    gc_check_nonzero("x_b", gx, N);
    gc_check_zero("a_b[0] (a[0] is never read)", ga, 1);

    /* seed e_{N-1}: x_b[0] = d y[N-1] / d x[0], FD on the last output only */
    double *e = gc_alloc(N);
    gc_zero(e, N);
    e[N - 1] = 1.0;
    gc_zero(a_b, N);
    gc_zero(x_b, N);
    memcpy(y_b, e, sizeof(double) * N);
    array_recur_b(N, a, a_b, x, x_b, y, y_b);
    c.w = e;
    gc_fd_grad(eval, &c, x, N, fdx);
    gc_compare("x_b for seed e_{N-1} vs FD of y[N-1]", x_b, fdx, N);
    gc_check_zero("y_b after the seed e_{N-1} call", y_b, N);

    free(a), free(x), free(w), free(y), free(yref), free(tmp), free(a_b), free(x_b), free(y_b);
    free(ga), free(gx), free(fda), free(fdx), free(e);
    return gc_finish();
}
