/* Hand-written gradient of reduce_affine, two passes over x as one writes
 * it by hand. Iteration i maps v to f_i(v) = a_i v + x_i, a_i = 0.9 -
 * x_i^2 / 2, and r = f_{n-1}(... f_0(0)). The adjoint of v_i is g_i = seed
 * a_{i+1} ... a_{n-1} (from the top), and x_b[i] += g_i (1 - x_i v_{i-1})
 * (v_{i-1} from the bottom).
 * x is cut into chunks of CH elements. Pass 1 composes each chunk's maps,
 * v_end = A_c v_start + B_c; short loops over these give every chunk its
 * start value s_c and the adjoint g_c of its last value (each thread over
 * its chunks, after one loop over the threads' blocks). The chunks are then
 * independent: pass 2 runs each forward from s_c, keeping v_{i-1} in a
 * buffer that stays in L1, then backward from g_c, reading x again from
 * cache. The recurrence is a chain of dependent multiply-adds (latency,
 * not bandwidth, bound), so both passes run LANES chunks in lockstep. */
#include <omp.h>
#include <stdlib.h>

enum { CH = 256, LANES = 4 };

typedef struct {
    double a, b; /* v -> a v + b */
} aff;

static inline double coef(double x) {
    return 0.9 - 0.5 * x * x;
}

/* Pass 1 on L chunks of len elements, chunk u at x0 + u CH. */
static inline __attribute__((always_inline)) void compose(int L, long len, const double *x0,
                                                          aff *q) {
    double A[LANES], B[LANES];
    for (int u = 0; u < L; u++) {
        A[u] = 1.0;
        B[u] = 0.0;
    }
    for (long k = 0; k < len; k++)
        for (int u = 0; u < L; u++) {
            double xv = x0[u * CH + k], a = coef(xv);
            A[u] *= a;
            B[u] = a * B[u] + xv;
        }
    for (int u = 0; u < L; u++)
        q[u] = (aff){A[u], B[u]};
}

/* Pass 2 on L chunks: forward from their start values s, back from their
 * last values' adjoints g. */
static inline __attribute__((always_inline)) void
adjoint(int L, long len, const double *x0, double *xb0, const double *s, const double *g) {
    double prev[CH][LANES], v[LANES], gg[LANES];
    for (int u = 0; u < L; u++)
        v[u] = s[u];
    for (long k = 0; k < len; k++)
        for (int u = 0; u < L; u++) {
            double xv = x0[u * CH + k];
            prev[k][u] = v[u];
            v[u] = coef(xv) * v[u] + xv;
        }
    for (int u = 0; u < L; u++)
        gg[u] = g[u];
    for (long k = len - 1; k >= 0; k--)
        for (int u = 0; u < L; u++) {
            double xv = x0[u * CH + k];
            xb0[u * CH + k] += gg[u] * (1.0 - xv * prev[k][u]);
            gg[u] *= coef(xv);
        }
}

double reduce_affine_manual_b(long n, const double *x, double *x_b, double seed) {
    if (n <= 0)
        return 0.0;
    long nc = (n + CH - 1) / CH, nfull = n / CH;
    int nt = omp_get_max_threads();
    aff *q = malloc(sizeof(aff) * (size_t)nc), *blk = malloc(sizeof(aff) * (size_t)nt);
    double *s = malloc(sizeof(double) * 2 * (size_t)nc), *g = s + nc;
    double *bs = malloc(sizeof(double) * 2 * (size_t)nt), *bg = bs + nt;
    double r = 0.0;
#pragma omp parallel
    {
        int t = omp_get_thread_num(), m = omp_get_num_threads();
        long c_lo = nc * t / m, c_hi = nc * (t + 1) / m, c;
        long f_hi = c_hi < nfull ? c_hi : nfull; /* [c_lo, f_hi): full chunks */
        for (c = c_lo; c + LANES <= f_hi; c += LANES)
            compose(LANES, CH, x + c * CH, q + c);
        for (; c < c_hi; c++)
            compose(1, c < nfull ? CH : n - c * CH, x + c * CH, q + c);
        aff T = {1.0, 0.0};
        for (c = c_lo; c < c_hi; c++)
            T = (aff){q[c].a * T.a, q[c].a * T.b + q[c].b};
        blk[t] = T;
#pragma omp barrier
#pragma omp single
        {
            double v = 0.0, gg = seed;
            for (int u = 0; u < m; u++) {
                bs[u] = v;
                v = blk[u].a * v + blk[u].b;
            }
            r = v;
            for (int u = m - 1; u >= 0; u--) {
                bg[u] = gg;
                gg *= blk[u].a;
            }
        }
        double v = bs[t], gg = bg[t];
        for (c = c_lo; c < c_hi; c++) {
            s[c] = v;
            v = q[c].a * v + q[c].b;
        }
        for (c = c_hi - 1; c >= c_lo; c--) {
            g[c] = gg;
            gg *= q[c].a;
        }
        for (c = c_lo; c + LANES <= f_hi; c += LANES)
            adjoint(LANES, CH, x + c * CH, x_b + c * CH, s + c, g + c);
        for (; c < c_hi; c++)
            adjoint(1, c < nfull ? CH : n - c * CH, x + c * CH, x_b + c * CH, s + c, g + c);
    }
    free(q);
    free(blk);
    free(s);
    free(bs);
    return r;
}
