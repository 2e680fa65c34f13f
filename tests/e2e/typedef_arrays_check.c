/* Checks the gradients of typedef_arrays.c against central finite
 * differences. */
#include "gradcheck.h"
#include "typedef_arrays.h"

enum { N = 6 };

double bending(int n, const vec3 *v);
double bending_b(int n, const vec3 *v, vec3 *v_b, double seed);
double triple(vec3 a, const vec3 b);
double triple_b(vec3 a, vec3 a_b, const vec3 b, vec3 b_b, double seed);

double basis(const double c[4], double t);
double basis_b(const double c[4], double c_b[4], double t, double *t_b, double seed);

static double eval_basis(void *ctx) {
    double *x = ctx;
    return basis(x, x[4]);
}

static double eval_bending(void *ctx) {
    return bending(N, ctx);
}

static double eval_triple(void *ctx) {
    double *x = ctx;
    return triple(x, x + 3);
}

int main(void) {
    vec3 v[N], v_b[N] = {{0}};
    double fd[3 * N];
    gc_seed(11);
    gc_fill(&v[0][0], 3 * N, -1.0, 1.0);
    bending_b(N, v, v_b, 1.0);
    gc_fd_grad(eval_bending, v, &v[0][0], 3 * N, fd);
    gc_compare("bending_b vs finite differences", &v_b[0][0], fd, 3 * N);
    double x[6], x_b[6] = {0}, fd6[6];
    gc_fill(x, 6, -1.0, 1.0);
    triple_b(x, x_b, x + 3, x_b + 3, 1.0);
    gc_fd_grad(eval_triple, x, x, 6, fd6);
    gc_compare("triple_b vs finite differences", x_b, fd6, 6);
    double y[5], y_b[5] = {0}, fd5[5];
    gc_fill(y, 5, -1.0, 1.0);
    basis_b(y, y_b, y[4], &y_b[4], 1.0);
    gc_fd_grad(eval_basis, y, y, 5, fd5);
    gc_compare("basis_b vs finite differences", y_b, fd5, 5);
    return gc_finish();
}
