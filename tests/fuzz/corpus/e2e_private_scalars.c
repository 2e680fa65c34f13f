/* Regression (trust issue): OpenMP's private habit. Scalars declared at the
 * top of the function and assigned before they are read in every iteration
 * of a map or reduce are private to the iterations, also when a sequential
 * loop inside the parallel one assigns them; a sequential loop around a
 * reduce whose body runs an inner loop assigning a function-scope scalar
 * used to be an internal error. */
#include <math.h>
#include <stdlib.h>

double private_scalars(int n, const double *x) {
    double t, u, w;
    double *y = malloc(n * sizeof(double));
#pragma pargrad map
    for (int i = 0; i < n; i++) {
        t = sin(x[i]);
        u = t * t;
        for (int k = 0; k < 3; k++)
            u = u * 0.5 + t;
        y[i] = u + t;
    }
    double s = 0.0;
    for (int step = 0; step < 2; step++) {
        double part = 0.0;
#pragma pargrad reduce(+ : part)
        for (int i = 0; i < n; i++) {
            t = y[i] * x[i];
            w = 0.0;
            for (int k = 0; k < 2; k++)
                w += t * (k + 1);
            part += w * t;
        }
        s += part * (step + 1);
    }
    free(y);
    return s;
}

#pragma pargrad reverse(private_scalars) wrt(x)
