/* pargrad_gen 18 */
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
double f(int n, int m, const double *x, const double *w, const double a[n][m], double *y) {
    double v2 = fmin((cos((w[n - 1])) * (x[0] + (x[n / 2]))), (((n > 3) ? 1.29 : pow(1.5 + cos(0.03), 1.5))) + 0.25);
    double s3 = 0.0;
    #pragma pargrad reduce(+ : s3)
    for (int i4 = 0; i4 < n; i4++) {
        double v5 = fmin((0.5 * v2), ((x[(i4 + 1) % n]) * tan(0.7 * tanh(v2))) + 0.25);
        s3 = s3 + (expf(tanhf((float)atanf((float)((double)i4 / n)) * 0.5f)) + (w[n - 1]));
    }
    #pragma pargrad map
    for (int i6 = 0; i6 < n; i6 += 1) {
        double s7 = 1.0;
        #pragma pargrad reduce(* : s7)
        for (int j8 = 0; j8 < m; j8++) {
            float f9 = (float)((w[n - 1]));
            s7 = s7 * (1.0 + 0.2 * tanh((v2 + ((double)i6 / n))));
        }
        y[i6] = ((double)i6 / n);
    }
    return sin(((y[n - 1]) + s3));
}

#pragma pargrad reverse(f) wrt(x, w, a) out(y, return)
