/* expect: 19:10: 't' is private to the iterations of the parallel loop at line 13 */
/* A scratch array made private by OpenMP's private clause, read after
 * the loop: OpenMP leaves it as it was before the loop, the loop run
 * sequentially as the last iteration left it. pargrad follows neither
 * and says so, at the read. */
#include <math.h>

double last_strain(int n, const double *x, double *y) {
    int i, k;
    double t[3] = {0};
#pragma pargrad map
#pragma omp parallel for private(k, t)
    for (i = 0; i < n; i++) {
        for (k = 0; k < 3; k++)
            t[k] = x[3 * i + k] * x[3 * i + k];
        y[i] = t[0] * t[1] + sin(t[2]);
    }
    double r = y[0];
    r += t[2];
    return r;
}
#pragma pargrad reverse(last_strain) wrt(x) out(y, return)
