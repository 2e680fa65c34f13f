/* Checks branchy_b (generated from branches.c) against central finite
 * differences. The driver replays the branch conditions to require that every
 * branch is taken and that no condition is within reach of the finite
 * difference steps (the function is only piecewise smooth). */
#include "gradcheck.h"

double branchy(int n, int m, const double *W, const double *x);
double branchy_b(int n, int m, const double *W, double *W_b, const double *x, double *x_b,
                 double branchy_b_seed);

enum { N = 40, M = 8 };

struct ctx {
    double *W, *x;
};

static double eval(void *p) {
    struct ctx *c = p;
    return branchy(N, M, c->W, c->x);
}

/* Branch counts: t>0, -0.5<t<=0, t<=-0.5, r>0, r<=0, v>0.3, v<=0.3.
 * Returns the smallest distance of a condition's operand to its threshold. */
static double branch_margin(const double *W, const double *x, int count[7]) {
    double margin = INFINITY;
    for (int q = 0; q < 7; q++)
        count[q] = 0;
    for (int i = 0; i < N; i++) {
        double r = 0.0;
        for (int j = 0; j < M; j++) {
            double t = W[i * M + j] * x[j];
            margin = fmin(margin, fmin(fabs(t), fabs(t + 0.5)));
            if (t > 0.0)
                count[0]++, r += t * t;
            else if (t > -0.5)
                count[1]++, r += sin(t);
            else
                count[2]++, r += -0.5 * t * x[j];
        }
        margin = fmin(margin, fabs(r));
        double v = r > 0.0 ? (count[3]++, log1p(r)) : (count[4]++, 0.5 * r * r);
        margin = fmin(margin, fabs(v - 0.3));
        if (v > 0.3)
            count[5]++;
        else
            count[6]++;
    }
    return margin;
}

int main(void) {
    enum { NW = N * M };
    gc_seed(9);
    double *W = gc_alloc(NW), *x = gc_alloc(M);
    double *W_b = gc_alloc(NW), *x_b = gc_alloc(M), *gW = gc_alloc(NW), *gx = gc_alloc(M);
    double *fdW = gc_alloc(NW), *fdx = gc_alloc(M);
    gc_fill(W, NW, -1.0, 1.0);
    gc_fill(x, M, -1.5, 1.5);
    int count[7];
    double margin = branch_margin(W, x, count);
    printf("branch counts:");
    for (int q = 0; q < 7; q++) {
        printf(" %d", count[q]);
        gc_require(count[q] >= 2, "every branch is taken at least twice");
    }
    printf(", margin %.3g\n", margin);
    gc_require(margin > 1e-4, "no branch condition is within 1e-4 of its threshold");
    double f = branchy(N, M, W, x);

    gc_zero(W_b, NW);
    gc_zero(x_b, M);
    double r = branchy_b(N, M, W, W_b, x, x_b, 1.0);
    gc_check_value("branchy_b return value", r, f, GC_RTOL_EXACT);
    memcpy(gW, W_b, sizeof(double) * NW);
    memcpy(gx, x_b, sizeof(double) * M);

    struct ctx c = {W, x};
    gc_fd_grad(eval, &c, W, NW, fdW);
    gc_fd_grad(eval, &c, x, M, fdx);
    gc_compare("W_b vs finite differences", gW, fdW, NW);
    gc_compare("x_b vs finite differences", gx, fdx, M);
    gc_check_nonzero("W_b", gW, NW);
    gc_check_nonzero("x_b", gx, M);

    branchy_b(N, M, W, W_b, x, x_b, 1.0);
    gc_compare_scaled("W_b after a second call (2x)", W_b, gW, 2.0, NW);
    gc_compare_scaled("x_b after a second call (2x)", x_b, gx, 2.0, M);

    gc_zero(W_b, NW);
    gc_zero(x_b, M);
    branchy_b(N, M, W, W_b, x, x_b, 1.25);
    gc_compare_scaled("W_b with seed 1.25", W_b, gW, 1.25, NW);
    gc_compare_scaled("x_b with seed 1.25", x_b, gx, 1.25, M);

    free(W), free(x), free(W_b), free(x_b), free(gW), free(gx), free(fdW), free(fdx);
    return gc_finish();
}
