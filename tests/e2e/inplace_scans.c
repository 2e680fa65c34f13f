/* Prefix sums and products written in place, as C programs write them:
 * z[i] += z[i - 1] under scan(+ : z), z[i] *= z[i - 1] under scan(* : z),
 * and compound updates of the affine recurrence. Each element's value
 * before the update is an input of its iteration (z[i] += e is z[i] =
 * z[i] + e, not an update of z[i - 1]); one update reads no z[i - 1] at
 * all, and is a map written as a scan. */
#include <math.h>
#include <stdlib.h>

double prefix_sum(int n, const double *x) {
    double *z = malloc(sizeof(double) * (size_t)n);
    for (int i = 0; i < n; i++)
        z[i] = x[i] * x[i];
#pragma pargrad scan(+ : z)
    for (int i = 1; i < n; i++)
        z[i] += z[i - 1];
    double s = 0.0;
    for (int i = 0; i < n; i++)
        s += z[i] * cos(x[i]);
    free(z);
    return s;
}

double prefix_product(int n, const double *x) {
    double *z = malloc(sizeof(double) * (size_t)n);
    for (int i = 0; i < n; i++)
        z[i] = 1.0 + 0.1 * x[i];
#pragma pargrad scan(* : z)
    for (int i = 1; i < n; i++)
        z[i] *= z[i - 1];
    double s = 0.0;
    for (int i = 0; i < n; i++)
        s += z[i] * (i % 4 + 1);
    free(z);
    return s;
}

/* z[i] = z[i] - (0.5 z[i - 1] + x[i]) */
double damped_difference(int n, const double *x) {
    double *z = malloc(sizeof(double) * (size_t)n);
    for (int i = 0; i < n; i++)
        z[i] = sin(x[i]);
#pragma pargrad scan(affine : z)
    for (int i = 1; i < n; i++)
        z[i] -= 0.5 * z[i - 1] + x[i];
    double s = 0.0;
    for (int i = 0; i < n; i++)
        s += z[i] * z[i];
    free(z);
    return s;
}

/* no z[i - 1]: every element on its own */
double scaled_in_place(int n, const double *x) {
    double *z = malloc(sizeof(double) * (size_t)n);
    for (int i = 0; i < n; i++)
        z[i] = 2.0 + x[i];
#pragma pargrad scan(+ : z)
    for (int i = 1; i < n; i++)
        z[i] /= 1.5 + x[i] * x[i];
    double s = 0.0;
    for (int i = 0; i < n; i++)
        s += z[i] * (i + 1);
    free(z);
    return s;
}

#pragma pargrad reverse(prefix_sum) wrt(x)
#pragma pargrad reverse(prefix_product) wrt(x)
#pragma pargrad reverse(damped_difference) wrt(x)
#pragma pargrad reverse(scaled_in_place) wrt(x)
