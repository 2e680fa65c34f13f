/* Regression (trust issue): a max reduce whose body also stores a value per
 * iteration. Every store's adjoint must run, not only the arg-max
 * iteration's; and the forward pass must run the body once (it updates t in
 * place: the blocked arg-max search would apply the update twice). */
#include <math.h>
#include <stdlib.h>

double peak_energy(int n, const double *x) {
    double *y = malloc(n * sizeof(double));
    double *t = malloc(n * sizeof(double));
#pragma pargrad map
    for (int i = 0; i < n; i++)
        t[i] = cos(x[i]);
    double m = -INFINITY;
#pragma pargrad reduce(max : m)
    for (int i = 0; i < n; i++) {
        y[i] = sin(x[i]) * x[i];
        t[i] = 2.0 * t[i] + x[i];
        m = fmax(m, y[i] + t[i]);
    }
    double s = 0.0;
#pragma pargrad reduce(+ : s)
    for (int i = 0; i < n; i++)
        s += y[i] * y[i] + t[i] * t[i];
    free(y);
    free(t);
    return m + s;
}

#pragma pargrad reverse(peak_energy) wrt(x)
