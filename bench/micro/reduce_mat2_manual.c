/* Hand-written gradient of reduce_mat2, two passes over x as one writes it
 * by hand. With P_i = M_0 ... M_i, the result is r = <W, P_{n-1}>, W =
 * [[1, 0], [0, 1/2]]; the adjoint of P_i is G_i = seed W (M_{i+1} ...
 * M_{n-1})^T (from the top, G_{i-1} = G_i M_i^T), and x_b[i] += <P_{i-1}^T
 * G_i, dM/dp> (P_{i-1} from the bottom); dM/dp = [[1, -1], [1/2, -1/2]] = u
 * v^T with u = (1, 1/2), v = (1, -1), so that is (P_{i-1} u) . (G_i v).
 * x is cut into chunks of CH elements. Pass 1 multiplies each chunk's
 * matrices; short loops over these products give every chunk the product
 * before it and the adjoint of the product at its end (each thread over its
 * chunks, after one loop over the threads' blocks). The chunks are then
 * independent: pass 2 runs each forward, keeping P_{i-1} u in a buffer that
 * stays in L1, then backward, reading x again from cache. Each product
 * depends on the one before (a chain of multiply-adds), so both passes run
 * LANES chunks in lockstep. */
#include <omp.h>
#include <stdlib.h>

enum { CH = 256, LANES = 2 };

typedef struct {
    double a, b, c, d; /* [[a, b], [c, d]] */
} m2;

static inline m2 mul(m2 x, m2 y) { /* x y */
    m2 r = {x.a * y.a + x.b * y.c, x.a * y.b + x.b * y.d, x.c * y.a + x.d * y.c,
            x.c * y.b + x.d * y.d};
    return r;
}

static inline m2 mul_t(m2 g, m2 m) { /* g m^T */
    m2 r = {g.a * m.a + g.b * m.b, g.a * m.c + g.b * m.d, g.c * m.a + g.d * m.b,
            g.c * m.c + g.d * m.d};
    return r;
}

static inline m2 step(double p) {
    double q = 0.5 * p + 0.25;
    m2 m = {p, 1.0 - p, q, 1.0 - q};
    return m;
}

/* Pass 1 on L chunks of len elements, chunk u at x0 + u CH. */
static inline __attribute__((always_inline)) void compose(int L, long len, const double *x0,
                                                          m2 *q) {
    m2 P[LANES];
    for (int u = 0; u < L; u++)
        P[u] = (m2){1.0, 0.0, 0.0, 1.0};
    for (long k = 0; k < len; k++)
        for (int u = 0; u < L; u++)
            P[u] = mul(P[u], step(x0[u * CH + k]));
    for (int u = 0; u < L; u++)
        q[u] = P[u];
}

/* Pass 2 on L chunks: forward from the products before them, s, back from
 * the adjoints of the products at their ends, g. */
static inline __attribute__((always_inline)) void adjoint(int L, long len, const double *x0,
                                                          double *xb0, const m2 *s, const m2 *g) {
    double pu[CH][LANES][2]; /* P_{i-1} u */
    m2 P[LANES], G[LANES];
    for (int u = 0; u < L; u++)
        P[u] = s[u];
    for (long k = 0; k < len; k++)
        for (int u = 0; u < L; u++) {
            pu[k][u][0] = P[u].a + 0.5 * P[u].b;
            pu[k][u][1] = P[u].c + 0.5 * P[u].d;
            P[u] = mul(P[u], step(x0[u * CH + k]));
        }
    for (int u = 0; u < L; u++)
        G[u] = g[u];
    for (long k = len - 1; k >= 0; k--)
        for (int u = 0; u < L; u++) {
            m2 h = G[u];
            xb0[u * CH + k] += pu[k][u][0] * (h.a - h.b) + pu[k][u][1] * (h.c - h.d);
            G[u] = mul_t(h, step(x0[u * CH + k]));
        }
}

double reduce_mat2_manual_b(long n, const double *x, double *x_b, double seed) {
    const m2 id = {1.0, 0.0, 0.0, 1.0};
    if (n <= 0)
        return 1.5;
    long nc = (n + CH - 1) / CH, nfull = n / CH;
    int nt = omp_get_max_threads();
    m2 *q = malloc(sizeof(m2) * 3 * (size_t)nc), *s = q + nc, *g = s + nc;
    m2 *blk = malloc(sizeof(m2) * 3 * (size_t)nt), *bs = blk + nt, *bg = bs + nt;
    m2 r = id;
#pragma omp parallel
    {
        int t = omp_get_thread_num(), m = omp_get_num_threads();
        long c_lo = nc * t / m, c_hi = nc * (t + 1) / m, c;
        long f_hi = c_hi < nfull ? c_hi : nfull; /* [c_lo, f_hi): full chunks */
        for (c = c_lo; c + LANES <= f_hi; c += LANES)
            compose(LANES, CH, x + c * CH, q + c);
        for (; c < c_hi; c++)
            compose(1, c < nfull ? CH : n - c * CH, x + c * CH, q + c);
        m2 T = id;
        for (c = c_lo; c < c_hi; c++)
            T = mul(T, q[c]);
        blk[t] = T;
#pragma omp barrier
#pragma omp single
        {
            m2 P = id, G = {seed, 0.0, 0.0, 0.5 * seed};
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
        m2 P = bs[t], G = bg[t];
        for (c = c_lo; c < c_hi; c++) {
            s[c] = P;
            P = mul(P, q[c]);
        }
        for (c = c_hi - 1; c >= c_lo; c--) {
            g[c] = G;
            G = mul_t(G, q[c]);
        }
        for (c = c_lo; c + LANES <= f_hi; c += LANES)
            adjoint(LANES, CH, x + c * CH, x_b + c * CH, s + c, g + c);
        for (; c < c_hi; c++)
            adjoint(1, c < nfull ? CH : n - c * CH, x + c * CH, x_b + c * CH, s + c, g + c);
    }
    free(q);
    free(blk);
    return r.a + 0.5 * r.d;
}
