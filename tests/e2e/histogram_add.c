/* Histograms (reduce-by-index) with +: weighted counts into bins, several
 * updates per iteration, -= and h[k] = h[k] + v, a local histogram, bins
 * that receive nothing, and a histogram rebuilt in every step of a time
 * loop whose later steps read it. */
#include <math.h>
#include <stdlib.h>

enum { NB = 5 };

double hist_weighted(int n, const double *x) {
    double h[NB] = {0};
#pragma pargrad histogram(+ : h)
    for (int i = 0; i < n; i++) {
        double w = exp(-x[i] * x[i]);
        int k = (i * 7 + 3) % NB;
        h[k] += w * x[i];
        h[(k + 1) % NB] = h[(k + 1) % NB] + 0.5 * w;
        h[(2 * k) % NB] -= 0.25 * x[i];
    }
    double s = 0.0;
#pragma pargrad reduce(+ : s)
    for (int b = 0; b < NB; b++)
        s += sin(h[b]) * (b + 1);
    return s;
}

/* bins of a malloc'ed array; most stay empty when n is small */
double hist_sparse(int n, const double *x) {
    int nb = 3 * n + 1;
    double *h = malloc(nb * sizeof(double));
#pragma pargrad map
    for (int b = 0; b < nb; b++)
        h[b] = 0.1;
#pragma pargrad histogram(+ : h)
    for (int i = 0; i < n; i++)
        h[(i * i) % nb] += x[i] * x[i];
    double s = 0.0;
#pragma pargrad reduce(+ : s)
    for (int b = 0; b < nb; b++)
        s += log(h[b]) * (b % 4 + 1);
    free(h);
    return s;
}

/* a time loop: each step bins u, and u moves towards its bin's mean */
double hist_steps(int n, const double *x) {
    double *u = malloc(n * sizeof(double));
    double *h = malloc(NB * sizeof(double));
#pragma pargrad map
    for (int i = 0; i < n; i++)
        u[i] = x[i];
    for (int t = 0; t < 3; t++) {
#pragma pargrad map
        for (int b = 0; b < NB; b++)
            h[b] = 0.0;
#pragma pargrad histogram(+ : h)
        for (int i = 0; i < n; i++)
            h[(i + t) % NB] += tanh(u[i]);
#pragma pargrad map
        for (int i = 0; i < n; i++)
            u[i] = 0.5 * u[i] + 0.3 * h[(i + t) % NB] + 0.1 * x[i];
    }
    double s = 0.0;
#pragma pargrad reduce(+ : s)
    for (int i = 0; i < n; i++)
        s += u[i] * u[i];
    free(u);
    free(h);
    return s;
}

/* bins from the caller's keys, which must be in range */
double hist_keys(int n, const double *x, const int *key) {
    double h[NB] = {0};
#pragma pargrad histogram(+ : h)
    for (int i = 0; i < n; i++)
        h[key[i]] += x[i] * x[i];
    return h[0] + 2.0 * h[NB - 1];
}

/* into the caller's array, declared with its length, after an in-place
 * update the return sweep restores: the output is deposited once */
void hist_out(int n, int nb, const double *x, double h[nb]) {
    double *u = malloc(n * sizeof(double));
#pragma pargrad map
    for (int i = 0; i < n; i++)
        u[i] = x[i];
#pragma pargrad map
    for (int i = 0; i < n; i++)
        u[i] = u[i] * u[i];
#pragma pargrad histogram(+ : h)
    for (int i = 0; i < n; i++)
        h[(3 * i) % nb] += u[i];
    free(u);
}

#pragma pargrad reverse(hist_weighted) wrt(x) out(return )
/* the histogram alone: its forward and adjoint run as one loop, which
 * must leave the primal's bins in h (per-thread copies of few bins, atomics
 * for many) */
void hist_only(int n, int nb, const int *key, const double *x, double h[nb]) {
#pragma pargrad histogram(+ : h)
    for (int i = 0; i < n; i++)
        h[key[i]] += x[i] * x[i];
}

/* the histogram, then its bins updated in place: the update saves what it
 * reads, the histogram (whose bins nothing before reads) nothing, and
 * only the update runs again for the caller's h */
void hist_then_square(int n, int nb, const double *x, double h[nb]) {
#pragma pargrad histogram(+ : h)
    for (int i = 0; i < n; i++)
        h[(5 * i) % nb] += x[i] * x[i];
#pragma pargrad map
    for (int b = 0; b < nb; b++)
        h[b] = h[b] * h[b] + 1.0;
}

/* a local histogram per row of the function's last loop (whose forward
 * and adjoint run as one loop), its bins read before it adds to them */
double hist_read_before(int n, const double *x) {
    double s = 0.0;
#pragma pargrad reduce(+ : s)
    for (int r = 0; r < 3; r++) {
        double h[4];
        for (int b = 0; b < 4; b++)
            h[b] = sin(x[b % n] * (r + 1));
        double t = h[0] * h[0];
        for (int b = 1; b < 4; b++) /* its adjoint reads the bins again */
            t += h[b] * h[b] * b;
#pragma pargrad histogram(+ : h)
        for (int i = 0; i < n; i++)
            h[(i + r) % 4] += x[i] * x[i];
        s += t * h[1] + h[2] * h[0];
    }
    return s;
}

#pragma pargrad reverse(hist_read_before) wrt(x) out(return )
#pragma pargrad reverse(hist_out) wrt(x) out(h)
#pragma pargrad reverse(hist_then_square) wrt(x) out(h)
#pragma pargrad reverse(hist_only) wrt(x) out(h)
#pragma pargrad reverse(hist_keys) wrt(x) out(return )
#pragma pargrad reverse(hist_sparse) wrt(x) out(return )
#pragma pargrad reverse(hist_steps) wrt(x) out(return )
