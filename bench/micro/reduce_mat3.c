/* Micro benchmark reduce_mat3: the product of n 3x3 matrices (BENCH.md micro
 * suite, reduce of 3x3 matrix multiplication: a declared operator on a
 * struct, not commutative). With p = x[i], q = p / 2 + 1/4, s = 3/4 - p / 2,
 *   M_i = [[p,            0.6 (1 - p), 0.4 (1 - p)],
 *          [0.3 (1 - q),  q,           0.7 (1 - q)],
 *          [0.5 (1 - s),  0.5 (1 - s), s          ]]:
 * row-stochastic (positive for p in [0.2, 0.8]), so the product of 10^7
 * stays bounded; it returns P.a + P.e / 2 + P.i / 4 (a full-rank weighting of
 * the product, so that its adjoint is a full matrix). The operator is not
 * commutative and OpenMP has no reduction that keeps the order (a declared
 * reduction's combining order is unspecified; an inscan reduction needs a
 * scan phase), so the primal is the sequential loop users write
 * (scan_affine's precedent); pargrad's forward and adjoint are parallel.
 * (A struct holding double m[3][3] is what one would write; pargrad's
 * declared operators take structs of scalar fields only.)
 * Generated: double reduce_mat3_b(long n, const double *x, double *x_b,
 *                                 double reduce_mat3_b_seed);
 * Traffic floor 4.0: primal reads x (8n); gradient: a pass for the product
 * (8n), a second reading x and x_b and writing x_b (24n): x_b[i] needs the
 * product before i, from the bottom, and the adjoint of the product up to i,
 * from the top, so one pass cannot give both, as for reduce_mul. */
typedef struct {
    double a, b, c, d, e, f, g, h, i; /* [[a, b, c], [d, e, f], [g, h, i]] */
} mat3;

static mat3 mat3_mul(mat3 x, mat3 y) {
    mat3 r = {x.a * y.a + x.b * y.d + x.c * y.g, x.a * y.b + x.b * y.e + x.c * y.h,
              x.a * y.c + x.b * y.f + x.c * y.i, x.d * y.a + x.e * y.d + x.f * y.g,
              x.d * y.b + x.e * y.e + x.f * y.h, x.d * y.c + x.e * y.f + x.f * y.i,
              x.g * y.a + x.h * y.d + x.i * y.g, x.g * y.b + x.h * y.e + x.i * y.h,
              x.g * y.c + x.h * y.f + x.i * y.i};
    return r;
}

#pragma pargrad declare op(mmul3, mat3, mat3_mul, {1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0})

double reduce_mat3(long n, const double *x) {
    mat3 acc = {1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0};
#pragma pargrad reduce(mmul3 : acc)
    for (long i = 0; i < n; i++) {
        double p = x[i], q = 0.5 * p + 0.25, s = 0.75 - 0.5 * p;
        /* clang-format off */
        mat3 m = {p,               0.6 * (1.0 - p), 0.4 * (1.0 - p),
                  0.3 * (1.0 - q), q,               0.7 * (1.0 - q),
                  0.5 * (1.0 - s), 0.5 * (1.0 - s), s};
        /* clang-format on */
        acc = mat3_mul(acc, m);
    }
    return acc.a + 0.5 * acc.e + 0.25 * acc.i;
}
#pragma pargrad reverse(reduce_mat3) wrt(x)
