/* Hand-written gradient of scan_mat2, in blocks as one writes a parallel
 * scan by hand: pass 1 multiplies each thread's block of matrices, the
 * blocks' starts follow in order, pass 2 writes y from each block's start.
 * Reverse: the adjoint G of the running product P_i = P_{i-1} M_i is a
 * recurrence from the top, G_{i-1} = (G_i + y_b[i] on entry a) M_i^T.
 * Each thread runs its block down from G = 0; what comes in from above
 * only adds G_in (M_lo ... M_hi-1)^T, the block's product again, so the
 * blocks' incoming adjoints follow from the top in order, and each block
 * runs down once more from its own, with its prefixes kept on the way
 * up. */
#include <omp.h>
#include <stdlib.h>

typedef struct {
    double a, b, c, d;
} m2;

static m2 mul(m2 x, m2 y) {
    m2 r = {x.a * y.a + x.b * y.c, x.a * y.b + x.b * y.d, x.c * y.a + x.d * y.c,
            x.c * y.b + x.d * y.d};
    return r;
}

static m2 step_of(double p) {
    double q = 0.5 * p + 0.25;
    m2 m = {p, 1.0 - p, q, 1.0 - q};
    return m;
}

/* With P_i = P_{i-1} M_i and a seed on P_i.a, the adjoint G_{i-1} of
 * P_{i-1} is G_i M_i^T (G_i including y_b[i] on its a entry), and M_i's
 * adjoint is P_{i-1}^T G_i. */
static m2 back(m2 g, m2 m) {
    m2 r = {g.a * m.a + g.b * m.b, g.a * m.c + g.b * m.d, g.c * m.a + g.d * m.b,
            g.c * m.c + g.d * m.d};
    return r;
}

void scan_mat2_manual_b(long n, const double *x, double *x_b, double *y, double *y_b) {
    int nt = omp_get_max_threads();
    m2 *part = malloc(sizeof(m2) * (size_t)nt), *gin = malloc(sizeof(m2) * (size_t)nt);
    m2 *base = malloc(sizeof(m2) * (size_t)nt), *start = malloc(sizeof(m2) * (size_t)nt);
#pragma omp parallel
    {
        int t = omp_get_thread_num(), m = omp_get_num_threads();
        long lo = n * t / m, hi = n * (t + 1) / m;
        m2 s = {1.0, 0.0, 0.0, 1.0};
        for (long i = lo; i < hi; i++)
            s = mul(s, step_of(x[i]));
        part[t] = s;
#pragma omp barrier
#pragma omp single
        {
            m2 acc = {1.0, 0.0, 0.0, 1.0};
            for (int u = 0; u < m; u++) {
                start[u] = acc;
                acc = mul(acc, part[u]);
            }
        }
        m2 acc = start[t];
        for (long i = lo; i < hi; i++) {
            acc = mul(acc, step_of(x[i]));
            y[i] = acc.a;
        }
        /* the block's own seeds carried down to its start */
        m2 g = {0.0, 0.0, 0.0, 0.0};
        for (long i = hi - 1; i >= lo; i--) {
            g.a += y_b[i];
            g = back(g, step_of(x[i]));
        }
        base[t] = g;
#pragma omp barrier
#pragma omp single
        {
            m2 above = {0.0, 0.0, 0.0, 0.0};
            for (int u = m - 1; u >= 0; u--) {
                gin[u] = above;
                m2 carried = back(above, part[u]);
                above = (m2){carried.a + base[u].a, carried.b + base[u].b, carried.c + base[u].c,
                             carried.d + base[u].d};
            }
        }
        /* down again from the true incoming adjoint, P_{i-1} kept */
        m2 *pre = malloc(sizeof(m2) * (size_t)(hi - lo + 1));
        pre[0] = start[t];
        for (long i = lo; i < hi; i++)
            pre[i - lo + 1] = mul(pre[i - lo], step_of(x[i]));
        g = gin[t];
        for (long i = hi - 1; i >= lo; i--) {
            g.a += y_b[i];
            y_b[i] = 0.0;
            m2 p = pre[i - lo]; /* P_{i-1} */
            /* M_i's adjoint P_{i-1}^T G, through dM/dp = [[1, -1], [1/2, -1/2]] */
            double ma = p.a * g.a + p.c * g.c, mb = p.a * g.b + p.c * g.d;
            double mc = p.b * g.a + p.d * g.c, md = p.b * g.b + p.d * g.d;
            x_b[i] += ma - mb + 0.5 * (mc - md);
            g = back(g, step_of(x[i]));
        }
        free(pre);
    }
    free(part);
    free(gin);
    free(base);
    free(start);
}
