/* Checks mlp_b (nested maps whose adjoint accumulates per outer index; few
 * samples, many hidden units: every sample is split between threads)
 * against central finite differences (the input gradient, X_b, that raced). */
#include "gradcheck.h"

enum { N = 2, D = 5, H = 3001 };

double mlp(int n, const double *X, const double *W1, const double *w2);
double mlp_b(int n, const double *X, double *X_b, const double *W1, const double *w2,
             double mlp_b_seed);

struct ctx {
    double *X, *W1, *w2;
};

static double eval(void *p) {
    struct ctx *c = p;
    return mlp(N, c->X, c->W1, c->w2);
}

int main(void) {
    gc_seed(31);
    double *X = gc_alloc(N * D), *W1 = gc_alloc(D * H), *w2 = gc_alloc(H);
    double *X_b = gc_alloc(N * D), *fd = gc_alloc(N * D);
    gc_fill(X, N * D, -1.0, 1.0);
    gc_fill(W1, D * H, -1.0, 1.0);
    gc_fill(w2, H, -1.0, 1.0);
    double want = mlp(N, X, W1, w2);
    double got = mlp_b(N, X, X_b, W1, w2, 1.0);
    gc_check_value("mlp: return value", got, want, GC_RTOL_EXACT);
    struct ctx c = {X, W1, w2};
    gc_fd_grad(eval, &c, X, N * D, fd);
    gc_compare("X_b vs finite differences", X_b, fd, N * D);
    gc_check_nonzero("X_b", X_b, N * D);
    free(X), free(W1), free(w2), free(X_b), free(fd);
    return gc_finish();
}
