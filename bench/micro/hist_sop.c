/* Micro benchmark hist_sop_B: a histogram with the sum-of-products operator
 * on pairs (BENCH.md micro suite, histogram "sum-of-products"; B = 31, 401,
 * 50000 bins): the declared operator of reduce_sop.c, (p, s) + (p', s') =
 * (p + p' + s s', s + s'), commutative with an inverse; bin key[i] combines
 * the pairs (x_i^2, x_i), keys int. The bins are an array of structs
 * updated with h[k] = sop(h[k], e) under an OpenMP array-section reduction
 * of a declared reduction.
 * h is differentiated as input and output, wrt(x, h) out(h) (the
 * adjoint of the bins' values from before comes back in h_b).
 * Generated: void hist_sop_b(long n, long nb, const int *key,
 *                            const double *x, double *x_b, sop_t *h,
 *                            sop_t *h_b);
 * (h updated; h_b: the seed on entry, the adjoint of the bins' values from
 * before on exit; x_b incremented.)
 *
 * Traffic floor 40n / 12n = 3.33 and the bins' terms (rules in
 * hist_sop_driver.h): primal key 4n + x 8n = 12n; gradient, as
 * hist_mul: a pass for the bins (12n), then x_b[i] += the adjoint of e_i
 * by the inverse, from the bin's final value: key 4n, x 8n, x_b 16n = 40n. */
typedef struct {
    double p, s;
} sop_t;

static sop_t sop(sop_t u, sop_t v) {
    sop_t r = {u.p + v.p + u.s * v.s, u.s + v.s};
    return r;
}

/* Not static: only pargrad uses it here (gcc: unused static function). */
sop_t sop_inv(sop_t z, sop_t b) {
    sop_t a = {z.p - b.p - (z.s - b.s) * b.s, z.s - b.s};
    return a;
}

#pragma pargrad declare op(sop_op, sop_t, sop, {0.0, 0.0}) commutative inverse(sop_inv)
#pragma omp declare reduction(sop_op:sop_t                                                         \
                              : omp_out = sop(omp_out, omp_in))                                    \
    initializer(omp_priv = (sop_t){0.0, 0.0})

void hist_sop(long n, long nb, const int *key, const double *x, sop_t h[nb]) {
#pragma pargrad histogram(sop_op : h)
#pragma omp parallel for reduction(sop_op : h[:nb])
    for (long i = 0; i < n; i++) {
        sop_t e = {x[i] * x[i], x[i]};
        h[key[i]] = sop(h[key[i]], e);
    }
}
#pragma pargrad reverse(hist_sop) wrt(x, h) out(h)
