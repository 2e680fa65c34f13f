/* pargrad_gen 3 */
#include <math.h>
#include <stdlib.h>

static double h1(double a, double b) {
    float f1 = (float)(b);
    if ((a > -0.26))
        return hypot(expm1(0.5 * sin(f1)), 0.5 + sqrt(0.5 + b * b) * sqrt(0.5 + b * b));
    return (tanh(((b - a) * log(1.0 + f1 * f1))) + (a - sin((a * f1))));
}
double f(int n, int m, const double *x, const double *w, double p) {
    double *tm2 = malloc((size_t)n * (size_t)m * sizeof(double));
    #pragma pargrad map
    for (int i3 = 0; i3 < n; i3++) {
        tm2[i3] = h1((sqrt(0.5 + (-1.26) * (-1.26)) / (1.0 + (((i3 < n / 2) ? x[i3] : (w[n - 1]))) * (((i3 < n / 2) ? x[i3] : (w[n - 1]))))), expf(tanhf((float)log1p(w[0] * w[0]))));
    }
    double v4 = log(2.0 + sin(((0.5 * (w[n - 1])) / (1.0 + fmax(tm2[0], (w[n / 2]) - 0.25) * fmax(tm2[0], (w[n / 2]) - 0.25)))));
    double v5 = (sin(((w[n - 1]) * p)) - (0.5 * ((-1.38) + (x[n / 2]))));
    free(tm2);
    return p;
}

#pragma pargrad reverse(f) wrt(x, w, p) out(return)
