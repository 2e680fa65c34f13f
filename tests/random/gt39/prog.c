/* pargrad_gen 39 */
#include <math.h>
#include <stdlib.h>

static double h1(const double *v, int k) {
    return (0.44 + exp(-sin(v[k]) * sin(v[k])));
}
static double h2(double a, double b) {
    if ((sin((a * b)) > -0.39))
        return (-0.60 * (-0.27 * 0.79 + (-1.29)) + expm1(0.5 * sin((-0.30))));
    double la1[3] = {(fabs(b) + (-1.41)), 0.48, (a * expm1(0.5 * sin(b)))};
    return b;
}
void f(int n, int m, const double *x, const double *w, double *y) {
    double *tm2 = malloc((size_t)n * (size_t)m * sizeof(double));
    float f3 = (float)(tan(0.7 * tanh((x[n / 2]))));
    if ((((((w[0] < -0.42) ? f3 : (w[n - 1]))) / (1.0 + logf(1.0f + (float)x[0] * (float)x[0]) * logf(1.0f + (float)x[0] * (float)x[0]))) < -0.13)) {
        float f4 = (float)(((0.06 - 0.03) / (1.0 + (f3 + x[0]) * (f3 + x[0]))));
        f4 += (h1(x, n / 2));
    }
    #pragma pargrad map
    for (int i5 = 0; i5 <= n - 1; i5++) {
        double la6[3] = {(hypot(hypot(0.54, 0.5 + (-1.14) * (-1.14)), 0.5 + (-0.03) * (-0.03)) / (1.0 + hypot(hypot(0.54, 0.5 + (-1.14) * (-1.14)), 0.5 + (-0.03) * (-0.03)) * hypot(hypot(0.54, 0.5 + (-1.14) * (-1.14)), 0.5 + (-0.03) * (-0.03)))), h2(pow(1.0 + w[i5] * w[i5], 0.5 + 0.3 * sin((-0.72))), exp(-f3 * f3)), (w[n - 1])};
        double la7[3] = {(((((double)i5 / n) > 0.32) ? f3 : (0.25 * i5))), (x[(i5 + 1) % n]), x[i5]};
        y[i5] = ((sinf((float)(x[n - 1 - i5])) + (0.25 * i5)) + (la6[i5 % 3]));
    }
    for (int t8 = 0; t8 < 4; t8 += 1) {
        double v9 = sqrt(0.5 + h2(atanf((float)f3) * 0.5f, (0.25 * t8)) * h2(atanf((float)f3) * 0.5f, (0.25 * t8)));
        if (((tanh(f3) / (1.0 + atan(pow(1.0 + v9 * v9, 0.5 + 0.3 * sin((0.25 * t8)))) * atan(pow(1.0 + v9 * v9, 0.5 + 0.3 * sin((0.25 * t8)))))) > 0.33)) {
            double v10 = atan(fmax((0.25 * t8), (v9 - (w[n / 2])) - 0.25));
        } else {
            double s11 = -1.0e3;
            #pragma pargrad reduce(max : s11)
            for (int i12 = 0; i12 < n; i12++) {
                s11 = fmax(s11, v9);
            }
        }
        if (((h1(x, 0)) < -0.07))
            break;
    }
    free(tm2);
}

#pragma pargrad reverse(f) wrt(x, w) out(y)
