/* Loops as C89-era numerical code writes them: counters declared at the
 * top of the function, loops running down, steps of 2 and of a variable
 * stride, <= bounds, i = i + 1, unsigned and size_t counters, and counters
 * read after the loop (also after a break). No edits beyond the pragmas. */
#include <math.h>
#include <stddef.h>

/* Back substitution with a unit upper-bidiagonal matrix. */
void backsub(int n, const double *x, double *y) {
    int i;
    y[n - 1] = x[n - 1];
    for (i = n - 2; i >= 0; i--)
        y[i] = x[i] - 0.5 * sin(x[(i + 1) % n]) * y[i + 1];
}

/* Interleaved complex numbers (re, im): sum of |z|^2 with a step of 2. */
double cabs2_sum(int n, const double *x) {
    int k;
    double s = 0.0;
#pragma pargrad reduce(+ : s)
    for (k = 0; k < n - 1; k += 2)
        s += x[k] * x[k] + x[k + 1] * x[k + 1] * cos(x[k]);
    return s;
}

/* A search, then the counter where it stopped. */
double first_peak(int n, const double *x) {
    int i;
    double s = 0.0;
    for (i = 0; i < n; i++) {
        if (x[i] > 1.4)
            break;
        s += x[i] * x[i];
    }
    return s + 0.25 * i * x[0];
}

/* size_t counters running down to 1, and i = i + 1 up to n - 1 inclusive. */
void decay(int n, const double *x, double *y) {
    size_t i, len = (size_t)n;
#pragma pargrad map
    for (i = len; i > 0; i--)
        y[i - 1] = x[len - i] * exp(-0.1 * (double)i);
    for (i = 1; i <= len - 1; i = i + 1)
        y[i] = y[i] + 0.5 * y[i - 1] * y[i - 1];
}

/* A row-wise recurrence running down inside a map: the inner counter j
 * and the scalar t are declared at the top (OpenMP's private(j, t)). */
void rows_down(int n, const double *x, double *y) {
    int i, j, m = 3;
    double t;
#pragma pargrad map
    for (i = 0; i < n; i++) {
        t = 0.0;
        for (j = m - 1; j >= 0; j--)
            t = t * 0.5 + x[(i + j) % n] * x[i];
        y[i] = t;
    }
}

/* A variable stride and an unsigned counter counting down by 3; the counters'
 * final values are used after the loops. */
double strided(int n, const double *x) {
    int i, stride = 1 + n / 4;
    unsigned u;
    double s = 0.0;
    for (i = 1; i < n; i += stride)
        s += x[i] * x[i - 1];
    for (u = (unsigned)n - 1; u >= 2; u -= 3)
        s += 0.1 * sqrt(1.0 + x[u] * x[u]);
    return s + 0.01 * (i + (int)u) * x[n - 1];
}

#pragma pargrad reverse(backsub) wrt(x) out(y)
#pragma pargrad reverse(cabs2_sum) wrt(x)
#pragma pargrad reverse(first_peak) wrt(x)
#pragma pargrad reverse(decay) wrt(x) out(y)
#pragma pargrad reverse(rows_down) wrt(x) out(y)
#pragma pargrad reverse(strided) wrt(x)
