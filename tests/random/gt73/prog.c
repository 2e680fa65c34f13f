/* pargrad_gen 73 */
#include <math.h>
#include <stdlib.h>

double f(int n, int m, const double *x, const double *w, double *y) {
    double buf1[64];
    double v2 = logf(1.0f + (float)tan(0.7 * tanh(expm1(0.5 * sin((w[n - 1]))))) * (float)tan(0.7 * tanh(expm1(0.5 * sin((w[n - 1]))))));
    double v3 = cos(v2);
    int k4 = (n * 2 + 1) % 5;
    double s5 = 1.0e3;
    #pragma pargrad reduce(min : s5)
    for (int i6 = 0; i6 < n; ++i6) {
        float f7 = (float)((0.1 * k4));
        for (int t8 = 0; t8 < m; t8++) {
            float f9 = (float)(f7);
            double v10 = v2;
        }
        if ((i6 % 2 == 0)) {
            if ((w[i6] * ((double)i6 / n)) < s5) s5 = (w[i6] * ((double)i6 / n));
        }
    }
    double s11 = 1.0;
    #pragma pargrad reduce(* : s11)
    for (int i12 = 0; i12 < n; ++i12) {
        s11 = s11 * (1.0 + 0.2 * tanh(sqrt(1.0 + (sin((0.1 * k4)) - (w[n - 1])) * (sin((0.1 * k4)) - (w[n - 1])))));
    }
    #pragma pargrad map
    for (int i13 = 0; i13 < n; i13++) {
        y[i13] = sqrt(1.0 + sqrtf(1.0f + (float)(atan(((double)i13 / n)) * atan(((double)i13 / n)))) * sqrtf(1.0f + (float)(atan(((double)i13 / n)) * atan(((double)i13 / n)))));
    }
    return tanh(((0.1 * k4) + s5));
}

#pragma pargrad reverse(f) wrt(x) out(y, return)
