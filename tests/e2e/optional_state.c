/* Optional arrays the gradient saves, restores or adds into: an optional
 * state under checkpoint(entry: v) and under stripmine(2), an optional
 * histogram among a function's outputs, an optional output overwritten
 * in a sequential loop, weights read by a histogram in a time loop. The
 * code pargrad adds for such an array (its saves, its seeds, its
 * adjoint's sums) runs where the caller gave it. */
#include <math.h>
#include <stdlib.h>

double entry_opt(int n, int steps, double *u, double *v) {
#pragma pargrad loop checkpoint(entry : v)
    for (int t = 0; t < steps; t++) {
        if (v) {
#pragma pargrad map
            for (int i = 0; i < n; i++)
                v[i] = 0.1 * sin(u[i]) + t;
        }
#pragma pargrad map
        for (int i = 0; i < n; i++)
            u[i] = u[i] * 0.5 + (v ? 0.1 * v[i] : 0.0);
    }
    double s = 0.0;
#pragma pargrad reduce(+ : s)
    for (int i = 0; i < n; i++)
        s += u[i] * u[i];
    return s;
}
#pragma pargrad reverse(entry_opt) wrt(u, v)

double strip_opt(int n, int steps, double *u, double *v) {
#pragma pargrad loop stripmine(2)
    for (int t = 0; t < steps; t++) {
        if (v != NULL) {
#pragma pargrad map
            for (int i = 0; i < n; i++)
                v[i] = 0.9 * v[i] + 0.1 * sin(u[i]);
        }
#pragma pargrad map
        for (int i = 0; i < n; i++)
            u[i] = u[i] * 0.5 + (v ? 0.1 * v[i] : 0.0);
    }
    double s = 0.0;
#pragma pargrad reduce(+ : s)
    for (int i = 0; i < n; i++)
        s += u[i] * u[i];
    return s;
}
#pragma pargrad reverse(strip_opt) wrt(u, v)

void hist_opt(int n, const double *x, const int *bin, int nb, double h[nb], double h2[nb]) {
#pragma pargrad histogram(+ : h)
    for (int i = 0; i < n; i++)
        h[bin[i]] += x[i] * x[i];
    if (h2) {
#pragma pargrad histogram(+ : h2)
        for (int i = 0; i < n; i++)
            h2[bin[i]] += sin(x[i]);
    }
}
#pragma pargrad reverse(hist_opt) wrt(x) out(h, h2)

double seq_opt(int n, const double *x, double *y) {
    double s = 0.0, c = 1.0;
    for (int i = 0; i < n; i++) {
        c = 0.5 * c + x[i];
        if (y)
            y[i % 3] = c * c;
        s += c;
    }
    return s + (y ? y[0] : 0.0);
}
#pragma pargrad reverse(seq_opt) wrt(x)

double wgrad_opt(int n, const double *x, const double *w, int nb, const int *bin) {
    double *h = calloc((size_t)nb, sizeof *h);
    if (!h)
        return NAN;
    double s = 0.0;
    for (int t = 0; t < 3; t++) {
#pragma pargrad histogram(+ : h)
        for (int i = 0; i < n; i++)
            h[bin[i]] += (w ? w[bin[i] % n] : 1.0) * x[i];
    }
    for (int k = 0; k < nb; k++)
        s += h[k] * h[k];
    free(h);
    return s;
}
#pragma pargrad reverse(wgrad_opt) wrt(x, w)
double scan_out(int n, const double *x, double *c) {
    double acc = 0.0;
#pragma pargrad scan(+ : acc)
    for (int i = 0; i < n; i++) {
        acc += x[i] * x[i];
        if (c)
            c[i] = acc;
    }
    return acc;
}
#pragma pargrad reverse(scan_out) wrt(x)

void scatter_opt(int n, const double *x, double *y, double *z) {
#pragma pargrad scatter
    for (int i = 0; i < n; i++) {
        y[n - 1 - i] = x[i] * 2.0;
        if (z)
            z[n - 1 - i] = sin(x[i]);
    }
}
#pragma pargrad reverse(scatter_opt) wrt(x) out(y, z)

double affine_opt(int n, const double *a, double *yv) {
    double y = 0.0;
#pragma pargrad scan(affine : y)
    for (int i = 0; i < n; i++) {
        y = a[i] * y + 1.0;
        if (yv != NULL)
            yv[i] = y;
    }
    return y;
}
#pragma pargrad reverse(affine_opt) wrt(a)

double inplace_opt(int n, double *x, double *v) {
    for (int t = 0; t < 3; t++)
        for (int i = 1; i < n; i++) {
            x[i] = x[i] + 0.5 * x[i - 1];
            if (v)
                v[i] = v[i - 1] * 0.5 + x[i];
        }
    double s = 0;
    for (int i = 0; i < n; i++)
        s += x[i] * (v ? v[i] : 1.0);
    return s;
}
#pragma pargrad reverse(inplace_opt) wrt(x, v)
