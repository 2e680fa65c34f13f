/* Hand-written gradient of reduce_mat3, two passes over x as one writes it
 * by hand. With P_i = M_0 ... M_i, the result is r = <W, P_{n-1}>, W =
 * diag(1, 1/2, 1/4); the adjoint of P_i is G_i = seed W (M_{i+1} ...
 * M_{n-1})^T (from the top, G_{i-1} = G_i M_i^T), and x_b[i] += <P_{i-1}^T
 * G_i, D> = <P_{i-1}, G_i D^T> with D = dM/dp (P_{i-1} from the bottom).
 * x is cut into chunks of CH elements. Pass 1 multiplies each chunk's
 * matrices; short loops over these products give every chunk the product
 * before it and the adjoint of the product at its end (each thread over its
 * chunks, after one loop over the threads' blocks). The chunks are then
 * independent: pass 2 runs each forward, keeping P_{i-1} in a buffer that
 * stays in L1, then backward, reading x again from cache. (A 3x3 product
 * has enough independent work to need no lockstep of chunks, unlike
 * reduce_mat2's.) */
#include <omp.h>
#include <stdlib.h>

enum { CH = 256 };

typedef struct {
    double a, b, c, d, e, f, g, h, i; /* [[a, b, c], [d, e, f], [g, h, i]] */
} m3;

static inline m3 mul(m3 x, m3 y) { /* x y */
    m3 r = {x.a * y.a + x.b * y.d + x.c * y.g, x.a * y.b + x.b * y.e + x.c * y.h,
            x.a * y.c + x.b * y.f + x.c * y.i, x.d * y.a + x.e * y.d + x.f * y.g,
            x.d * y.b + x.e * y.e + x.f * y.h, x.d * y.c + x.e * y.f + x.f * y.i,
            x.g * y.a + x.h * y.d + x.i * y.g, x.g * y.b + x.h * y.e + x.i * y.h,
            x.g * y.c + x.h * y.f + x.i * y.i};
    return r;
}

static inline m3 mul_t(m3 x, m3 y) { /* x y^T */
    m3 r = {x.a * y.a + x.b * y.b + x.c * y.c, x.a * y.d + x.b * y.e + x.c * y.f,
            x.a * y.g + x.b * y.h + x.c * y.i, x.d * y.a + x.e * y.b + x.f * y.c,
            x.d * y.d + x.e * y.e + x.f * y.f, x.d * y.g + x.e * y.h + x.f * y.i,
            x.g * y.a + x.h * y.b + x.i * y.c, x.g * y.d + x.h * y.e + x.i * y.f,
            x.g * y.g + x.h * y.h + x.i * y.i};
    return r;
}

static inline m3 step(double p) {
    double q = 0.5 * p + 0.25, s = 0.75 - 0.5 * p;
    /* clang-format off */
    m3 m = {p,               0.6 * (1.0 - p), 0.4 * (1.0 - p),
            0.3 * (1.0 - q), q,               0.7 * (1.0 - q),
            0.5 * (1.0 - s), 0.5 * (1.0 - s), s};
    /* clang-format on */
    return m;
}

/* dM/dp (q' = 1/2, s' = -1/2) */
static const m3 dM = {1.0, -0.6, -0.4, -0.15, 0.5, -0.35, 0.25, 0.25, -0.5};

static inline void compose(long len, const double *x, m3 *q) {
    m3 P = {1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0};
    for (long k = 0; k < len; k++)
        P = mul(P, step(x[k]));
    *q = P;
}

/* Pass 2 on one chunk: forward from the product before it, s, back from the
 * adjoint of the product at its end, g. */
static inline void adjoint(long len, const double *x, double *xb, m3 s, m3 g) {
    m3 prev[CH];
    for (long k = 0; k < len; k++) {
        prev[k] = s;
        s = mul(s, step(x[k]));
    }
    for (long k = len - 1; k >= 0; k--) {
        m3 p = prev[k], h = mul_t(g, dM); /* <P, G D^T> */
        xb[k] += p.a * h.a + p.b * h.b + p.c * h.c + p.d * h.d + p.e * h.e + p.f * h.f + p.g * h.g +
                 p.h * h.h + p.i * h.i;
        g = mul_t(g, step(x[k]));
    }
}

double reduce_mat3_manual_b(long n, const double *x, double *x_b, double seed) {
    const m3 id = {1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0};
    if (n <= 0)
        return 1.75;
    long nc = (n + CH - 1) / CH;
    int nt = omp_get_max_threads();
    m3 *q = malloc(sizeof(m3) * 3 * (size_t)nc), *s = q + nc, *g = s + nc;
    m3 *blk = malloc(sizeof(m3) * 3 * (size_t)nt), *bs = blk + nt, *bg = bs + nt;
    m3 r = id;
#pragma omp parallel
    {
        int t = omp_get_thread_num(), m = omp_get_num_threads();
        long c_lo = nc * t / m, c_hi = nc * (t + 1) / m, c;
        for (c = c_lo; c < c_hi; c++)
            compose(c + 1 < nc ? CH : n - c * CH, x + c * CH, q + c);
        m3 T = id;
        for (c = c_lo; c < c_hi; c++)
            T = mul(T, q[c]);
        blk[t] = T;
#pragma omp barrier
#pragma omp single
        {
            m3 P = id, G = {seed, 0.0, 0.0, 0.0, 0.5 * seed, 0.0, 0.0, 0.0, 0.25 * seed};
            for (int u = 0; u < m; u++) {
                bs[u] = P;
                P = mul(P, blk[u]);
            }
            r = P;
            for (int u = m - 1; u >= 0; u--) {
                bg[u] = G;
                G = mul_t(G, blk[u]);
            }
        }
        m3 P = bs[t], G = bg[t];
        for (c = c_lo; c < c_hi; c++) {
            s[c] = P;
            P = mul(P, q[c]);
        }
        for (c = c_hi - 1; c >= c_lo; c--) {
            g[c] = G;
            G = mul_t(G, q[c]);
        }
        for (c = c_lo; c < c_hi; c++)
            adjoint(c + 1 < nc ? CH : n - c * CH, x + c * CH, x_b + c * CH, s[c], g[c]);
    }
    free(q);
    free(blk);
    return r.a + 0.5 * r.e + 0.25 * r.i;
}
