/* pargrad_gen 82 */
#include <math.h>
#include <stdlib.h>

static double h1(double a, double b) {
    int k1 = (n * 2 + 1) % 5;
    if ((exp(-a * a) < 0.05))
        return (-1.41);
    return expm1(0.5 * sin(0.48));
}
static double h2(const double *v, int k) {
    return v[k];
}
double f(int n, int m, const double *x, double *y) {
    double *tm2 = malloc((size_t)n * (size_t)m * sizeof(double));
    for (int t3 = 0; t3 < 3; t3++) {
        double s4 = -1.0e3;
        #pragma pargrad reduce(max : s4)
        for (int i5 = 0; i5 < n; ++i5) {
            s4 = fmax(s4, x[i5]);
        }
        if ((t3 % 2 == 0))
            break;
    }
    if (((((((-1.38) < 0.47) ? x[0] : (x[n / 2]))) + (x[n / 2])) < -0.20)) {
        double s6 = 0.0;
        #pragma pargrad reduce(+ : s6)
        for (int i7 = 0; i7 < n; i7++) {
            s6 += sqrt(1.0 + sqrtf(1.0f + (float)(atan(((double)i7 / n)) * atan(((double)i7 / n)))) * sqrtf(1.0f + (float)(atan(((double)i7 / n)) * atan(((double)i7 / n)))));
        }
        double s8 = 1.0e3;
        #pragma pargrad reduce(min : s8)
        for (int i9 = 0; i9 < n; i9++) {
            #pragma pargrad map
            for (int j10 = 0; j10 < m; j10 += 1) {
                y[i9 * m + j10] = atanf((float)fmin(x[0], fmin(atan(s6), sin(s6) + 0.25) + 0.25)) * 0.5f;
            }
            s8 = fmin(s8, ((-0.03) + (x[(i9 + 1) % n])));
        }
    }
    double la11[3] = {((x[n / 2]) * sqrt(0.5 + (-0.72) * (-0.72))), expf(tanhf((float)log(2.0 + sin((x[n / 2]))))), x[0]};
    #pragma pargrad map
    for (int i12 = 0; i12 < n; i12++) {
        for (int t13 = 0; t13 <= m - 1; t13++) {
            float f14 = (float)(la11[1]);
            double v15 = sqrtf(1.0f + (float)(pow(1.5 + cos(x[0]), 1.5) * pow(1.5 + cos(x[0]), 1.5)));
        }
        y[i12] = (fmax(la11[0], (x[(i12 + 1) % n]) - 0.25) + sqrtf(1.0f + (float)(log(1.0 + la11[2] * la11[2]) * log(1.0 + la11[2] * la11[2]))));
    }
    free(tm2);
    return pow(1.5 + cos(((float)la11[2])), 1.5);
}

#pragma pargrad reverse(f) wrt(x) out(y, return)
