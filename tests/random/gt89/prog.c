/* pargrad_gen 89 */
#include <math.h>
#include <stdlib.h>

static double h1(int len, const double *v, const double *q) {
    double s = 0.0;
    #pragma pargrad reduce(+ : s)
    for (int i = 0; i < len; i++) {
        s += v[i];
    }
    return s;
}
static double h2(int len, const double *v, const double *q) {
    double s = 0.0;
    #pragma pargrad reduce(+ : s)
    for (int i = 0; i < len; i++) {
        s += (q[i] * (((q[i] < 0.19) ? v[i] : 0.42)));
    }
    return s;
}
void f(int n, int m, const double *x, const double *w, double p, double *u, double *y) {
    double *tm1 = malloc((size_t)n * (size_t)m * sizeof(double));
    double *tm2 = malloc((size_t)n * (size_t)m * sizeof(double));
    double la3[3] = {(w[n / 2]), sqrt(1.0 + pow(1.0 + w[0] * w[0], 0.5 + 0.3 * sin((u[n - 1]))) * pow(1.0 + w[0] * w[0], 0.5 + 0.3 * sin((u[n - 1])))), p};
    double s4 = 0.5 * x[0];
    #pragma pargrad reduce(+ : s4)
    for (int i5 = 0; i5 < n; i5 += 1) {
        s4 = s4 + x[i5];
    }
    float f6 = (float)(fmax((0.06 - 0.03), ((s4 / (1.0 + s4 * s4)) * x[0]) - 0.25));
    double s7 = 1.0;
    #pragma pargrad reduce(* : s7)
    for (int i8 = 0; i8 < n; i8++) {
        #pragma pargrad map
        for (int j9 = 0; j9 < m; j9++) {
            u[i8 * m + j9] = (0.99 * (sinf((float)(la3[i8 % 3])) * ((float)((double)j9 / n))) + (-0.03));
        }
        for (int t10 = 0; t10 < 3; t10++) {
            double la11[3] = {((w[t10 % n]) * sqrt(0.5 + (-0.72) * (-0.72))), sinf((float)exp(tanh((la3[i8 % 3])))), ((double)i8 / n)};
            double v12 = expf(tanhf((float)p));
            if ((cbrt(2.0 + sin(sin(s4))) > 0.30))
                break;
        }
        s7 *= 1.0 + 0.2 * tanh(((h1(n, x, w)) / (1.0 + (h1(n, x, w)) * (h1(n, x, w)))));
    }
    #pragma pargrad map
    for (int i13 = 0; i13 <= n - 1; i13++) {
        if (((w[n - 1]) > 0.02)) {
            y[i13] = (0.25 * i13);
        } else {
            y[i13] = log(1.0 + ((-1.02) / (1.0 + f6 * f6)) * ((-1.02) / (1.0 + f6 * f6)));
        }
    }
    free(tm1);
    free(tm2);
}

#pragma pargrad reverse(f) wrt(x, w, p, u) out(u, y)
