/* Hand-written gradient of scan_mat3, two passes over x as one writes a
 * parallel scan by hand. With P_i = P_{i-1} M_i and y[i] = <W, P_i>, W =
 * diag(1, 1/2, 1/4), the adjoint of P_i is G_i = y_b[i] W + G_{i+1}
 * M_{i+1}^T (from the top), and x_b[i] += <P_{i-1}^T G_i, D> = <P_{i-1}, G_i
 * D^T> with D = dM/dp (P_{i-1} from the bottom).
 * x is cut into chunks of CH elements. Pass 1 gives each chunk the product
 * Q of its matrices and R, the adjoint its own seeds give the product
 * before it: R = sum y_b[k] W (M_lo ... M_k)^T, which runs forward with the
 * product. Short loops over these give every chunk the product before it
 * and the adjoint coming into its last element from above (H_{c-1} = H_c
 * Q_c^T + R_c; each thread over its chunks, after one loop over the
 * threads' blocks). The chunks are then independent: pass 2 runs each
 * forward, writing y and keeping P_{i-1} in a buffer that stays in L1,
 * then backward, consuming y_b and reading x again from cache. */
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

static inline m3 add(m3 x, m3 y) {
    m3 r = {x.a + y.a, x.b + y.b, x.c + y.c, x.d + y.d, x.e + y.e,
            x.f + y.f, x.g + y.g, x.h + y.h, x.i + y.i};
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
static const double w0 = 1.0, w1 = 0.5, w2 = 0.25; /* W */
static const m3 zero = {0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
static const m3 id = {1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0};

/* Pass 1 on one chunk: Q, the product of its matrices, and R, what its
 * seeds add to the adjoint of the product before it. */
static inline void pass1(long len, const double *x, const double *yb, m3 *Q, m3 *R) {
    m3 L = id, r = zero;
    for (long k = 0; k < len; k++) {
        L = mul(L, step(x[k]));
        double b0 = yb[k] * w0, b1 = yb[k] * w1, b2 = yb[k] * w2; /* y_b W L^T */
        r.a += b0 * L.a, r.b += b0 * L.d, r.c += b0 * L.g;
        r.d += b1 * L.b, r.e += b1 * L.e, r.f += b1 * L.h;
        r.g += b2 * L.c, r.h += b2 * L.f, r.i += b2 * L.i;
    }
    *Q = L;
    *R = r;
}

/* Pass 2 on one chunk: forward from the product before it, s, writing y;
 * back from the adjoint H coming into its last element from above. */
static inline void pass2(long len, const double *x, double *xb, double *y, double *yb, m3 s, m3 G) {
    m3 prev[CH];
    for (long k = 0; k < len; k++) {
        prev[k] = s;
        s = mul(s, step(x[k]));
        y[k] = w0 * s.a + w1 * s.e + w2 * s.i;
    }
    for (long k = len - 1; k >= 0; k--) {
        double b = yb[k];
        yb[k] = 0.0;
        G.a += b * w0, G.e += b * w1, G.i += b * w2;
        m3 p = prev[k], h = mul_t(G, dM); /* <P, G D^T> */
        xb[k] += p.a * h.a + p.b * h.b + p.c * h.c + p.d * h.d + p.e * h.e + p.f * h.f + p.g * h.g +
                 p.h * h.h + p.i * h.i;
        G = mul_t(G, step(x[k]));
    }
}

void scan_mat3_manual_b(long n, const double *x, double *x_b, double *y, double *y_b) {
    if (n <= 0)
        return;
    long nc = (n + CH - 1) / CH;
    int nt = omp_get_max_threads();
    m3 *q = malloc(sizeof(m3) * 2 * (size_t)nc), *r = q + nc; /* then: starts, adjoints in */
    m3 *blk = malloc(sizeof(m3) * 4 * (size_t)nt), *brt = blk + nt, *bs = brt + nt, *bh = bs + nt;
#pragma omp parallel
    {
        int t = omp_get_thread_num(), m = omp_get_num_threads();
        long c_lo = nc * t / m, c_hi = nc * (t + 1) / m, c;
        for (c = c_lo; c < c_hi; c++)
            pass1(c + 1 < nc ? CH : n - c * CH, x + c * CH, y_b + c * CH, q + c, r + c);
        m3 T = id, RT = zero; /* the block's product, and its seeds' adjoint at its start */
        for (c = c_lo; c < c_hi; c++)
            T = mul(T, q[c]);
        for (c = c_hi - 1; c >= c_lo; c--)
            RT = add(mul_t(RT, q[c]), r[c]);
        blk[t] = T;
        brt[t] = RT;
#pragma omp barrier
#pragma omp single
        {
            m3 P = id, H = zero;
            for (int u = 0; u < m; u++) {
                bs[u] = P;
                P = mul(P, blk[u]);
            }
            for (int u = m - 1; u >= 0; u--) {
                bh[u] = H;
                H = add(mul_t(H, blk[u]), brt[u]);
            }
        }
        m3 P = bs[t], H = bh[t];
        for (c = c_hi - 1; c >= c_lo; c--) { /* r[c] becomes the adjoint into chunk c */
            m3 rc = r[c];
            r[c] = H;
            H = add(mul_t(H, q[c]), rc);
        }
        for (c = c_lo; c < c_hi; c++) { /* q[c] becomes the product before chunk c */
            m3 qc = q[c];
            q[c] = P;
            P = mul(P, qc);
        }
        for (c = c_lo; c < c_hi; c++)
            pass2(c + 1 < nc ? CH : n - c * CH, x + c * CH, x_b + c * CH, y + c * CH, y_b + c * CH,
                  q[c], r[c]);
    }
    free(q);
    free(blk);
}
