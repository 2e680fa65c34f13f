/* pargrad_gen 69 */
#include <math.h>
#include <stdlib.h>

static double h1(const double *v, int k) {
    return v[k];
}
static double h2(int len, const double *v, const double *q) {
    double s = 0.0;
    #pragma pargrad reduce(+ : s)
    for (int i = 0; i < len; i++) {
        s += exp(tanh((-1.29)));
    }
    return s;
}
double f(int n, int m, const double *x, const double *w, const double a[n][m], double *y) {
    double la1[3] = {(sqrt(0.5 + (-1.26) * (-1.26)) * ((a[0][m - 1]) + (w[n - 1]))), (x[n - 1]), (pow(1.5 + cos((w[n - 1])), 1.5) - ((x[n / 2]) * (a[n / 2][m - 1])))};
    double s2 = -1.0e3;
    #pragma pargrad reduce(max : s2)
    for (int i3 = 0; i3 < n; i3++) {
        float f4 = (float)((la1[i3 % 3]));
        if (sqrt(1.0 + (pow(1.5 + cos(la1[0]), 1.5) - (-0.60)) * (pow(1.5 + cos(la1[0]), 1.5) - (-0.60))) > s2) s2 = sqrt(1.0 + (pow(1.5 + cos(la1[0]), 1.5) - (-0.60)) * (pow(1.5 + cos(la1[0]), 1.5) - (-0.60)));
    }
    double v5 = sin(cbrt(2.0 + sin(atanf((float)atan(s2)) * 0.5f)));
    double s6 = 1.0e3;
    #pragma pargrad reduce(min : s6)
    for (int i7 = 0; i7 < n; i7++) {
        #pragma pargrad map
        for (int j8 = 0; j8 < m; j8++) {
            double v9 = atanf((float)((x[n - 1 * m + 0]) * hypot(0.54, 0.5 + (-1.14) * (-1.14)))) * 0.5f;
            y[i7 * m + j8] = sinf((float)((w[n - 1 - i7 * m + j8]) - log(2.0 + sin((w[n - 1 * m + m - 1])))));
        }
        if (pow(1.5 + cos(pow(1.0 + sqrt(0.5 + (x[(i7 + 1) % n]) * (x[(i7 + 1) % n])) * sqrt(0.5 + (x[(i7 + 1) % n]) * (x[(i7 + 1) % n])), 0.5 + 0.3 * sin(tanh(s2)))), 1.5) < s6) s6 = pow(1.5 + cos(pow(1.0 + sqrt(0.5 + (x[(i7 + 1) % n]) * (x[(i7 + 1) % n])) * sqrt(0.5 + (x[(i7 + 1) % n]) * (x[(i7 + 1) % n])), 0.5 + 0.3 * sin(tanh(s2)))), 1.5);
    }
    #pragma pargrad map
    for (int i10 = 0; i10 < n; i10++) {
        if ((v5 > -0.27)) {
            double v11 = atanf((float)sqrt(1.0 + x[0] * x[0])) * 0.5f;
        } else {
            int k12 = (i10 * 2 + 0) % 5;
        }
        y[i10] = (w[(i10 + 1) % n]);
    }
    return sin((((-1.02) + s2) + s6));
}

#pragma pargrad reverse(f) wrt(x, a) out(y, return)
