/* Regression (trust issue): an in-place update inside a `+` reduce, the
 * softmax normaliser. The adjoint re-runs the reduce body, which must see the
 * values P had before the reduce overwrote them. */
#include <math.h>
#include <stdlib.h>

double softmax_dot(int n, const double *x) {
    double *P = malloc(n * sizeof(double));
    double m = -INFINITY;
#pragma pargrad reduce(max : m)
    for (int j = 0; j < n; j++)
        m = fmax(m, x[j]);
#pragma pargrad map
    for (int j = 0; j < n; j++)
        P[j] = 1.5 * x[j];
    double z = 0.0;
#pragma pargrad reduce(+ : z)
    for (int j = 0; j < n; j++) {
        P[j] = exp(P[j] - m);
        z += P[j];
    }
    double s = 0.0;
#pragma pargrad reduce(+ : s)
    for (int j = 0; j < n; j++)
        s += P[j] * sin(x[j]);
    free(P);
    return s / z + log(z);
}

#pragma pargrad reverse(softmax_dot) wrt(x)
