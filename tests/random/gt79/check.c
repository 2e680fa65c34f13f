/* the check driver of pargrad_gen 79 (see driver.h) */
#include "driver.h"

enum { N = 5, M = 4 };

double f(int n, int m, const double *x, const double a[n][m], double p, double *y);
double f_b(int n, int m, const double *x, double *x_b, const double a[n][m], double p, double *p_b, double *y, double *y_b, double f_b_seed);

static double h1_ref(double a, double b) {
    int k1 = (n * 2 + 1) % 5;
    if ((exp(-a * a) < 0.05))
        return (-1.41);
    return expm1(0.5 * sin(0.48));
}
static double h2_ref(const double *v, int k) {
    return v[k];
}
static double f_ref(int n, int m, const double *x, const double a[n][m], double p, double *y) {
    double *tm2 = malloc((size_t)n * (size_t)m * sizeof(double));
    for (int t3 = 0; t3 < 3; t3++) {
        double s4 = -1.0e3;
        #pragma pargrad reduce(max : s4)
        for (int i5 = 0; i5 < n; ++i5) {
            if (p > s4) s4 = p;
        }
        if ((tanh(s4) > -0.13))
            break;
    }
    double v6 = ((sqrt(1.0 + (x[n - 1]) * (x[n - 1])) * p) / (1.0 + p * p));
    double v7 = (x[n / 2]);
    #pragma pargrad map
    for (int i8 = 0; i8 < n; i8++) {
        double s9 = 0.0;
        #pragma pargrad reduce(+ : s9)
        for (int j10 = 0; j10 < m; j10++) {
            if ((i8 % 2 == 0)) {
                s9 = s9 + cbrt(2.0 + sin(atan((double)tan(0.7 * tanh(((double)j10 / n)))) * 0.5));
            }
        }
        double v11 = (tanh(tanh(s9)) + (-1.38));
        y[i8] = atan((double)hypot(cos((s9 / (1.0 + s9 * s9))), 0.5 + exp(tanh((double)x[i8])) * exp(tanh((double)x[i8])))) * 0.5;
    }
    free(tm2);
    return (v7 - (cos(v7) * y[0]));
}

static double call_f_ref(struct drv *d) {
    return f_ref(N, M, d->x, (const double(*)[M])d->a, d->p, d->y);
}

static double call_f(struct drv *d) {
    return f(N, M, d->x, (const double(*)[M])d->a, d->p, d->y);
}

static double call_f_b(struct drv *d, double seed) {
    return f_b(N, M, d->x, d->x_b, (const double(*)[M])d->a, d->p, &d->p_b, d->y, d->y_b, seed);
}

int main(void) {
    static const struct drv_spec spec = {
        .n = N, .m = M, .seed = 79u,
        .has_w = 0, .w_wrt = 0, .has_a = 1, .a_wrt = 0,
        .has_p = 1, .p_wrt = 1, .has_u = 0, .has_y = 1, .has_ret = 1,
        .uses_float = 1,
        .primal = call_f, .reference = call_f_ref, .gradient = call_f_b,
    };
    return drv_main(&spec);
}
