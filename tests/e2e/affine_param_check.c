/* Checks affine_b (generated from affine_param.c): with seed s in y_b,
 * alpha_b += sum_i s_i dy_i/dalpha, beta_b += sum_i s_i dy_i/dbeta, against
 * central finite differences of dot(s, y) and against the closed form. */
#include "gradcheck.h"

void affine(int n, double alpha, double beta, const double *x, double *y);
void affine_b(int n, double alpha, double *alpha_b, double beta, double *beta_b, const double *x,
              double *x_b, double *y, double *y_b);

enum { N = 1000 };

struct ctx {
    double *alpha, *beta, *x, *s, *y;
};

static double eval(void *p) {
    struct ctx *c = p;
    affine(N, *c->alpha, *c->beta, c->x, c->y);
    return gc_dot(c->s, c->y, N);
}

int main(void) {
    gc_seed(29);
    double alpha = 1.3, beta = -0.4, alpha_b, beta_b;
    double *x = gc_alloc(N), *s = gc_alloc(N), *y = gc_alloc(N), *yref = gc_alloc(N);
    double *tmp = gc_alloc(N), *x_b = gc_alloc(N), *y_b = gc_alloc(N), *gx = gc_alloc(N);
    double *fdx = gc_alloc(N);
    gc_fill(x, N, -1.0, 1.0);
    gc_fill(s, N, -1.0, 1.0);
    affine(N, alpha, beta, x, yref);

    gc_fill(y, N, -9.0, 9.0);
    gc_zero(x_b, N);
    alpha_b = 0.0, beta_b = 0.0;
    memcpy(y_b, s, sizeof(double) * N);
    affine_b(N, alpha, &alpha_b, beta, &beta_b, x, x_b, y, y_b);
    gc_compare_tol("y after affine_b vs primal", y, yref, N, 1e-13);
    gc_check_zero("y_b after affine_b (consumed)", y_b, N);
    memcpy(gx, x_b, sizeof(double) * N);
    double ga = alpha_b, gb = beta_b;

    /* closed form */
    double wa = 0.0, wb = 0.0, cab = cos(alpha * beta);
    for (int i = 0; i < N; i++) {
        wa += s[i] * (x[i] + 0.1 * cab * beta * x[i] * x[i]);
        wb += s[i] * (1.0 + 0.1 * cab * alpha * x[i] * x[i]);
    }
    gc_check_value("alpha_b vs closed form", ga, wa, 1e-11);
    gc_check_value("beta_b vs closed form", gb, wb, 1e-11);

    struct ctx c = {&alpha, &beta, x, s, tmp};
    double fda, fdb;
    gc_fd_grad(eval, &c, x, N, fdx);
    gc_fd_grad(eval, &c, &alpha, 1, &fda);
    gc_fd_grad(eval, &c, &beta, 1, &fdb);
    gc_compare("x_b vs finite differences of s.y", gx, fdx, N);
    gc_compare("alpha_b vs finite differences", &ga, &fda, 1);
    gc_compare("beta_b vs finite differences", &gb, &fdb, 1);
    gc_check_nonzero("x_b", gx, N);

    /* accumulation from the caller's values */
    alpha_b = 3.0, beta_b = -2.0;
    memcpy(y_b, s, sizeof(double) * N);
    affine_b(N, alpha, &alpha_b, beta, &beta_b, x, x_b, y, y_b);
    double wa2 = 3.0 + ga, wb2 = -2.0 + gb;
    gc_compare_tol("alpha_b accumulated from 3", &alpha_b, &wa2, 1, GC_RTOL_EXACT);
    gc_compare_tol("beta_b accumulated from -2", &beta_b, &wb2, 1, GC_RTOL_EXACT);
    gc_compare_scaled("x_b after a second call (2x)", x_b, gx, 2.0, N);

    free(x), free(s), free(y), free(yref), free(tmp), free(x_b), free(y_b), free(gx), free(fdx);
    return gc_finish();
}
