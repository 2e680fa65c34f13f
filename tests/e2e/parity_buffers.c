/* Time levels chosen by the step's parity, as stencil codes write them:
 * `src = t % 2 ? b : a; dst = t % 2 ? a : b;` (no swap), the map reading
 * src and writing dst. The two choices test the same condition, so they
 * never pick the same array and the map keeps its promise; pargrad lifts
 * the statements after the first choice once per branch, and the second
 * choice, on the same condition with the same values, takes that branch.
 * Also with the condition spelled (t & 1) == 0 in a while-style loop
 * counter, and a 2-D grid of rows, and a choice whose condition changes
 * between the two (the step counter moves on): versioned both times. */
#include <math.h>
#include <stdlib.h>

double parity_heat(int n, int T, const double *x, const double *kappa) {
    double *a = malloc(sizeof(double) * n), *b = malloc(sizeof(double) * n);
    int t, i;
#pragma pargrad map
#pragma omp parallel for
    for (i = 0; i < n; i++)
        a[i] = b[i] = x[i];
    for (t = 0; t < T; t++) {
        const double *src = t % 2 ? b : a;
        double *dst = t % 2 ? a : b;
#pragma pargrad map
#pragma omp parallel for
        for (i = 1; i < n - 1; i++)
            dst[i] =
                src[i] + kappa[i] * (src[i - 1] - 2.0 * src[i] + src[i + 1]) + 0.05 * sin(src[i]);
    }
    const double *last = T % 2 ? b : a;
    double s = 0.0;
#pragma pargrad reduce(+ : s)
#pragma omp parallel for reduction(+ : s)
    for (i = 0; i < n; i++)
        s += last[i] * last[i] * (1.0 + 0.1 * i);
    free(a);
    free(b);
    return s;
}

/* rows of an n x m grid, the parity from a counter stepped by hand */
double parity_rows(int n, int m, int T, const double *x) {
    double *u = malloc(sizeof(double) * n * m), *v = malloc(sizeof(double) * n * m);
    for (int k = 0; k < n * m; k++)
        u[k] = v[k] = x[k];
    int step = 0;
    while (step < T) {
        double *in = (step & 1) == 0 ? u : v;
        double *out = (step & 1) == 0 ? v : u;
#pragma pargrad map
#pragma omp parallel for
        for (int r = 1; r < n - 1; r++) {
            const double *up = in + (r - 1) * m, *mid = in + r * m, *down = in + (r + 1) * m;
            for (int c = 0; c < m; c++)
                out[r * m + c] = 0.5 * mid[c] + 0.25 * tanh(up[c] + down[c]);
        }
        step++;
    }
    double *fin = (step & 1) == 0 ? u : v;
    double s = 0.0;
    for (int k = 0; k < n * m; k++)
        s += fin[k] * (1.0 + 0.01 * k);
    free(u);
    free(v);
    return s;
}

/* the counter moves between the two choices: they test different values,
 * so both are versioned (four ways, two of them the same array: never
 * taken, a copy from an array into itself) */
double parity_moved(int n, int T, const double *x) {
    double *a = malloc(sizeof(double) * n), *b = malloc(sizeof(double) * n);
    for (int i = 0; i < n; i++)
        a[i] = b[i] = x[i];
    int t = 0;
    while (t < T) {
        const double *src = t % 2 ? b : a;
        t++;
        double *dst = t % 2 ? b : a;
        for (int i = 0; i < n; i++)
            dst[i] = 0.9 * src[(i + 1) % n] + 0.1 * src[i] * src[i];
    }
    const double *last = t % 2 ? b : a;
    double s = 0.0;
    for (int i = 0; i < n; i++)
        s += last[i] * (i + 1);
    free(a);
    free(b);
    return s;
}

#pragma pargrad reverse(parity_heat) wrt(x, kappa)
#pragma pargrad reverse(parity_rows) wrt(x)
#pragma pargrad reverse(parity_moved) wrt(x)
