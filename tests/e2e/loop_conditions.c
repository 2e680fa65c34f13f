/* Loop conditions as C code writes them: an offset on the counter
 * (i + 1 < n), the bound on the left (n > i), != with steps of one either
 * way, an inclusive offset with a stride, an unsigned counter with an
 * offset, and a floating bound with an offset. */
#include <math.h>
#include <stddef.h>
#include <stdlib.h>

/* Differences of neighbours, then their smoothed squares. */
double neighbour_energy(int n, const double *x) {
    int i;
    double e = 0.0;
    double *d = malloc(sizeof(double) * (size_t)n);
#pragma pargrad map
    for (i = 0; i + 1 < n; i++)
        d[i] = x[i + 1] - x[i];
#pragma pargrad reduce(+ : e)
    for (i = 1; n - 1 > i; i++)
        e += sqrt(1.0 + d[i] * d[i]) + 0.5 * d[i - 1] * d[i];
    free(d);
    return e;
}

/* Horner from the top with !=, then a weighted sum with != going up. */
double poly_ne(int n, const double *x) {
    int i;
    double p = 0.0, s = 0.0;
    for (i = n - 1; i != -1; i--)
        p = p * 0.7 + sin(x[i]);
#pragma pargrad reduce(+ : s)
    for (i = 0; i != n; i++)
        s += x[i] * x[i] * (1.0 + 0.1 * i);
    return p + s;
}

/* Pairs with a stride and an inclusive offset, an unsigned counter, and a
 * time loop whose floating bound has an offset. */
double pairs_and_steps(int n, const double *x) {
    int k, t;
    size_t j, len = (size_t)n;
    double s = 0.0, v = 0.25;
    for (k = 0; k + 2 <= n; k += 2)
        s += x[k] * x[k + 1];
    for (j = 0; j + 1 < len; j++)
        s += 0.5 * cos(x[j] - x[j + 1]);
    for (t = 0; t + 1 < 3.5 / 0.5; t++)
        v = v * 0.9 + 0.1 * tanh(v + x[t % n]);
    for (k = n; k - 1 > 0; k--)
        v += 0.01 * x[k - 1] * v;
    return s + v;
}

#pragma pargrad reverse(neighbour_energy) wrt(x)
#pragma pargrad reverse(poly_ne) wrt(x)
#pragma pargrad reverse(pairs_and_steps) wrt(x)
