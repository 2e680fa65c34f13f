/* the check driver of pargrad_gen 50 (see driver.h) */
#include "driver.h"

enum { N = 8, M = 3 };

double f(int n, int m, const double *x, const double a[n][m], double p);
double f_b(int n, int m, const double *x, double *x_b, const double a[n][m], double a_b[n][m], double p, double *p_b, double f_b_seed);

static double f_ref(int n, int m, const double *x, const double a[n][m], double p) {
    double *tm1 = malloc((size_t)n * (size_t)m * sizeof(double));
    double *tm2 = malloc((size_t)n * (size_t)m * sizeof(double));
    if ((p > -0.04)) {
        int k3 = (n * 3 + 1) % 5;
    }
    if (((-0.60 * (-0.27 * x[0] + (-1.29)) + expm1(0.5 * sin((-0.30)))) > -0.47)) {
        int k4 = (n * 3 + 2) % 5;
        double s5 = 1.0e3;
        #pragma pargrad reduce(min : s5)
        for (int i6 = 0; i6 < n; ++i6) {
            if ((hypot((0.1 * k4), 0.5 + (0.1 * k4) * (0.1 * k4)) > 0.14)) {
                s5 = fmin(s5, (x[n - 1]));
            }
        }
    } else {
        double v7 = ((p / (1.0 + x[0] * x[0])) / (1.0 + sin(expm1(0.5 * sin(a[0][0]))) * sin(expm1(0.5 * sin(a[0][0])))));
        double f8 = (double)(p);
    }
    double s9 = 0.5 * x[0];
    #pragma pargrad reduce(+ : s9)
    for (int i10 = 0; i10 < n; i10 += 1) {
        s9 = s9 + x[i10];
    }
    free(tm1);
    free(tm2);
    return tanh(((p / (1.0 + (exp(tanh((double)tanh(s9))) / (1.0 + tan(0.7 * tanh((s9 / (1.0 + s9 * s9)))) * tan(0.7 * tanh((s9 / (1.0 + s9 * s9)))))) * (exp(tanh((double)tanh(s9))) / (1.0 + tan(0.7 * tanh((s9 / (1.0 + s9 * s9)))) * tan(0.7 * tanh((s9 / (1.0 + s9 * s9)))))))) + s9));
}

static double call_f_ref(struct drv *d) {
    return f_ref(N, M, d->x, (const double(*)[M])d->a, d->p);
}

static double call_f(struct drv *d) {
    return f(N, M, d->x, (const double(*)[M])d->a, d->p);
}

static double call_f_b(struct drv *d, double seed) {
    return f_b(N, M, d->x, d->x_b, (const double(*)[M])d->a, (double(*)[M])d->a_b, d->p, &d->p_b, seed);
}

int main(void) {
    static const struct drv_spec spec = {
        .n = N, .m = M, .seed = 50u,
        .has_w = 0, .w_wrt = 0, .has_a = 1, .a_wrt = 1,
        .has_p = 1, .p_wrt = 1, .has_u = 0, .has_y = 0, .has_ret = 1,
        .uses_float = 1,
        .primal = call_f, .reference = call_f_ref, .gradient = call_f_b,
    };
    return drv_main(&spec);
}
