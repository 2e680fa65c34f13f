/* Statement macros as HPC code writes them: do { ... } while (0) bodies
 * with a local temporary, a pointer swap of malloc'ed grids, an
 * accumulation inside a reduce, a branch and a loop in the body. */
#include <math.h>
#include <stdlib.h>

#define SWAP(a, b)                                                                                 \
    do {                                                                                           \
        double *tmp_ = (a);                                                                        \
        (a) = (b);                                                                                 \
        (b) = tmp_;                                                                                \
    } while (0)
#define ACC_SQ(s, v)                                                                               \
    do {                                                                                           \
        double t_ = (v);                                                                           \
        (s) += t_ * t_;                                                                            \
    } while (0)
#define CLAMP_ADD(s, v, lo, hi)                                                                    \
    do {                                                                                           \
        if ((v) < (lo))                                                                            \
            (s) += (lo);                                                                           \
        else if ((v) > (hi))                                                                       \
            (s) += (hi);                                                                           \
        else                                                                                       \
            (s) += (v);                                                                            \
    } while (0)
#define AXPY_ROW(y, a, x, n)                                                                       \
    do {                                                                                           \
        for (int k_ = 0; k_ < (n); k_++)                                                           \
            (y)[k_] += (a) * (x)[k_];                                                              \
    } while (0)

/* explicit diffusion with ping-pong grids swapped by the macro */
double diffuse(int n, int steps, const double *u0, double nu) {
    double *u = malloc(sizeof(double) * n);
    double *v = malloc(sizeof(double) * n);
    int i, t;
    for (i = 0; i < n; i++)
        u[i] = u0[i];
    for (t = 0; t < steps; t++) {
#pragma pargrad map
        for (i = 1; i < n - 1; i++)
            v[i] = u[i] + nu * (u[i - 1] - 2.0 * u[i] + u[i + 1]);
        v[0] = u[0];
        v[n - 1] = u[n - 1];
        SWAP(u, v);
    }
    double s = 0.0;
#pragma pargrad reduce(+ : s)
    for (i = 0; i < n; i++)
        ACC_SQ(s, sin(u[i]));
    free(u);
    free(v);
    return s;
}

double clamped(int n, const double *x) {
    double s = 0.0;
#pragma pargrad reduce(+ : s)
    for (int i = 0; i < n; i++)
        CLAMP_ADD(s, x[i] * x[i] - 1.0, -0.5, 2.0);
    return s;
}

/* y = sum_r w[r] * A[r][:], then its squared norm */
double rows(int m, int n, const double *A, const double *w) {
    double *y = calloc((size_t)n, sizeof(double));
    for (int r = 0; r < m; r++)
        AXPY_ROW(y, w[r], A + (size_t)r * n, n);
    double s = 0.0;
    for (int k = 0; k < n; k++)
        s += y[k] * y[k];
    free(y);
    return s;
}

#pragma pargrad reverse(diffuse) wrt(u0, nu)
#pragma pargrad reverse(clamped) wrt(x)
#pragma pargrad reverse(rows) wrt(A, w)
