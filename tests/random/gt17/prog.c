/* pargrad_gen 17 */
#include <math.h>
#include <stdlib.h>

static double h1(int len, const double *v, const double *q) {
    double s = 0.0;
    #pragma pargrad reduce(+ : s)
    for (int i = 0; i < len; i++) {
        s += fabs((0.76 * v[i]));
    }
    return s;
}
double f(int n, int m, const double *x, const double *w, const double a[n][m], double p) {
    double *tm1 = malloc((size_t)n * (size_t)m * sizeof(double));
    double *tm2 = malloc((size_t)n * (size_t)m * sizeof(double));
    double v3 = ((h1(n, x, w)) / (1.0 + (h1(n, x, w)) * (h1(n, x, w))));
    double s4 = 0.5 * x[0];
    #pragma pargrad reduce(+ : s4)
    for (int i5 = 0; i5 <= n - 1; i5++) {
        if ((w[i5] > 0.13)) {
            s4 += (tanh((h1(n, x, w))) + sqrt(0.5 + p * p));
        }
    }
    double v6 = atan(atan((h1(n, x, w))));
    for (int t7 = 0; t7 < 2; t7++) {
        v3 += 0.25 * sin(cos(((-1.26) - p)));
        double s8 = 1.0;
        #pragma pargrad reduce(* : s8)
        for (int i9 = 0; i9 < n; i9++) {
            s8 = s8 * (1.0 + 0.2 * tanh(w[i9]));
        }
    }
    free(tm1);
    free(tm2);
    return exp(-sin(log(1.0 + (v3 * (w[n - 1])) * (v3 * (w[n - 1])))) * sin(log(1.0 + (v3 * (w[n - 1])) * (v3 * (w[n - 1])))));
}

#pragma pargrad reverse(f) wrt(x, w, a, p)
