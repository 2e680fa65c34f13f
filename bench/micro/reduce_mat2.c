/* Micro benchmark reduce_mat2: the product of n 2x2 matrices (BENCH.md micro
 * suite, reduce of 2x2 matrix multiplication: a declared operator on a
 * struct, not commutative). M_i = [[p, 1 - p], [q, 1 - q]] with p = x[i], q =
 * p / 2 + 1/4, as in scan_mat2: row-stochastic, so the product of 10^7 stays
 * bounded; it returns P.a + P.d / 2 (a full-rank weighting of the product, so
 * that its adjoint is a full matrix). The operator is not commutative and
 * OpenMP has no reduction that keeps the order (a declared reduction's
 * combining order is unspecified; an inscan reduction needs a scan phase),
 * so the primal is the sequential loop users write (scan_affine's
 * precedent); pargrad's forward and adjoint are parallel.
 * Generated: double reduce_mat2_b(long n, const double *x, double *x_b,
 *                                 double reduce_mat2_b_seed);
 * Traffic floor 4.0: primal reads x (8n); gradient: a pass for the product
 * (8n), a second reading x and x_b and writing x_b (24n): x_b[i] needs the
 * product before i, from the bottom, and the adjoint of the product up to i,
 * from the top, so one pass cannot give both, as for reduce_mul. */
typedef struct {
    double a, b, c, d; /* [[a, b], [c, d]] */
} mat2;

static mat2 mat2_mul(mat2 x, mat2 y) {
    mat2 r = {x.a * y.a + x.b * y.c, x.a * y.b + x.b * y.d, x.c * y.a + x.d * y.c,
              x.c * y.b + x.d * y.d};
    return r;
}

#pragma pargrad declare op(mmul, mat2, mat2_mul, {1.0, 0.0, 0.0, 1.0})

double reduce_mat2(long n, const double *x) {
    mat2 acc = {1.0, 0.0, 0.0, 1.0};
#pragma pargrad reduce(mmul : acc)
    for (long i = 0; i < n; i++) {
        double p = x[i], q = 0.5 * p + 0.25;
        mat2 m = {p, 1.0 - p, q, 1.0 - q};
        acc = mat2_mul(acc, m);
    }
    return acc.a + 0.5 * acc.d;
}
#pragma pargrad reverse(reduce_mat2) wrt(x)
