/* Scans whose terms pargrad cannot compute ahead of the iterations (the
 * parallel rule computes all terms first, in a map): a term read back from
 * an array the iteration has just written, and a term computed through a
 * scratch array declared before the loop. Such loops are still the
 * sequential loops they are: they are differentiated as such, and the
 * output says so (they were rejected before). */
#include <math.h>
#include <stdlib.h>

double sf_written(int n, const double *x) {
    double *t = malloc(sizeof(double) * (size_t)n), *z = malloc(sizeof(double) * (size_t)n);
    double acc = 0.0, s = 0.0;
#pragma pargrad scan(+ : acc)
    for (int i = 0; i < n; i++) {
        t[i] = x[i] * x[i] + 0.5 * sin(x[i]);
        acc += t[i];
        z[i] = acc * x[i];
    }
    for (int i = 0; i < n; i++)
        s += z[i];
    free(t);
    free(z);
    return s;
}

double sf_scratch(int n, const double *x) {
    double w[2], *z = malloc(sizeof(double) * (size_t)n);
    double prod = 1.0, s = 0.0;
#pragma pargrad scan(* : prod)
    for (int i = 0; i < n; i++) {
        w[0] = 0.9 + 0.1 * tanh(x[i]);
        w[1] = w[0] * w[0];
        prod *= w[1];
        z[i] = prod;
    }
    for (int i = 0; i < n; i++)
        s += z[i];
    free(z);
    return s;
}

double sf_affine(int n, const double *x) {
    double *y = malloc(sizeof(double) * (size_t)n), *z = malloc(sizeof(double) * (size_t)n);
    double h = 0.0, s = 0.0;
#pragma pargrad scan(affine : h)
    for (int i = 0; i < n; i++) {
        y[i] = cos(x[i]);
        h = 0.5 * y[i] * h + x[i];
        z[i] = h * h;
    }
    for (int i = 0; i < n; i++)
        s += z[i];
    free(y);
    free(z);
    return s;
}

#pragma pargrad reverse(sf_written) wrt(x)
#pragma pargrad reverse(sf_scratch) wrt(x)
#pragma pargrad reverse(sf_affine) wrt(x)
