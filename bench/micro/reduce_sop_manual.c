/* Hand-written gradient of reduce_sop by the invertible-operator rule (as
 * a user who has the operator would write it): pass 1 is the primal's
 * reduction, r; pass 2 gives each pair e_i = (x_i^2, x_i) the adjoint of
 * r = a (+) e_i, a = INV(r, e_i) the other pairs combined:
 * d r.p / d e.p = 1, d r.p / d e.s = a.s, d r.s / d e.s = 1. */
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

double reduce_sop_manual_b(long n, const double *x, double *x_b, double seed) {
    sop_m r = {0.0, 0.0};
#pragma omp parallel for reduction(sop_m_op : r) schedule(static)
    for (long i = 0; i < n; i++)
        r = sop_m_combine(r, (sop_m){x[i] * x[i], x[i]});
    double rp_b = 1e-6 * seed, rs_b = seed;
#pragma omp parallel for simd schedule(static)
    for (long i = 0; i < n; i++) {
        double a_s = r.s - x[i]; /* INV(r, e_i).s */
        double ep_b = rp_b, es_b = rp_b * a_s + rs_b;
        x_b[i] += ep_b * 2.0 * x[i] + es_b;
    }
    return 1e-6 * r.p + r.s;
}
