/* Checks stencil_b (generated from stencil_race.c):
 *  1. against central finite differences of dot(s, y) (n = 50);
 *  2. a stress test for lost updates between threads: many calls at a tiny n
 *     (n = 4, 5, 7: a few iterations per thread, so neighbouring threads
 *     update the same x_b element at the same time). The inputs are small
 *     integers and the coefficients dyadic, so every adjoint is exact in any
 *     summation order and must equal the closed form bit for bit on every
 *     call. With 1 thread this always passes; with 3 threads a racy
 *     accumulation loses updates in a fraction of the calls (about 0.3% of
 *     the calls at n = 4 on a 2-core machine, so 60000 calls fail with
 *     certainty for practical purposes). */
#include "gradcheck.h"

void stencil(int n, const double *x, double *y);
void stencil_b(int n, const double *x, double *x_b, double *y, double *y_b);

enum { N = 50, REPS = 60000 };

struct ctx {
    double *x, *s, *y;
};

static double eval(void *p) {
    struct ctx *c = p;
    stencil(N, c->x, c->y);
    return gc_dot(c->s, c->y, N);
}

static void stress(int n) {
    double x[8], xb[8], y[8], yb[8], ref[8];
    for (int i = 0; i < n; i++)
        x[i] = (double)(i % 4) - 1.0, ref[i] = 0.0;
    for (int i = 1; i < n - 1; i++) {
        double s = (double)(i % 3 + 1);
        ref[i - 1] += 0.25 * s;
        ref[i] += (0.5 + 0.25 * x[i]) * s;
        ref[i + 1] += 1.0 * s;
    }
    long bad = 0;
    for (long r = 0; r < REPS; r++) {
        for (int i = 0; i < n; i++)
            xb[i] = 0.0, yb[i] = (double)(i % 3 + 1);
        stencil_b(n, x, xb, y, yb);
        int ok = 1;
        for (int i = 0; i < n; i++)
            ok &= xb[i] == ref[i];
        if (!ok && bad++ < 3) {
            printf("lost update at n=%d, call %ld:", n, r);
            for (int i = 0; i < n; i++)
                printf(" x_b[%d]=%g (want %g)", i, xb[i], ref[i]);
            printf("\n");
        }
    }
    printf("stress n=%d: %ld of %d calls with a wrong x_b\n", n, bad, REPS);
    gc_count(bad == 0);
}

int main(void) {
    gc_seed(32);
    double *x = gc_alloc(N), *s = gc_alloc(N), *y = gc_alloc(N), *yref = gc_alloc(N);
    double *tmp = gc_alloc(N), *x_b = gc_alloc(N), *y_b = gc_alloc(N), *fd = gc_alloc(N);
    gc_fill(x, N, -1.0, 1.0);
    gc_fill(s, N, -1.0, 1.0);
    stencil(N, x, yref);

    gc_fill(y, N, -9.0, 9.0);
    gc_zero(x_b, N);
    memcpy(y_b, s, sizeof(double) * N);
    stencil_b(N, x, x_b, y, y_b);
    gc_compare_tol("y[1..N-2] after stencil_b vs primal", y + 1, yref + 1, N - 2, 1e-13);
    /* only the written elements: y[0] and y[N-1] are not written by stencil
     * (their seeds are the subject of out_partial.c) */
    gc_check_zero("y_b[1..N-2] after stencil_b (consumed)", y_b + 1, N - 2);
    struct ctx c = {x, s, tmp};
    gc_fd_grad(eval, &c, x, N, fd);
    gc_compare("x_b vs finite differences of s.y", x_b, fd, N);
    gc_check_nonzero("x_b", x_b, N);

    stress(4);
    stress(5);
    stress(7);

    free(x), free(s), free(y), free(yref), free(tmp), free(x_b), free(y_b), free(fd);
    return gc_finish();
}
