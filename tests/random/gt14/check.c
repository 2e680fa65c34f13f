/* the check driver of pargrad_gen 14 (see driver.h) */
#include "driver.h"

enum { N = 8, M = 3 };

double f(int n, int m, const double *x, const double *w, const double a[n][m], double *u, double *y);
double f_b(int n, int m, const double *x, double *x_b, const double *w, const double a[n][m], double a_b[n][m], double *u, double *u_b, double *y, double *y_b, double f_b_seed);

static double h1_ref(int len, const double *v, const double *q) {
    double s = 0.0;
    #pragma pargrad reduce(+ : s)
    for (int i = 0; i < len; i++) {
        s += exp(-0.48 * 0.48);
    }
    return s;
}
static double f_ref(int n, int m, const double *x, const double *w, const double a[n][m], double *u, double *y) {
    double *tm1 = malloc((size_t)n * (size_t)m * sizeof(double));
    #pragma pargrad map
    for (int i2 = 0; i2 < n; i2++) {
        #pragma pargrad map
        for (int j3 = 0; j3 < m; ++j3) {
            double v4 = (((expm1(0.5 * sin(u[i2])) < 0.10) ? (0.25 * j3) : exp(-sqrt(1.0 + (w[n - 1 * m + j3]) * (w[n - 1 * m + j3])) * sqrt(1.0 + (w[n - 1 * m + j3]) * (w[n - 1 * m + j3])))));
            y[i2 * m + j3] = fmin(u[i2], exp(tanh((-1.29))) + 0.25);
        }
        u[i2] = u[i2] * sin((sqrt(0.5 + (-1.26) * (-1.26)) * ((a[(i2 + 1) % n][m - 1]) + (w[n - 1]))));
    }
    double v5 = expm1(0.5 * sin((pow(1.5 + cos((w[n - 1])), 1.5) - ((u[n / 2]) * (a[n / 2][m - 1])))));
    double v6 = (w[n / 2]);
    #pragma pargrad map
    for (int i7 = 0; i7 < n; i7++) {
        y[i7] = (((i7 % 2 == 0) ? (0.5 * exp(tanh((double)x[i7]))) : (((double)i7 / n) - atan((double)v6) * 0.5)));
    }
    free(tm1);
    return v5;
}

static double call_f_ref(struct drv *d) {
    return f_ref(N, M, d->x, d->w, (const double(*)[M])d->a, d->u, d->y);
}

static double call_f(struct drv *d) {
    return f(N, M, d->x, d->w, (const double(*)[M])d->a, d->u, d->y);
}

static double call_f_b(struct drv *d, double seed) {
    return f_b(N, M, d->x, d->x_b, d->w, (const double(*)[M])d->a, (double(*)[M])d->a_b, d->u, d->u_b, d->y, d->y_b, seed);
}

int main(void) {
    static const struct drv_spec spec = {
        .n = N, .m = M, .seed = 14u,
        .has_w = 1, .w_wrt = 0, .has_a = 1, .a_wrt = 1,
        .has_p = 0, .p_wrt = 0, .has_u = 1, .has_y = 1, .has_ret = 1,
        .uses_float = 1,
        .primal = call_f, .reference = call_f_ref, .gradient = call_f_b,
    };
    return drv_main(&spec);
}
