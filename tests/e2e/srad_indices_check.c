/* Checks srad_b (generated from srad_indices.c) against central finite
 * differences of w.J_out wrt the image J and lambda, for 1 and 2
 * iterations; J after the gradient against the primal's. */
#include "gradcheck.h"

enum { R = 6, C = 5, NJ = R * C };

void srad(int rows, int cols, int r1, int r2, int c1, int c2, int niter, double lambda, double *J,
          double *c, double *dN, double *dS, double *dW, double *dE, int *iN, int *iS, int *jW,
          int *jE);
void srad_b(int rows, int cols, int r1, int r2, int c1, int c2, int niter, double lambda,
            double *lambda_b, double *J, double *J_b, double *c, double *dN, double *dS, double *dW,
            double *dE, int *iN, int *iS, int *jW, int *jE);

static double c[NJ], dN[NJ], dS[NJ], dW[NJ], dE[NJ];
static int iN[R], iS[R], jW[C], jE[C];

struct ctx {
    double *v, *w, *J; /* J0 then lambda; the weights of J_out; J's copy */
    int niter;
};

static double eval(void *q) {
    struct ctx *x = q;
    memcpy(x->J, x->v, sizeof(double) * NJ);
    srad(R, C, 1, 3, 0, 4, x->niter, x->v[NJ], x->J, c, dN, dS, dW, dE, iN, iS, jW, jE);
    return gc_dot(x->w, x->J, NJ);
}

int main(void) {
    for (int i = 0; i < R; i++)
        iN[i] = i == 0 ? 0 : i - 1, iS[i] = i == R - 1 ? R - 1 : i + 1;
    for (int j = 0; j < C; j++)
        jW[j] = j == 0 ? 0 : j - 1, jE[j] = j == C - 1 ? C - 1 : j + 1;
    gc_seed(12);
    double *v = gc_alloc(NJ + 1), *w = gc_alloc(NJ), *J = gc_alloc(NJ), *ref = gc_alloc(NJ);
    double *fd = gc_alloc(NJ + 1), *g = gc_alloc(NJ + 1);
    for (int i = 0; i < NJ; i++)
        v[i] = exp(gc_uniform(0.0, 1.0)); /* an image: positive */
    v[NJ] = 0.5;                          /* lambda */
    gc_fill(w, NJ, -1.0, 1.0);
    for (int niter = 1; niter <= 2; niter++) {
        struct ctx x = {v, w, J, niter};
        gc_fd_grad(eval, &x, v, NJ + 1, fd);
        eval(&x);
        memcpy(ref, J, sizeof(double) * NJ);
        memcpy(J, v, sizeof(double) * NJ);
        memcpy(g, w, sizeof(double) * NJ); /* the seed of J_out */
        g[NJ] = 0.0;
        srad_b(R, C, 1, 3, 0, 4, niter, v[NJ], &g[NJ], J, g, c, dN, dS, dW, dE, iN, iS, jW, jE);
        gc_compare_tol("J after srad_b vs the primal's", J, ref, NJ, 1e-13);
        gc_compare("J_b, lambda_b vs FD", g, fd, NJ + 1);
        gc_check_nonzero("J_b, lambda_b", g, NJ + 1);
    }
    free(v), free(w), free(J), free(ref), free(fd), free(g);
    return gc_finish();
}
