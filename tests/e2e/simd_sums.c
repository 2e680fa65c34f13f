/* Inner loops whose adjoints sum a scalar's adjoint over the iterations
 * (rewrite/simd.c): written as HPC code writes them. Their adjoint loops
 * run as simd lanes with a reduction where the iterations share nothing
 * else, and stay as they are where they do. */
#include <math.h>
#include <stddef.h>

/* C = A B, rows in parallel, i-k-j order: a_b sums C_b[i][j] B[k][j] */
void matmul_ikj(long n, const double *A, const double *B, double *C) {
#pragma pargrad map
#pragma omp parallel for
    for (long i = 0; i < n; i++) {
        double *Ci = C + i * n;
        for (long j = 0; j < n; j++)
            Ci[j] = 0.0;
        for (long k = 0; k < n; k++) {
            const double a = A[i * n + k];
            const double *Bk = B + k * n;
            for (long j = 0; j < n; j++)
                Ci[j] += a * Bk[j];
        }
    }
}
#pragma pargrad reverse(matmul_ikj) wrt(A, B) out(C)

/* a row scaled by the row's own value, squashed: scale_b and x's row */
void row_scale(int n, int m, const double *x, double *y) {
#pragma pargrad map
#pragma omp parallel for
    for (int i = 0; i < n; i++) {
        const double scale = 0.5 + 0.25 * tanh(x[i * m]);
        double s = 0.0;
        for (int j = 0; j < m; j++)
            s += scale * x[i * m + j] * x[i * m + j];
        y[i] = tanh(s);
    }
}
#pragma pargrad reverse(row_scale) wrt(x) out(y)

/* mean and variance, then a normalised sum: mu_b and var_b summed */
double normalised(int n, const double *x) {
    double s = 0.0, q = 0.0;
    for (int i = 0; i < n; i++) {
        s += x[i];
        q += x[i] * x[i];
    }
    const double mu = s / n, var = q / n - mu * mu;
    double r = 0.0;
    for (int i = 0; i < n; i++)
        r += (x[i] - mu) * (x[i] - mu) / (var + 1.0);
    return r;
}
#pragma pargrad reverse(normalised) wrt(x)

/* an unsigned counter: the lanes run up */
void weighted_rows(size_t n, size_t m, const double *w, const double *x, double *y) {
#pragma pargrad map
#pragma omp parallel for
    for (size_t i = 0; i < n; i++) {
        const double c = cos(x[i * m]);
        double s = 0.0;
        for (size_t j = 0; j < m; j++)
            s += c * w[j] * x[i * m + j];
        y[i] = s;
    }
}
#pragma pargrad reverse(weighted_rows) wrt(x) out(y)

/* a sweep reading the element the previous iteration wrote: t_b[j - 1]
 * and t_b[j] in one adjoint iteration, no lanes */
void running_blend(int n, int m, const double *x, double *y) {
#pragma pargrad map
#pragma omp parallel for
    for (int i = 0; i < n; i++) {
        const double g = sin(x[i * m]);
        double *yi = y + i * m;
        yi[0] = g;
        for (int j = 1; j < m; j++)
            yi[j] = 0.5 * yi[j - 1] + g * x[i * m + j];
    }
}
#pragma pargrad reverse(running_blend) wrt(x) out(y)
