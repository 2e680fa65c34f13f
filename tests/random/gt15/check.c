/* the check driver of pargrad_gen 15 (see driver.h) */
#include "driver.h"

enum { N = 7, M = 3 };

double f(int n, int m, const double *x, const double a[n][m], double *u, double *y);
double f_b(int n, int m, const double *x, double *x_b, const double a[n][m], double a_b[n][m], double *u, double *u_b, double *y, double *y_b, double f_b_seed);

static double h1_ref(int len, const double *v, const double *q) {
    double s = 0.0;
    #pragma pargrad reduce(+ : s)
    for (int i = 0; i < len; i++) {
        s += exp(-0.48 * 0.48);
    }
    return s;
}
static double f_ref(int n, int m, const double *x, const double a[n][m], double *u, double *y) {
    double *tm1 = malloc((size_t)n * (size_t)m * sizeof(double));
    #pragma pargrad map
    for (int i2 = 0; i2 < n; i2++) {
        #pragma pargrad map
        for (int j3 = 0; j3 < m; ++j3) {
            double v4 = (((expm1(0.5 * sin(u[i2])) < 0.10) ? (0.25 * j3) : exp(-sqrt(1.0 + (x[n - 1 * m + j3]) * (x[n - 1 * m + j3])) * sqrt(1.0 + (x[n - 1 * m + j3]) * (x[n - 1 * m + j3])))));
            y[i2 * m + j3] = (((j3 < n / 2) ? (x[n - 1 * m + j3]) : log1p(tanh(v4) * tanh(v4))));
        }
        u[i2] = sin(u[i2]) + cbrt(2.0 + sin((a[(i2 + 1) % n][m - 1])));
    }
    for (int t5 = 0; t5 < 2; t5++) {
        double v6 = exp(-(0.81 * cos((0.25 * t5)) + 0.81) * (0.81 * cos((0.25 * t5)) + 0.81));
    }
    double s7 = 0.5 * x[0];
    #pragma pargrad reduce(+ : s7)
    for (int i8 = 0; i8 < n; i8++) {
        double v9 = expm1(0.5 * sin(((h1_ref(n, x, x)) / (1.0 + (h1_ref(n, x, x)) * (h1_ref(n, x, x))))));
        double v10 = u[i8];
        s7 += tan(0.7 * tanh(v9));
    }
    #pragma pargrad map
    for (int i11 = 1; i11 < n - 1; i11++) {
        y[i11] = (((i11 % 2 == 0) ? (-0.60) : (((double)i11 / n) - atan((double)atan(s7)) * 0.5)));
    }
    free(tm1);
    return sin((tanh(s7) + s7));
}

static double call_f_ref(struct drv *d) {
    return f_ref(N, M, d->x, (const double(*)[M])d->a, d->u, d->y);
}

static double call_f(struct drv *d) {
    return f(N, M, d->x, (const double(*)[M])d->a, d->u, d->y);
}

static double call_f_b(struct drv *d, double seed) {
    return f_b(N, M, d->x, d->x_b, (const double(*)[M])d->a, (double(*)[M])d->a_b, d->u, d->u_b, d->y, d->y_b, seed);
}

int main(void) {
    static const struct drv_spec spec = {
        .n = N, .m = M, .seed = 15u,
        .has_w = 0, .w_wrt = 0, .has_a = 1, .a_wrt = 1,
        .has_p = 0, .p_wrt = 0, .has_u = 1, .has_y = 1, .has_ret = 1,
        .uses_float = 1,
        .primal = call_f, .reference = call_f_ref, .gradient = call_f_b,
    };
    return drv_main(&spec);
}
