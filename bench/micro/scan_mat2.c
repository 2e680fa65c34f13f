/* Micro benchmark scan_mat2: prefix products of 2x2 matrices (BENCH.md micro
 * suite, scan of 2x2 matrix multiplication: a declared operator on a
 * struct, not commutative). M_i = [[p, 1 - p], [q, 1 - q]] with p = x[i],
 * q = p / 2 + 1/4: row-stochastic, so the products of 10^7 stay bounded;
 * y[i] is the first entry of M_0 ... M_i. The primal is an OpenMP 5
 * inscan reduction of a declared reduction (GCC; clang 14 combines the
 * threads' parts out of order).
 * Generated: void scan_mat2_b(long n, const double *x, double *x_b,
 *                             double *y, double *y_b);
 *
 * Traffic floor 64n / 24n = 2.67 (rules in scan_driver.h):
 *   primal:   x read 8n + y written 16n = 24n
 *   gradient: the primal's 24n, then x read again 8n, y_b read and zeroed
 *             16n, x_b read and written 16n = 64n (the prefixes are
 *             recomputed, not stored) */
typedef struct {
    double a, b, c, d;
} mat2;

static mat2 mat2_mul(mat2 x, mat2 y) {
    mat2 r = {x.a * y.a + x.b * y.c, x.a * y.b + x.b * y.d, x.c * y.a + x.d * y.c,
              x.c * y.b + x.d * y.d};
    return r;
}

#pragma pargrad declare op(mmul, mat2, mat2_mul, {1.0, 0.0, 0.0, 1.0})
#pragma omp declare reduction(mmul:mat2                                                            \
                              : omp_out = mat2_mul(omp_out, omp_in))                               \
    initializer(omp_priv = (mat2){1.0, 0.0, 0.0, 1.0})

void scan_mat2(long n, const double *x, double *y) {
    mat2 acc = {1.0, 0.0, 0.0, 1.0};
#pragma pargrad scan(mmul : acc)
#pragma omp parallel for reduction(inscan, mmul : acc)
    for (long i = 0; i < n; i++) {
        {
            double p = x[i], q = 0.5 * p + 0.25;
            mat2 m = {p, 1.0 - p, q, 1.0 - q};
            acc = mat2_mul(acc, m);
        }
#pragma omp scan inclusive(acc)
        { y[i] = acc.a; }
    }
}
#pragma pargrad reverse(scan_mat2) wrt(x) out(y)
