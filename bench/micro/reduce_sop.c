/* Micro benchmark reduce_sop: the sum-of-products operator on pairs
 * (BENCH.md micro suite: a declared operator on a struct, commutative,
 * with an inverse), (p, s) + (p', s') = (p + p' + s s', s + s'): reduced
 * over the pairs (x_i^2, x_i) it gives the sums of the squares and of the
 * products of all pairs, and of x. The primal is an OpenMP reduction of a
 * declared reduction.
 * Generated: double reduce_sop_b(long n, const double *x, double *x_b,
 *                                double reduce_sop_b_seed);
 * Traffic floor 4.0: primal reads x (8n); gradient: a pass for the
 * reduction (8n), a second reading x and x_b and writing x_b (24n). */
typedef struct {
    double p, s;
} sop_t;

static sop_t sop(sop_t u, sop_t v) {
    sop_t r = {u.p + v.p + u.s * v.s, u.s + v.s};
    return r;
}

static sop_t sop_inv(sop_t z, sop_t b) {
    sop_t a = {z.p - b.p - (z.s - b.s) * b.s, z.s - b.s};
    return a;
}

#pragma pargrad declare op(sop_op, sop_t, sop, {0.0, 0.0}) commutative inverse(sop_inv)
#pragma omp declare reduction(sop_op:sop_t                                                         \
                              : omp_out = sop(omp_out, omp_in))                                    \
    initializer(omp_priv = (sop_t){0.0, 0.0})

double reduce_sop(long n, const double *x) {
    sop_t acc = {0.0, 0.0};
#pragma pargrad reduce(sop_op : acc)
#pragma omp parallel for reduction(sop_op : acc)
    for (long i = 0; i < n; i++) {
        sop_t e = {x[i] * x[i], x[i]};
        acc = sop(acc, e);
    }
    return 1e-6 * acc.p + acc.s;
}
#pragma pargrad reverse(reduce_sop) wrt(x)
