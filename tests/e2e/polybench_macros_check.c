/* Checks kernel_mvt_b (generated from polybench_macros.c) against central
 * finite differences of s1.x1_out + s2.x2_out wrt the inputs x1, x2, y_1,
 * y_2 and A; x1 and x2 after the gradient against the primal's. */
#include "gradcheck.h"

enum { N = 40, NV = 4 * N + N * N }; /* x1, x2, y_1, y_2, then A */

void kernel_mvt(int n, double x1[n], double x2[n], double y_1[n], double y_2[n], double A[n][n]);
void kernel_mvt_b(int n, double x1[n], double x1_b[n], double x2[n], double x2_b[n], double y_1[n],
                  double y_1_b[n], double y_2[n], double y_2_b[n], double A[n][n],
                  double A_b[n][n]);

struct ctx {
    double *v, *s, *w; /* inputs; seeds; a copy the primal overwrites */
};

static double eval(void *q) {
    struct ctx *c = q;
    memcpy(c->w, c->v, sizeof(double) * NV);
    double *w = c->w;
    kernel_mvt(N, w, w + N, w + 2 * N, w + 3 * N, (double(*)[N])(w + 4 * N));
    return gc_dot(c->s, w, 2 * N);
}

int main(void) {
    gc_seed(40);
    double *v = gc_alloc(NV), *s = gc_alloc(2 * N), *w = gc_alloc(NV), *fd = gc_alloc(NV);
    double *g = gc_alloc(NV), *ref = gc_alloc(NV);
    gc_fill(v, NV, -1.0, 1.0);
    gc_fill(s, 2 * N, -1.0, 1.0);
    struct ctx c = {v, s, w};
    gc_fd_grad(eval, &c, v, NV, fd);

    memcpy(ref, v, sizeof(double) * NV);
    kernel_mvt(N, ref, ref + N, ref + 2 * N, ref + 3 * N, (double(*)[N])(ref + 4 * N));
    memcpy(w, v, sizeof(double) * NV);
    memcpy(g, s, sizeof(double) * 2 * N); /* the seeds of x1 and x2 */
    kernel_mvt_b(N, w, g, w + N, g + N, w + 2 * N, g + 2 * N, w + 3 * N, g + 3 * N,
                 (double(*)[N])(w + 4 * N), (double(*)[N])(g + 4 * N));
    gc_compare_tol("x1, x2 after kernel_mvt_b vs the primal's", w, ref, 2 * N, 1e-13);
    gc_compare("the adjoints vs FD", g, fd, NV);
    gc_check_nonzero("the adjoints", g, NV);

    free(v), free(s), free(w), free(fd), free(g), free(ref);
    return gc_finish();
}
