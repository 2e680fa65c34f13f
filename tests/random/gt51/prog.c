/* pargrad_gen 51 */
#include <math.h>
#include <stdlib.h>

static double h1(const double *v, int k) {
    return v[k];
}
static double h2(const double *v, int k) {
    return v[k];
}
void f(int n, int m, const double *x, const double *w, double *y) {
    double *tm1 = malloc((size_t)n * (size_t)m * sizeof(double));
    double buf2[64];
    for (int t3 = 0; t3 < 4; t3++) {
        for (int t4 = 0; t4 <= 3 - 1; t4++) {
            double s5 = 0.5 * x[0];
            #pragma pargrad reduce(+ : s5)
            for (int i6 = 0; i6 < n; i6 += 1) {
                if ((cbrt(2.0 + sin((x[(i6 + 1) % n]))) > -0.08)) {
                    s5 = s5 + expm1(0.5 * sin((-0.30)));
                }
            }
        }
        for (int t7 = 0; t7 < 2; t7++) {
            double v8 = sqrt(1.0 + (sqrt(1.0 + ((double)t3 / n) * ((double)t3 / n)) + sin((x[n / 2]))) * (sqrt(1.0 + ((double)t3 / n) * ((double)t3 / n)) + sin((x[n / 2]))));
            double la9[3] = {sin(expm1(0.5 * sin(((double)t7 / n)))), v8, x[0]};
            if (((x[t3 % n]) < -0.13))
                break;
        }
        if (((0.06 - 0.03) < 0.25))
            break;
    }
    double la10[3] = {hypot(x[0], 0.5 + (h1(x, n / 2)) * (h1(x, n / 2))), (0.5 * ((float)(x[n / 2]))), (hypot(hypot(0.54, 0.5 + (-1.14) * (-1.14)), 0.5 + (-0.03) * (-0.03)) / (1.0 + hypot(hypot(0.54, 0.5 + (-1.14) * (-1.14)), 0.5 + (-0.03) * (-0.03)) * hypot(hypot(0.54, 0.5 + (-1.14) * (-1.14)), 0.5 + (-0.03) * (-0.03))))};
    #pragma pargrad map
    for (int i11 = 0; i11 < n; i11++) {
        #pragma pargrad map
        for (int j12 = 0; j12 < m; j12++) {
            double la13[3] = {((w[n - 1 * m + m - 1]) + (x[n - 1 * m + m - 1])), (la10[i11 % 3]), ((double)i11 / n)};
            buf2[i11 * m + j12] = (la13[i11 % 3]);
        }
        y[i11] = sin(((la10[i11 % 3]) - la10[1]));
    }
    free(tm1);
}

#pragma pargrad reverse(f) wrt(x, w) out(y)
