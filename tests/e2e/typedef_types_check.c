/* Checks weighted_b (typedef and macro types in the signature): x_b and A_b
 * against central finite differences. */
#include "gradcheck.h"

enum { N = 4 };

double weighted(int n, const double *x, double A[n][n], const double w[n]);
double weighted_b(int n, const double *x, double *x_b, double A[n][n], double A_b[n][n],
                  const double w[n], double weighted_b_seed);

struct ctx {
    double *x, *A, *w;
};

static double eval(void *p) {
    struct ctx *c = p;
    return weighted(N, c->x, (double(*)[N])c->A, c->w);
}

int main(void) {
    gc_seed(5);
    double *x = gc_alloc(N), *A = gc_alloc(N * N), *w = gc_alloc(N);
    double *x_b = gc_alloc(N), *A_b = gc_alloc(N * N), *fd = gc_alloc(N * N);
    gc_fill(x, N, -1.0, 1.0);
    gc_fill(A, N * N, -1.0, 1.0);
    gc_fill(w, N, -1.0, 1.0);
    double want = eval(&(struct ctx){x, A, w});
    double got = weighted_b(N, x, x_b, (double(*)[N])A, (double(*)[N])A_b, w, 1.0);
    gc_check_value("weighted: return value", got, want, GC_RTOL_EXACT);
    struct ctx c = {x, A, w};
    gc_fd_grad(eval, &c, x, N, fd);
    gc_compare("x_b vs finite differences", x_b, fd, N);
    gc_fd_grad(eval, &c, A, N * N, fd);
    gc_compare("A_b vs finite differences", A_b, fd, N * N);
    free(x), free(A), free(w), free(x_b), free(A_b), free(fd);
    return gc_finish();
}
