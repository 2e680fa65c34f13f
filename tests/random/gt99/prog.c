/* pargrad_gen 99 */
#include <math.h>
#include <stdlib.h>

static double h1(const double *v, int k) {
    return v[k];
}
double f(int n, int m, const double *x, const double *w, double p, double *y) {
    double *tm1 = malloc((size_t)n * (size_t)m * sizeof(double));
    float f2 = (float)(0.42);
    double v3 = pow(1.5 + cos((w[n - 1])), 1.5);
    double s4 = 1.0e3;
    #pragma pargrad reduce(min : s4)
    for (int i5 = 0; i5 <= n - 1; i5++) {
        s4 = fmin(s4, p);
    }
    double v6 = tanh(pow(1.0 + (h1(x, 0)) * (h1(x, 0)), 0.5 + 0.3 * sin(((w[n - 1]) * p))));
    for (int t7 = 0; t7 <= 2 - 1; t7++) {
        int k8 = (t7 * 3 + 0) % 5;
    }
    #pragma pargrad map
    for (int i9 = 1; i9 <= n - 1 - 1; i9++) {
        double v10 = logf(1.0f + (float)sqrt(1.0 + hypot(f2, 0.5 + v3 * v3) * hypot(f2, 0.5 + v3 * v3)) * (float)sqrt(1.0 + hypot(f2, 0.5 + v3 * v3) * hypot(f2, 0.5 + v3 * v3)));
        double s11 = 1.0e3;
        #pragma pargrad reduce(min : s11)
        for (int j12 = 0; j12 < m; j12++) {
            double v13 = sin(log(1.0 + v10 * v10));
            if ((-1.38) < s11) s11 = (-1.38);
        }
        y[i9] = log(2.0 + sin((hypot(hypot(0.54, 0.5 + (-1.14) * (-1.14)), 0.5 + (-0.03) * (-0.03)) / (1.0 + hypot(hypot(0.54, 0.5 + (-1.14) * (-1.14)), 0.5 + (-0.03) * (-0.03)) * hypot(hypot(0.54, 0.5 + (-1.14) * (-1.14)), 0.5 + (-0.03) * (-0.03))))));
    }
    free(tm1);
    return atan((v6 + s4));
}

#pragma pargrad reverse(f) wrt(x, w, p) out(y, return)
