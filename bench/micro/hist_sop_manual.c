/* Hand-written gradient of hist_sop by the invertible-operator rule, as in
 * reduce_sop_manual.c: pass 1 is the primal's histogram, giving each bin's
 * final value r = h0 (+) (its pairs); pass 2 gives each pair e_i = (x_i^2,
 * x_i) the adjoint of r = a (+) e_i, a = INV(r, e_i), r its bin:
 * d r.p / d e.p = 1, d r.p / d e.s = a.s = r.s - x_i, d r.s / d e.s = 1;
 * then each bin's value from before, h0, its adjoint likewise (a.s = r.s -
 * h0.s) in place of the consumed seed. */
#include <stdlib.h>

typedef struct {
    double p, s;
} sop_m;

static sop_m sop_m_combine(sop_m u, sop_m v) {
    sop_m r = {u.p + v.p + u.s * v.s, u.s + v.s};
    return r;
}

#pragma omp declare reduction(sop_m_op:sop_m                                                       \
                              : omp_out = sop_m_combine(omp_out, omp_in))                          \
    initializer(omp_priv = (sop_m){0.0, 0.0})

void hist_sop_manual_b(long n, long nb, const int *key, const double *x, double *x_b, sop_m *h,
                       sop_m *h_b) {
    double *h0s = malloc(sizeof(double) * (size_t)nb);
    for (long b = 0; b < nb; b++)
        h0s[b] = h[b].s;
#pragma omp parallel for reduction(sop_m_op : h[:nb])
    for (long i = 0; i < n; i++)
        h[key[i]] = sop_m_combine(h[key[i]], (sop_m){x[i] * x[i], x[i]});
#pragma omp parallel for simd
    for (long i = 0; i < n; i++) {
        const sop_m r = h[key[i]], r_b = h_b[key[i]];
        x_b[i] += r_b.p * (2.0 * x[i] + (r.s - x[i])) + r_b.s;
    }
    for (long b = 0; b < nb; b++)
        h_b[b].s += h_b[b].p * (h[b].s - h0s[b]);
    free(h0s);
}
