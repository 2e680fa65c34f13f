/* Micro benchmark scan_mat3: prefix products of 3x3 matrices (BENCH.md micro
 * suite, scan of 3x3 matrix multiplication: a declared operator on a
 * struct, not commutative). M_i as in reduce_mat3: with p = x[i], q = p / 2
 * + 1/4, s = 3/4 - p / 2,
 *   M_i = [[p,            0.6 (1 - p), 0.4 (1 - p)],
 *          [0.3 (1 - q),  q,           0.7 (1 - q)],
 *          [0.5 (1 - s),  0.5 (1 - s), s          ]]:
 * row-stochastic, so the products of 10^7 stay bounded. y[i] = P.a + P.e / 2
 * + P.i / 4 of P = M_0 ... M_i, a full-rank weighting (scan_mat2's y[i] =
 * P.a would let a hand-written adjoint carry one row instead of the
 * matrix). The primal is the sequential loop (scan_affine's precedent),
 * not scan_mat2's OpenMP 5 inscan reduction of a declared reduction: GCC 12
 * stores every iteration's 72-byte value in a temporary it mallocs per call
 * (72 MB at 10^6, above glibc's mmap threshold, so page-faulted in every
 * call): 500 ms at 10^6 against 7 ms for the sequential loop (50 ms with
 * the temporary kept in the heap). pargrad's forward and adjoint are
 * parallel.
 * Generated: void scan_mat3_b(long n, const double *x, double *x_b,
 *                             double *y, double *y_b);
 *
 * Traffic floor 64n / 24n = 2.67 (rules in scan_driver.h), as scan_mat2:
 *   primal:   x read 8n + y written 16n = 24n
 *   gradient: the primal's 24n, then x read again 8n, y_b read and zeroed
 *             16n, x_b read and written 16n = 64n (the prefixes are
 *             recomputed, not stored) */
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

void scan_mat3(long n, const double *x, double *y) {
    mat3 acc = {1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0};
#pragma pargrad scan(mmul3 : acc)
    for (long i = 0; i < n; i++) {
        double p = x[i], q = 0.5 * p + 0.25, s = 0.75 - 0.5 * p;
        /* clang-format off */
        mat3 m = {p,               0.6 * (1.0 - p), 0.4 * (1.0 - p),
                  0.3 * (1.0 - q), q,               0.7 * (1.0 - q),
                  0.5 * (1.0 - s), 0.5 * (1.0 - s), s};
        /* clang-format on */
        acc = mat3_mul(acc, m);
        y[i] = acc.a + 0.5 * acc.e + 0.25 * acc.i;
    }
}
#pragma pargrad reverse(scan_mat3) wrt(x) out(y)
