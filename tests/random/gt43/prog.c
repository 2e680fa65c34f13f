/* pargrad_gen 43 */
#include <math.h>
#include <stdlib.h>

double f(int n, int m, const double *x, const double a[n][m]) {
    double buf1[64];
    double v2 = fabs(((x[n - 1]) + ((a[n / 2][m - 1]) + x[0])));
    #pragma pargrad map
    for (int i3 = 1; i3 < n - 1; i3 += 1) {
        buf1[i3] = (-1.29);
    }
    double la4[3] = {(-0.30), (0.06 * log1p(v2 * v2) + cos(v2)), ((float)v2)};
    for (int t5 = 0; t5 < 2; t5++) {
        double v6 = log(2.0 + sin(sin((0.81 * cos((0.25 * t5)) + la4[1]))));
        double s7 = 0.5 * x[0];
        #pragma pargrad reduce(+ : s7)
        for (int i8 = 0; i8 < n; i8++) {
            s7 = s7 + cos(sin(expm1(0.5 * sin(((double)i8 / n)))));
        }
    }
    double v9 = v2;
    return expm1(0.5 * sin(expf(tanhf((float)(0.5 * (x[n / 2]))))));
}

#pragma pargrad reverse(f) wrt(x)
