/* Histograms with *, min and max: bins that receive nothing, two updates
 * per iteration (one under an if), ?: and fmin/fmax spellings, the
 * operator inferred, a histogram rebuilt in every step of a time loop,
 * a local histogram per row of a reduce, and the tie and zero rules on
 * known answers. */
#include <math.h>
#include <stdlib.h>

enum { NB = 7 };

/* the smallest value per bin; the last bin receives nothing */
double hist_min_bins(int n, const double *x) {
    double h[NB];
    for (int b = 0; b < NB; b++)
        h[b] = 5.0;
#pragma pargrad histogram(min : h)
    for (int i = 0; i < n; i++) {
        double v = sin(3.0 * x[i]) + 0.1 * x[i] * x[i];
        int k = (i * 5 + 1) % (NB - 1);
        h[k] = fmin(h[k], v);
    }
    double s = 0.0;
#pragma pargrad reduce(+ : s)
    for (int b = 0; b < NB; b++)
        s += h[b] * (b + 1) + h[b] * h[b];
    return s;
}

/* max written as ?:, two updates per iteration, one under an if */
double hist_max_two(int n, const double *x) {
    double *h = malloc(NB * sizeof(double));
#pragma pargrad map
    for (int b = 0; b < NB; b++)
        h[b] = -10.0 + b;
#pragma pargrad histogram(max : h)
    for (int i = 0; i < n; i++) {
        double v = x[i] * exp(-x[i]);
        int k = i % NB;
        h[k] = (v > h[k]) ? v : h[k];
        if (x[i] > 0.0)
            h[(k + 3) % NB] = fmax(h[(k + 3) % NB], 2.0 * x[i]);
    }
    double s = 0.0;
    for (int b = 0; b < NB; b++)
        s += log(12.0 + h[b]) * (b % 3 + 1);
    free(h);
    return s;
}

/* a product per bin, the operator inferred from the update */
double hist_prod(int n, const double *x) {
    double h[NB];
    for (int b = 0; b < NB; b++)
        h[b] = 1.0 + 0.1 * b;
#pragma pargrad histogram(h)
    for (int i = 0; i < n; i++) {
        int k = (i * i + 2) % NB;
        h[k] *= 1.0 + 0.5 * tanh(x[i]);
    }
    double s = 0.0;
    for (int b = 0; b < NB; b++)
        s += h[b] * (b + 1);
    return s;
}

/* a time loop: each step takes the largest u per bin, and u moves towards it */
double hist_steps_max(int n, const double *x) {
    double *u = malloc(n * sizeof(double));
    double *h = malloc(NB * sizeof(double));
#pragma pargrad map
    for (int i = 0; i < n; i++)
        u[i] = x[i];
    for (int t = 0; t < 3; t++) {
#pragma pargrad map
        for (int b = 0; b < NB; b++)
            h[b] = -5.0;
#pragma pargrad histogram(max : h)
        for (int i = 0; i < n; i++)
            h[(i + t) % NB] = fmax(h[(i + t) % NB], u[i]);
#pragma pargrad map
        for (int i = 0; i < n; i++)
            u[i] = 0.7 * u[i] + 0.2 * h[(i + t) % NB] + 0.05 * x[i];
    }
    double s = 0.0;
#pragma pargrad reduce(+ : s)
    for (int i = 0; i < n; i++)
        s += u[i] * u[i];
    free(u);
    free(h);
    return s;
}

/* a local histogram per row of a reduce */
double hist_rows(int n, const double *x) {
    double s = 0.0;
#pragma pargrad reduce(+ : s)
    for (int r = 0; r < 3; r++) {
        double h[4];
        for (int b = 0; b < 4; b++)
            h[b] = 3.0;
#pragma pargrad histogram(min : h)
        for (int i = 0; i < n; i++)
            h[(i + r) % 4] = fmin(h[(i + r) % 4], cos(x[i] * (r + 1)));
        for (int b = 0; b < 4; b++)
            s += h[b] * (b + 1);
    }
    return s;
}

/* a histogram in the body of a scan whose term uses its bins (finding 033) */
double hist_scan_term(int n, const double *x) {
    double c = 0.0, s = 0.0;
    double *y = malloc(n * sizeof(double));
#pragma pargrad scan(+ : c)
    for (int i = 0; i < n; i++) {
        double hb[5];
        for (int q = 0; q < 5; q++)
            hb[q] = -4.0 + 0.1 * q;
#pragma pargrad histogram(max : hb)
        for (int j = 0; j < n; j++)
            hb[(j * 2 + i) % 5] = fmax(0.5 * x[j], hb[(j * 2 + i) % 5]);
        double hs = 0.0;
        for (int q = 0; q < 5; q++)
            hs += hb[q] * (q % 3 + 1);
        c = c + 0.5 * hs * x[i];
        y[i] = c;
    }
#pragma pargrad reduce(+ : s)
    for (int i = 0; i < n; i++)
        s += y[i] * y[i];
    free(y);
    return s + c;
}

/* known answers: ties (the first update, or the bin's value from before,
 * keeps the adjoint) */
double hist_ties(int n, int nb, const double *x, const int *key) {
    double *h = malloc(nb * sizeof(double));
#pragma pargrad map
    for (int b = 0; b < nb; b++)
        h[b] = 1.0;
#pragma pargrad histogram(min : h)
    for (int i = 0; i < n; i++)
        h[key[i]] = fmin(h[key[i]], x[i]);
    double s = 0.0;
#pragma pargrad reduce(+ : s)
    for (int b = 0; b < nb; b++)
        s += h[b] * (b % 3 + 1);
    free(h);
    return s;
}

/* known answers: zeros in products */
double hist_zeros(int n, int nb, const double *x, const int *key) {
    double *h = malloc(nb * sizeof(double));
#pragma pargrad map
    for (int b = 0; b < nb; b++)
        h[b] = 2.0;
#pragma pargrad histogram(* : h)
    for (int i = 0; i < n; i++)
        h[key[i]] *= x[i];
    double s = 0.0;
#pragma pargrad reduce(+ : s)
    for (int b = 0; b < nb; b++)
        s += h[b] * (b % 3 + 1);
    free(h);
    return s;
}

/* float bins */
float hist_max_float(int n, const float *x) {
    float h[NB];
    for (int b = 0; b < NB; b++)
        h[b] = -2.0f;
#pragma pargrad histogram(max : h)
    for (int i = 0; i < n; i++)
        h[(3 * i) % NB] = fmaxf(h[(3 * i) % NB], sinf(x[i]));
    float s = 0.0f;
    for (int b = 0; b < NB; b++)
        s += h[b] * (float)(b + 1);
    return s;
}

#pragma pargrad reverse(hist_min_bins) wrt(x)
#pragma pargrad reverse(hist_max_two) wrt(x)
#pragma pargrad reverse(hist_prod) wrt(x)
#pragma pargrad reverse(hist_steps_max) wrt(x)
#pragma pargrad reverse(hist_rows) wrt(x)
#pragma pargrad reverse(hist_scan_term) wrt(x)
#pragma pargrad reverse(hist_ties) wrt(x)
#pragma pargrad reverse(hist_zeros) wrt(x)
#pragma pargrad reverse(hist_max_float) wrt(x)
