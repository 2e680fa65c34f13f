/* Loops the gradient fuses (rewrite/fuse.c), written where fusing them
 * wrongly would show: temporaries that live across a time loop, a map
 * reading its neighbour's element of what the map before it wrote, scans
 * whose last value, prefixes and terms are read again, scans starting past
 * 0 and scans in a row. Each kernel reduces what it computed to one
 * number. */
#include <math.h>
#include <stdlib.h>

/* maps in a time loop: the adjoint of u flows from step to step */
double fu_time_steps(int n, const double *x) {
    double *u = malloc(n * sizeof(double));
#pragma pargrad map
    for (int i = 0; i < n; i++)
        u[i] = x[i];
    for (int t = 0; t < 3; t++) {
#pragma pargrad map
        for (int i = 0; i < n; i++)
            u[i] = sin(u[i]) + 0.5 * x[i] * u[i];
#pragma pargrad map
        for (int i = 0; i < n; i++)
            u[i] = u[i] * (1.0 + 0.1 * t) - 0.2 * x[i];
    }
    double s = 0;
#pragma pargrad reduce(+ : s)
    for (int i = 0; i < n; i++)
        s += u[i] * u[i];
    free(u);
    return s;
}

/* the second map reads the first's output one element over: not fusible */
double fu_neighbour(int n, const double *x) {
    double *a = malloc(n * sizeof(double)), *b = malloc(n * sizeof(double));
#pragma pargrad map
    for (int i = 0; i < n; i++)
        a[i] = exp(0.3 * x[i]);
#pragma pargrad map
    for (int i = 0; i < n; i++)
        b[i] = a[(i + 1) % n] * x[i] + a[i];
    double s = 0;
#pragma pargrad reduce(+ : s)
    for (int i = 0; i < n; i++)
        s += b[i] * a[i];
    free(a);
    free(b);
    return s;
}

/* a scan whose last value, and the prefixes themselves, are read after it */
double fu_scan_reread(int n, const double *x) {
    double *y = malloc(n * sizeof(double));
    double acc = 0.1;
#pragma pargrad scan(+ : acc)
    for (int i = 0; i < n; i++) {
        acc += x[i] * x[i];
        y[i] = sin(acc);
    }
    double s = 0;
#pragma pargrad reduce(+ : s)
    for (int i = 0; i < n; i++)
        s += y[i] * y[(i + 3) % n];
    free(y);
    return s + acc * acc;
}

/* a running product from i = 2, with an int counter declared first */
double fu_scan_late(int n, const double *x) {
    double *y = calloc((size_t)n, sizeof(double));
    double p = 1.0 + 0.1 * x[0];
    int i;
#pragma pargrad scan(* : p)
    for (i = 2; i < n; i++) {
        p *= 1.0 + 0.5 * sin(x[i]);
        y[i] = p * x[i - 2];
    }
    double s = 0;
#pragma pargrad reduce(+ : s)
    for (i = 0; i < n; i++)
        s += y[i];
    free(y);
    return s + p * x[n - 1];
}

/* two scans in a row over the same iterations, the second over the first's
 * prefixes */
double fu_two_scans(int n, const double *x) {
    double *y = malloc(n * sizeof(double)), *z = malloc(n * sizeof(double));
    double a = 0.0, m = -2.0;
#pragma pargrad scan(+ : a)
    for (int i = 0; i < n; i++) {
        a += tanh(x[i]);
        y[i] = a;
    }
#pragma pargrad scan(max : m)
    for (int i = 0; i < n; i++) {
        m = fmax(m, y[i] * x[i]);
        z[i] = m + y[i];
    }
    double s = 0;
#pragma pargrad reduce(+ : s)
    for (int i = 0; i < n; i++)
        s += z[i] * cos(x[i]);
    free(y);
    free(z);
    return s;
}

/* a scan in a time loop: its temporaries come back every step */
double fu_scan_steps(int n, const double *x) {
    double *u = malloc(n * sizeof(double));
#pragma pargrad map
    for (int i = 0; i < n; i++)
        u[i] = 0.5 * x[i];
    for (int t = 0; t < 2; t++) {
        double c = 0.0;
#pragma pargrad scan(+ : c)
        for (int i = 0; i < n; i++) {
            double v = u[i] * x[i];
            c += v;
            u[i] = 0.3 * c / (1.0 + i) + u[i];
        }
    }
    double s = 0;
#pragma pargrad reduce(+ : s)
    for (int i = 0; i < n; i++)
        s += sin(u[i]);
    free(u);
    return s;
}

#pragma pargrad reverse(fu_time_steps) wrt(x)
#pragma pargrad reverse(fu_neighbour) wrt(x)
#pragma pargrad reverse(fu_scan_reread) wrt(x)
#pragma pargrad reverse(fu_scan_late) wrt(x)
#pragma pargrad reverse(fu_two_scans) wrt(x)
#pragma pargrad reverse(fu_scan_steps) wrt(x)
