/* C99 as numerical codes spell it: `restrict` on the parameters of the
 * differentiated functions, and row lengths given by a one-letter macro.
 * The CUDA output spells restrict as C++ compilers do (__restrict__), and
 * includes CUB's headers before the file's macros (`K` is a template
 * parameter's name there), and keeps `const double (*p)[K]` as declared;
 * all three once broke nvcc. */
#include <math.h>

#define K 3
#define IDX(i, k) ((i)*K + (k))

/* squared lengths of n points of K coordinates, through a cosine */
double point_norms(int n, const double x[n][K]) {
    double s = 0.0;
#pragma pargrad reduce(+ : s)
#pragma omp parallel for reduction(+ : s)
    for (int i = 0; i < n; i++) {
        double r = 0.0;
        for (int k = 0; k < K; k++)
            r += x[i][k] * x[i][k];
        s += cos(0.5 * r);
    }
    return s;
}

/* a smoothed copy of the points, into y */
void smooth_rows(int n, const double *restrict x, double *restrict y) {
    int i, k;
#pragma pargrad map
#pragma omp parallel for private(k)
    for (i = 0; i < n; i++)
        for (k = 0; k < K; k++)
            y[IDX(i, k)] = 0.5 * x[IDX(i, k)] + 0.25 * sin(x[IDX((i + 1) % n, k)]);
}

/* a weighted sum with restrict weights */
double weighted(int n, const double *restrict w, const double *restrict x) {
    double s = 0.0;
#pragma pargrad reduce(+ : s)
#pragma omp parallel for reduction(+ : s)
    for (int i = 0; i < n * K; i++)
        s += w[i % K] * tanh(x[i]);
    return s;
}

/* rows through a pointer to arrays of K (C++ has the type: the CUDA
 * output keeps it, and its p[i][k]) */
double row_pointer(int n, const double (*p)[K]) {
    double s = 0.0;
#pragma pargrad reduce(+ : s)
#pragma omp parallel for reduction(+ : s)
    for (int i = 0; i < n; i++)
        s += p[i][0] * p[i][1] - cos(p[i][2]);
    return s;
}

/* the same with the first dimension left open */
double open_rows(int n, const double p[][K]) {
    double s = 0.0;
#pragma pargrad reduce(+ : s)
#pragma omp parallel for reduction(+ : s)
    for (int i = 0; i < n; i++)
        s += exp(-p[i][0] * p[i][0]) + p[i][1] * p[i][2];
    return s;
}

#pragma pargrad reverse(point_norms) wrt(x)
#pragma pargrad reverse(smooth_rows) wrt(x) out(y)
#pragma pargrad reverse(weighted) wrt(w, x)
#pragma pargrad reverse(row_pointer) wrt(p)
#pragma pargrad reverse(open_rows) wrt(p)
