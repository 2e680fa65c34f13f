/* pargrad_gen 19 */
#include <math.h>
#include <stdlib.h>

static double h1(double a, double b) {
    if (((((a < -0.06) ? b : a)) < 0.25))
        return (((a < 0.17) ? a : fmax(b, 0.11 - 0.25)));
    double la1[3] = {0.94, (((b > -0.42) ? a : (b / (1.0 + a * a)))), b};
    if ((b > 0.18))
        return sin((0.81 * (la1[1] + b) + pow(1.5 + cos(b), 1.5)));
    return la1[1];
}
static double h2(const double *v, int k) {
    return v[k];
}
double f(int n, int m, const double *x, const double *w, double *y) {
    double v2 = ((sqrt(1.0 + (w[n - 1]) * (w[n - 1])) / (1.0 + w[0] * w[0])) - expf(tanhf((float)(0.5 * (x[n / 2])))));
    double s3 = 0.0;
    #pragma pargrad reduce(+ : s3)
    for (int i4 = 0; i4 < n; i4++) {
        s3 += sqrt(1.0 + sqrtf(1.0f + (float)(atan(((double)i4 / n)) * atan(((double)i4 / n)))) * sqrtf(1.0f + (float)(atan(((double)i4 / n)) * atan(((double)i4 / n)))));
    }
    #pragma pargrad map
    for (int i5 = 0; i5 < n; i5 += 1) {
        y[i5] = h1((-1.38), tanh(tanh(s3)));
    }
    return atan((sqrtf(1.0f + (float)(cos((0.5 * v2)) * cos((0.5 * v2)))) + s3));
}

#pragma pargrad reverse(f) wrt(x, w) out(y, return)
