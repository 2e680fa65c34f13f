/* pargrad_gen 95 */
#include <math.h>
#include <stdlib.h>

static double h1(int len, const double *v, const double *q) {
    double s = 0.0;
    #pragma pargrad reduce(+ : s)
    for (int i = 0; i < len; i++) {
        s += ((-1.41) + (0.5 * q[i]));
    }
    return s;
}
static double h2(const double *v, int k) {
    return v[k];
}
void f(int n, int m, const double *x, const double *w, double *u, double *y) {
    double *tm1 = malloc((size_t)n * (size_t)m * sizeof(double));
    for (int t2 = 0; t2 < 3; t2++) {
        double s3 = -1.0e3;
        #pragma pargrad reduce(max : s3)
        for (int i4 = 0; i4 < n; ++i4) {
            s3 = fmax(s3, (x[t2 % n]));
        }
        if ((t2 % 2 == 0))
            break;
    }
    if (((fmax((u[n - 1]), (w[n / 2]) - 0.25) / (1.0 + pow(1.5 + cos(w[0]), 1.5) * pow(1.5 + cos(w[0]), 1.5))) < -0.13)) {
        float f5 = (float)((((0.06 - 0.03) * (u[0] - w[0])) / (1.0 + ((0.06 - 0.03) * (u[0] - w[0])) * ((0.06 - 0.03) * (u[0] - w[0])))));
        #pragma pargrad map
        for (int i6 = 0; i6 <= n - 1; i6++) {
            y[i6] = atanf((float)(0.5 * fabs(f5))) * 0.5f;
        }
    } else {
        double v7 = (-0.03);
        #pragma pargrad map
        for (int i8 = 0; i8 < n; ++i8) {
            double v9 = (log(2.0 + sin((x[i8] - (-0.72)))) / (1.0 + atanf((float)pow(1.5 + cos(v7), 1.5)) * 0.5f * atanf((float)pow(1.5 + cos(v7), 1.5)) * 0.5f));
            u[i8] = u[i8] * (0.25 * i8);
        }
    }
    double v10 = sinf((float)u[0]);
    #pragma pargrad map
    for (int i11 = 0; i11 < n; i11++) {
        if (((sinf((float)(x[n - 1 - i11])) + (0.25 * i11)) < 0.33)) {
            #pragma pargrad map
            for (int j12 = 0; j12 < m; j12++) {
                tm1[i11 * m + j12] = (v10 * exp(-((-1.02) * v10) * ((-1.02) * v10)));
            }
        } else {
            double v13 = atanf((float)v10) * 0.5f;
        }
        double v14 = atanf((float)w[0]) * 0.5f;
        y[i11] = cos(pow(1.0 + v10 * v10, 0.5 + 0.3 * sin(((float)v14))));
    }
    free(tm1);
}

#pragma pargrad reverse(f) wrt(x, w, u) out(u, y)
