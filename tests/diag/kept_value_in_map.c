/* expect: 9:21: the value 'omp_get_max_threads' returns inside a parallel loop */
#include <math.h>
#include <omp.h>
double relax(int n, int steps, const double *x, double *y) {
    double e = 0.0;
    for (int s = 0; s < steps; s++) {
#pragma pargrad map
        for (int i = 0; i < n; i++) {
            int p = omp_get_max_threads();
            y[i] = sin(y[i]) * x[i] * (p > 1 ? 1.0 : 2.0);
        }
    }
    for (int i = 0; i < n; i++)
        e += y[i] * y[i];
    return e;
}
#pragma pargrad reverse(relax) wrt(x, y) out(y)
