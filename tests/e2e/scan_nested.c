/* Scans inside other loops: per-row cumulative sums in a map, a running
 * maximum in every step of a time loop, a scan in a helper called from a
 * reduce, and a scan in a sequential loop's body whose bound changes. */
#include <math.h>
#include <stdlib.h>

enum { COLS = 4 };

/* softplus of the row's running sums, then a weighted total */
double scan_rows(int n, const double *x) {
    double *out = malloc(n * COLS * sizeof(double));
#pragma pargrad map
    for (int i = 0; i < n; i++) {
        double c = 0.0;
#pragma pargrad scan(+ : c)
        for (int j = 0; j < COLS; j++) {
            c += x[(i + j) % n] * (j + 1);
            out[i * COLS + j] = log(1.0 + exp(c));
        }
    }
    double s = 0.0;
#pragma pargrad reduce(+ : s)
    for (int k = 0; k < n * COLS; k++)
        s += out[k] * (k % 3 - 1);
    free(out);
    return s;
}

/* a time loop: each step relaxes u towards the running maximum so far */
double scan_steps(int n, const double *x) {
    double *u = malloc(n * sizeof(double));
#pragma pargrad map
    for (int i = 0; i < n; i++)
        u[i] = x[i];
    double total = 0.0;
    for (int t = 0; t < 3; t++) {
        double peak = -2.0 + 0.1 * t;
#pragma pargrad scan(max : peak)
        for (int i = 0; i < n; i++) {
            peak = fmax(peak, sin(u[i] + t));
            u[i] = 0.5 * u[i] + 0.25 * peak;
        }
        total += peak;
    }
    double s = 0.0;
#pragma pargrad reduce(+ : s)
    for (int i = 0; i < n; i++)
        s += u[i] * u[i];
    free(u);
    return s + total;
}

static double prefix_energy(int m, const double *r) {
    double run = 1.0, e = 0.0;
#pragma pargrad scan(* : run)
    for (int j = 0; j < m; j++)
        run *= 1.0 + 0.5 * r[j];
    e = run * run;
    return e;
}

/* a helper's product scan, from a reduce over windows of x */
double scan_helper(int n, const double *x) {
    double s = 0.0;
#pragma pargrad reduce(+ : s)
    for (int i = 0; i + 3 <= n; i++)
        s += prefix_energy(3, &x[i]);
    return s;
}

/* a scan in a sequential loop whose trip count grows */
double scan_growing(int n, const double *x) {
    double acc_total = 0.0;
    double *y = malloc(n * sizeof(double));
    for (int len = 1; len <= n; len++) {
        double m = x[0];
        double w = 0.0;
#pragma pargrad scan(min : m)
        for (int i = 0; i < len; i++) {
            y[i] = m * x[i]; /* before the update */
            if (x[i] < m)
                m = x[i];
        }
#pragma pargrad reduce(+ : w)
        for (int i = 0; i < len; i++)
            w += y[i];
        acc_total += w * m;
    }
    free(y);
    return acc_total;
}

#pragma pargrad reverse(scan_rows) wrt(x) out(return )
#pragma pargrad reverse(scan_steps) wrt(x) out(return )
#pragma pargrad reverse(scan_helper) wrt(x) out(return )
#pragma pargrad reverse(scan_growing) wrt(x) out(return )
