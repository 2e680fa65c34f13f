/* Hand-written gradient of heat2d (heat2d.c) wrt the initial grid u.
 *
 * The step is linear in the grid and r is passive, so the adjoint needs no
 * primal value: no tape, no checkpoints. The forward sweeps run as in the
 * primal (the gradient also returns the primal value and leaves the final
 * grid in u). The return sweep is the transposed stencil, applied 2T times
 * as a gather: each interior point's adjoint is written (not added) from
 * its own and its four neighbours' adjoints,
 *   dst[i][j] = (1 - 4r) src[i][j] + r (src[i-1][j] + src[i+1][j] + src[i][j-1] + src[i][j+1]),
 * in two ping-pong buffers whose boundary stays zero (the boundary values
 * are not written by the steps, so their adjoints are not propagated by
 * them). The boundary, read by every sweep, gathers r times the adjoint of
 * its interior neighbour into u_b directly, by the rows next to it (each
 * element updated by one row's iteration: no atomics). The last sweep adds
 * into u_b's interior instead of a buffer. One parallel region for all
 * sweeps, rows split statically as in the primal. */
#include <stdlib.h>

/* dst[i][1..n-2] from src's rows i-1, i, i+1 (the stencil, forward or
 * transposed: it is symmetric) */
static inline void row_stencil(int n, double r, const double *restrict up,
                               const double *restrict mid, const double *restrict dn,
                               double *restrict dst) {
    const double c = 1.0 - 4.0 * r;
#pragma omp simd
    for (int j = 1; j < n - 1; j++)
        dst[j] = c * mid[j] + r * (up[j] + dn[j] + mid[j - 1] + mid[j + 1]);
}

/* the forward step as the primal writes it (bit-identical results) */
static inline void row_forward(int n, double r, const double *restrict up,
                               const double *restrict mid, const double *restrict dn,
                               double *restrict dst) {
#pragma omp simd
    for (int j = 1; j < n - 1; j++)
        dst[j] = mid[j] + r * (up[j] + dn[j] + mid[j - 1] + mid[j + 1] - 4.0 * mid[j]);
}

/* u_b's boundary next to interior row i gathers r src[i][...] */
static inline void row_boundary(int n, double r, int i, const double *restrict src,
                                double *restrict u_b) {
    const double *s = src + (long)i * n;
    u_b[(long)i * n] += r * s[1];
    u_b[(long)i * n + n - 1] += r * s[n - 2];
    if (i == 1)
#pragma omp simd
        for (int j = 1; j < n - 1; j++)
            u_b[j] += r * s[j];
    if (i == n - 2)
#pragma omp simd
        for (int j = 1; j < n - 1; j++)
            u_b[(long)(n - 1) * n + j] += r * s[j];
}

double heat2d_manual_b(int n, int T, double r, double *u, double *u_b, const double *w,
                       double seed) {
    const long nn = (long)n * n;
    double *v = malloc(sizeof(double) * nn);
    double *p = malloc(sizeof(double) * nn), *q = malloc(sizeof(double) * nn);
    double s = 0.0;
    const double c = 1.0 - 4.0 * r;

#pragma omp parallel reduction(+ : s)
    {
        /* v's boundary from u's; the adjoint buffers' boundaries zero */
#pragma omp for schedule(static)
        for (int i = 0; i < n; i++) {
            const long o = (long)i * n;
            if (i == 0 || i == n - 1) {
                for (int j = 0; j < n; j++) {
                    v[o + j] = u[o + j];
                    p[o + j] = q[o + j] = 0.0;
                }
            } else {
                v[o] = u[o];
                v[o + n - 1] = u[o + n - 1];
                p[o] = p[o + n - 1] = q[o] = q[o + n - 1] = 0.0;
            }
        }

        /* forward: 2T sweeps, as the primal */
        for (int t = 0; t < T; t++) {
#pragma omp for schedule(static)
            for (int i = 1; i < n - 1; i++)
                row_forward(n, r, u + (long)(i - 1) * n, u + (long)i * n, u + (long)(i + 1) * n,
                            v + (long)i * n);
#pragma omp for schedule(static)
            for (int i = 1; i < n - 1; i++)
                row_forward(n, r, v + (long)(i - 1) * n, v + (long)i * n, v + (long)(i + 1) * n,
                            u + (long)i * n);
        }

        /* the primal value; the final grid's adjoint seed * w: its interior
         * into p, its boundary (never written) straight into u_b */
#pragma omp for schedule(static)
        for (int i = 0; i < n; i++) {
            const long o = (long)i * n;
            double si = 0.0;
            for (int j = 0; j < n; j++)
                si += w[o + j] * u[o + j];
            s += si;
            if (i == 0 || i == n - 1) {
#pragma omp simd
                for (int j = 0; j < n; j++)
                    u_b[o + j] += seed * w[o + j];
            } else {
                u_b[o] += seed * w[o];
                u_b[o + n - 1] += seed * w[o + n - 1];
#pragma omp simd
                for (int j = 1; j < n - 1; j++)
                    p[o + j] = seed * w[o + j];
            }
        }

        /* return sweep: 2T transposed stencils, p -> q -> p ..., the last
         * one added into u_b */
        double *src = p, *dst = q;
        for (int k = 2 * T; k > 0; k--) {
#pragma omp for schedule(static)
            for (int i = 1; i < n - 1; i++) {
                const double *up = src + (long)(i - 1) * n, *mid = src + (long)i * n,
                             *dn = src + (long)(i + 1) * n;
                if (k > 1) {
                    row_stencil(n, r, up, mid, dn, dst + (long)i * n);
                } else {
                    double *ub = u_b + (long)i * n;
#pragma omp simd
                    for (int j = 1; j < n - 1; j++)
                        ub[j] += c * mid[j] + r * (up[j] + dn[j] + mid[j - 1] + mid[j + 1]);
                }
                row_boundary(n, r, i, src, u_b);
            }
            double *tmp = src;
            src = dst;
            dst = tmp;
        }
        if (T == 0) { /* no sweep: the interior's seed goes to u_b as it is */
#pragma omp for schedule(static)
            for (int i = 1; i < n - 1; i++)
#pragma omp simd
                for (int j = 1; j < n - 1; j++)
                    u_b[(long)i * n + j] += p[(long)i * n + j];
        }
    }

    free(v);
    free(p);
    free(q);
    return s;
}
