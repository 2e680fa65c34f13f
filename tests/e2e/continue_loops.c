/* continue as numerical code uses it: skipping masked or out-of-range
 * elements in a reduction, in a map (the skipped elements keep their
 * value), and in a sequential loop that can also break. */
#include <math.h>
#include <stdlib.h>

/* Energy of the particles inside a cutoff: the others are skipped. */
double cutoff_energy(int n, const double *x) {
    int i;
    double e = 0.0, r2;
#pragma pargrad reduce(+ : e)
    for (i = 0; i < n; i++) {
        r2 = x[i] * x[i];
        if (r2 > 1.44)
            continue;
        if (x[i] < -1.0)
            continue;
        e += 1.0 / (1.0 + r2) + 0.1 * x[i];
    }
    return e;
}

/* Clipped smoothing: elements below a floor are left as they are. */
double smooth_above(int n, const double *x) {
    int i;
    double s = 0.0;
    double *y = malloc(sizeof(double) * (size_t)n);
#pragma pargrad map
    for (i = 0; i < n; i++) {
        y[i] = x[i];
        if (x[i] < -0.3)
            continue;
        y[i] = tanh(2.0 * x[i]) + x[i] * x[i];
    }
#pragma pargrad reduce(+ : s)
    for (i = 0; i < n; i++)
        s += y[i] * y[i];
    free(y);
    return s;
}

/* A sequential recurrence that skips some steps and stops early. */
double skip_and_stop(int n, const double *x) {
    int k;
    double v = 0.5;
    for (k = 0; k < n; k++) {
        if (x[k] > 0.4) {
            v = v * 0.9 + 0.1;
            continue;
        }
        v = v * cos(x[k]) + x[k];
        if (v > 3.0)
            break;
    }
    return v + 0.1 * k;
}

/* Time steps that skip some sweeps, C89 style: the counter i, declared at
 * the top, counts a map after a continue in the inner loop k and a loop
 * inside the map j (where it is private to j's iterations). */
double relax_skip(int n, const double *x) {
    int t, k, i, j;
    double s = 0.0;
    double *u = malloc(sizeof(double) * (size_t)n);
    double *z = malloc(sizeof(double) * (size_t)n);
#pragma pargrad map
    for (i = 0; i < n; i++)
        u[i] = x[i];
    for (t = 0; t < 2; t++) {
        for (k = 0; k < 3; k++) {
            if (x[k % n] < -0.2)
                continue;
#pragma pargrad map
            for (i = 1; i < n - 1; i++)
                u[i] = 0.5 * u[i] + 0.25 * sin(x[i]);
        }
        if (x[0] > 0.8)
            continue;
#pragma pargrad map
        for (j = 0; j < n; j++) {
            double a = 0.0;
            for (i = 0; i < n; i++)
                a += u[i] * x[(i + j) % n];
            z[j] = a;
        }
#pragma pargrad reduce(+ : s)
        for (j = 0; j < n; j++)
            s += z[j] * z[j];
    }
    free(u);
    free(z);
    return s;
}

#pragma pargrad reverse(cutoff_energy) wrt(x)
#pragma pargrad reverse(smooth_above) wrt(x)
#pragma pargrad reverse(skip_and_stop) wrt(x)
#pragma pargrad reverse(relax_skip) wrt(x)
