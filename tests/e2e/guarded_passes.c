/* Writes whose index is valid only where a guard lets them run, in plain
 * sequential C: an odd-even pass whose last pair is skipped (`if (i + 1 <
 * n)`), a finite-volume face loop where boundary faces have no neighbour
 * (`if (nb >= 0) res[nb] -= f`), a halo copy through a partner table with
 * -1 for none, and loops that stop on a condition (`h *= 2`, `while (m >
 * 1)`, `for (;;) { if (h >= n) break; ... }`) whose exiting trip writes
 * nothing. The elements these loops
 * overwrite are saved and put back only where the guard holds: never one
 * outside the array. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

double odd_even(int n, const double *x) {
    double *y = malloc(n * sizeof(double));
    memcpy(y, x, n * sizeof(double));
    for (int p = 0; p < 4; p++) {
        int off = p % 2;
        for (int b = 0; b <= n / 2; b++) {
            int i = 2 * b + off;
            if (i + 1 < n) {
                double a = y[i], c = y[i + 1];
                y[i] = 0.5 * (a + c) + 0.1 * a * c;
                y[i + 1] = 0.5 * (a - c);
            }
        }
    }
    double s = 0.0;
    for (int i = 0; i < n; i++)
        s += y[i] * (1.0 + 0.01 * i);
    free(y);
    return s;
}

double faces(int n, const double *x) {
    double *u = malloc(n * sizeof(double));
    double *res = malloc(n * sizeof(double));
    int *own = malloc((n + 1) * sizeof(int));
    int *nei = malloc((n + 1) * sizeof(int));
    for (int f = 0; f <= n; f++) { /* face f between cells f - 1 and f */
        own[f] = f < n ? f : n - 1;
        nei[f] = f > 0 && f < n ? f - 1 : -1;
    }
    memcpy(u, x, n * sizeof(double));
    for (int t = 0; t < 3; t++) {
        for (int c = 0; c < n; c++)
            res[c] = 0.0;
        for (int f = 0; f <= n; f++) {
            int a = own[f], b = nei[f];
            double ub = b >= 0 ? u[b] : 0.0;
            double flux = 0.3 * (u[a] - ub) + 0.05 * u[a] * ub;
            res[a] += flux;
            if (b >= 0)
                res[b] -= flux;
        }
        for (int c = 0; c < n; c++)
            u[c] -= 0.2 * res[c];
    }
    double e = 0.0;
    for (int c = 0; c < n; c++)
        e += u[c] * u[c];
    free(u);
    free(res);
    free(own);
    free(nei);
    return e;
}

double halo(int n, const double *x) {
    double *u = malloc(n * sizeof(double));
    int *partner = malloc(n * sizeof(int));
    for (int i = 0; i < n; i++)
        partner[i] = i % 3 == 0 || n - 1 - i <= i ? -1 : n - 1 - i;
    memcpy(u, x, n * sizeof(double));
    for (int t = 0; t < 3; t++)
        for (int i = 0; i < n; i++)
            if (partner[i] >= 0)
                u[partner[i]] = 0.5 * (u[partner[i]] + u[i] * u[i]);
    double s = 0.0;
    for (int i = 0; i < n; i++)
        s += sin(u[i]);
    free(u);
    free(partner);
    return s;
}

double doubling(int n, const double *x) {
    double *y = malloc(n * sizeof(double));
    memcpy(y, x, n * sizeof(double));
    for (int h = 1; h < n; h *= 2)
        for (int i = n - 1; i >= h; i--)
            y[i] += 0.3 * y[i - h] * cos(y[i]);
    double s = 0.0;
    for (int i = 0; i < n; i++)
        s += y[i];
    free(y);
    return s;
}

double halving(int n, const double *x) {
    double *y = malloc(n * sizeof(double));
    memcpy(y, x, n * sizeof(double));
    int m = n;
    while (m > 1) {
        for (int i = 0; i < m / 2; i++)
            y[i] = 0.5 * (y[2 * i] + y[2 * i + 1]) + 0.1 * y[2 * i] * y[2 * i + 1];
        m /= 2;
    }
    double r = y[0];
    free(y);
    return r;
}

/* levels of a tree laid out in one buffer, the loop left by a break */
double levels(int n, const double *x) {
    double *z = malloc(n * sizeof(double));
    memcpy(z, x, n * sizeof(double));
    int h = 1;
    for (;;) {
        if (h >= n)
            break;
#pragma pargrad map
        for (int b = 0; b < h; b++)
            if (h + b < n)
                z[h + b] = sin(z[h + b]) + 0.5 * z[b];
        h *= 2;
    }
    double s = 0.0;
    for (int i = 0; i < n; i++)
        s += z[i] * z[i];
    free(z);
    return s;
}

#pragma pargrad reverse(odd_even) wrt(x)
#pragma pargrad reverse(faces) wrt(x)
#pragma pargrad reverse(halo) wrt(x)
#pragma pargrad reverse(doubling) wrt(x)
#pragma pargrad reverse(halving) wrt(x)
#pragma pargrad reverse(levels) wrt(x)
