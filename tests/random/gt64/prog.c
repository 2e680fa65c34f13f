/* pargrad_gen 64 */
#include <math.h>
#include <stdlib.h>

static double h1(double a, double b) {
    float f1 = (float)((-0.60 * (-0.27 * 0.79 + (-1.29)) + expm1(0.5 * sin((-0.30)))));
    return (fabs(f1) + (-1.41));
}
static double h2(const double *v, int k) {
    return 0.48;
}
void f(int n, int m, const double *x, double p, double *y) {
    double s2 = -1.0e3;
    #pragma pargrad reduce(max : s2)
    for (int i3 = 0; i3 < n; i3++) {
        double s4 = -1.0e3;
        #pragma pargrad reduce(max : s4)
        for (int j5 = 0; j5 < m; j5++) {
            double la6[3] = {((float)(x[i3] / (1.0 + (x[i3 * m + j5]) * (x[i3 * m + j5])))), ((((n > 3) ? ((double)i3 / n) : x[i3])) - expf(tanhf((float)(x[(i3 + 1) % n * m + j5])))), p};
            s4 = fmax(s4, (0.00 * expf(tanhf((float)logf(1.0f + (float)la6[2] * (float)la6[2]))) + exp(-log(1.0 + x[0] * x[0]) * log(1.0 + x[0] * x[0]))));
        }
        if ((log(1.0 + (s4 / (1.0 + s4 * s4)) * (s4 / (1.0 + s4 * s4))) + (x[n - 1 - i3])) > s2) s2 = (log(1.0 + (s4 / (1.0 + s4 * s4)) * (s4 / (1.0 + s4 * s4))) + (x[n - 1 - i3]));
    }
    for (int t7 = 0; t7 < 2; t7++) {
        s2 = 0.5 * s2 + 0.5 * tanh((atanf((float)(x[n - 1])) * 0.5f + ((float)x[0])));
        double s8 = 0.0;
        #pragma pargrad reduce(+ : s8)
        for (int i9 = 0; i9 < n; i9 += 1) {
            double s10 = 1.0;
            #pragma pargrad reduce(* : s10)
            for (int j11 = 0; j11 < m; j11++) {
                float f12 = (float)((x[n - 1 * m + m - 1]));
                s10 *= 1.0 + 0.2 * tanh((-0.27 * sin(s2) + (tanh(s2) / (1.0 + expf(tanhf((float)p)) * expf(tanhf((float)p))))));
            }
            if (((x[n - 1 - i9]) < -0.28)) {
                s8 = s8 + tanh(log(2.0 + sin(x[0])));
            }
        }
    }
    #pragma pargrad map
    for (int i13 = 0; i13 < n; i13++) {
        double v14 = (x[(i13 + 1) % n]);
        y[i13] = (0.5 * hypot(((-1.02) * sin(s2)), 0.5 + (0.25 * i13) * (0.25 * i13)));
    }
}

#pragma pargrad reverse(f) wrt(x, p) out(y)
