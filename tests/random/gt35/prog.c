/* pargrad_gen 35 */
#include <math.h>
#include <stdlib.h>

double f(int n, int m, const double *x, const double *w) {
    double *tm1 = malloc((size_t)n * (size_t)m * sizeof(double));
    double v2 = ((((x[n - 1]) < -0.23) ? 0.44 : sin(fabs(x[0]))));
    float f3 = (float)(x[0]);
    double v4 = (-1.29);
    for (int t5 = 0; t5 < 2; t5++) {
        v2 = 0.5 * v2 + 0.5 * tanh(log1p((0.06 * (-1.26) + v4) * (0.06 * (-1.26) + v4)));
        double s6 = 1.0e3;
        #pragma pargrad reduce(min : s6)
        for (int i7 = 0; i7 < n; ++i7) {
            float f8 = (float)(v4);
            if (sin((sqrt(1.0 + ((double)t5 / n) * ((double)t5 / n)) - atan((x[t5 % n])))) < s6) s6 = sin((sqrt(1.0 + ((double)t5 / n) * ((double)t5 / n)) - atan((x[t5 % n]))));
        }
        if ((t5 < n / 2))
            break;
    }
    free(tm1);
    return sin(v4);
}

#pragma pargrad reverse(f) wrt(x, w)
