/* pargrad_gen 84 */
#include <math.h>
#include <stdlib.h>

static double h1(const double *v, int k) {
    return atan((log1p((0.06 * (-1.26) + v[k]) * (0.06 * (-1.26) + v[k])) * v[k]));
}
static double h2(const double *v, int k) {
    return (((v[k] < -0.42) ? v[k] : 0.42));
}
double f(int n, int m, const double *x, const double *w, double p) {
    double *tm1 = malloc((size_t)n * (size_t)m * sizeof(double));
    double s2 = 1.0e3;
    #pragma pargrad reduce(min : s2)
    for (int i3 = 0; i3 < n; i3 += 1) {
        if ((w[i3] - (h2(x, (i3 + 1) % n))) < s2) s2 = (w[i3] - (h2(x, (i3 + 1) % n)));
    }
    float f4 = (float)(p);
    free(tm1);
    return sin(((0.5 * atan(s2)) + s2));
}

#pragma pargrad reverse(f) wrt(x) out(return)
