/* Checks horner_sum_b (generated from horner_reduce.c) against central finite
 * differences, plus a hand-written adjoint of the Horner loop. */
#include "gradcheck.h"

double horner_sum(int n, int deg, const double *c, const double *x);
double horner_sum_b(int n, int deg, const double *c, double *c_b, const double *x, double *x_b,
                    double horner_sum_b_seed);

enum { N = 60, DEG = 5 };

struct ctx {
    double *c, *x;
};

static double eval(void *p) {
    struct ctx *q = p;
    return horner_sum(N, DEG, q->c, q->x);
}

/* hand-written gradient: p = sum_k c[k] x^(deg-k), dp/dx by Horner too */
static void hand(const double *c, const double *x, double *hc, double *hx) {
    for (int k = 0; k <= DEG; k++)
        hc[k] = 0.0;
    for (int i = 0; i < N; i++) {
        double p = c[0], dp = 0.0;
        for (int k = 1; k <= DEG; k++) {
            dp = dp * x[i] + p;
            p = p * x[i] + c[k];
        }
        hx[i] = 2.0 * p * dp;
        for (int k = 0; k <= DEG; k++)
            hc[k] += 2.0 * p * pow(x[i], DEG - k);
    }
}

int main(void) {
    gc_seed(27);
    double c[DEG + 1], c_b[DEG + 1], gcv[DEG + 1], fdc[DEG + 1], hc[DEG + 1];
    double *x = gc_alloc(N), *x_b = gc_alloc(N), *gx = gc_alloc(N), *fdx = gc_alloc(N);
    double *hx = gc_alloc(N);
    gc_fill(c, DEG + 1, -1.0, 1.0);
    gc_fill(x, N, -1.2, 1.2);
    double f = horner_sum(N, DEG, c, x);

    gc_zero(c_b, DEG + 1);
    gc_zero(x_b, N);
    double r = horner_sum_b(N, DEG, c, c_b, x, x_b, 1.0);
    gc_check_value("horner_sum_b return value", r, f, GC_RTOL_EXACT);
    memcpy(gcv, c_b, sizeof c_b);
    memcpy(gx, x_b, sizeof(double) * N);

    struct ctx q = {c, x};
    gc_fd_grad(eval, &q, c, DEG + 1, fdc);
    gc_fd_grad(eval, &q, x, N, fdx);
    gc_compare("c_b vs finite differences", gcv, fdc, DEG + 1);
    gc_compare("x_b vs finite differences", gx, fdx, N);
    hand(c, x, hc, hx);
    gc_compare_tol("c_b vs hand-written adjoint", gcv, hc, DEG + 1, 1e-10);
    gc_compare_tol("x_b vs hand-written adjoint", gx, hx, N, 1e-10);
    gc_check_nonzero("c_b", gcv, DEG + 1);
    gc_check_nonzero("x_b", gx, N);

    horner_sum_b(N, DEG, c, c_b, x, x_b, 1.0);
    gc_compare_scaled("c_b after a second call (2x)", c_b, gcv, 2.0, DEG + 1);
    gc_compare_scaled("x_b after a second call (2x)", x_b, gx, 2.0, N);

    free(x), free(x_b), free(gx), free(fdx), free(hx);
    return gc_finish();
}
