/* pargrad_gen 47 */
#include <math.h>
#include <stdlib.h>

static double h1(const double *v, int k) {
    return log(2.0 + sin((((v[k] < -0.02) ? v[k] : (v[k] + v[k])))));
}
double f(int n, int m, const double *x, double p, double *u, double *y) {
    double *tm1 = malloc((size_t)n * (size_t)m * sizeof(double));
    double *tm2 = malloc((size_t)n * (size_t)m * sizeof(double));
    if (((h1(x, n / 2)) < 0.50)) {
        double la3[3] = {expm1(0.5 * sin((u[n - 1]))), cos(((-1.26) - p)), ((-1.41) * expm1(0.5 * sin((u[n - 1]))))};
    } else {
        double s4 = -1.0e3;
        #pragma pargrad reduce(max : s4)
        for (int i5 = 0; i5 < n; i5++) {
            double s6 = -1.0e3;
            #pragma pargrad reduce(max : s6)
            for (int j7 = 0; j7 < m; j7++) {
                double la8[3] = {logf(1.0f + (float)(x[i5] / (1.0 + p * p)) * (float)(x[i5] / (1.0 + p * p))), sin(expm1(0.5 * sin((x[(i5 + 1) % n])))), u[i5]};
                if ((0.5 * (sin((la8[i5 % 3])) / (1.0 + p * p))) > s6) s6 = (0.5 * (sin((la8[i5 % 3])) / (1.0 + p * p)));
            }
            if (p > s4) s4 = p;
        }
    }
    if ((((0.00 * x[0] + p) - (h1(x, 0))) > 0.02)) {
        #pragma pargrad map
        for (int i9 = 1; i9 <= n - 1 - 1; i9++) {
            u[i9] = sin(u[i9]) + sinf((float)(hypot(hypot(0.54, 0.5 + (-1.14) * (-1.14)), 0.5 + (-0.03) * (-0.03)) / (1.0 + hypot(hypot(0.54, 0.5 + (-1.14) * (-1.14)), 0.5 + (-0.03) * (-0.03)) * hypot(hypot(0.54, 0.5 + (-1.14) * (-1.14)), 0.5 + (-0.03) * (-0.03)))));
        }
    }
    #pragma pargrad map
    for (int i10 = 1; i10 < n - 1; i10++) {
        double la11[3] = {(u[i10] / (1.0 + (x[0] - p) * (x[0] - p))), (u[(i10 + 1) % n]), (-0.03)};
        y[i10] = (((la11[i10 % 3]) - la11[1]) / (1.0 + la11[1] * la11[1]));
    }
    free(tm1);
    free(tm2);
    return sqrtf(1.0f + (float)(pow(1.5 + cos(u[0]), 1.5) * pow(1.5 + cos(u[0]), 1.5)));
}

#pragma pargrad reverse(f) wrt(x, p, u) out(u, y, return)
