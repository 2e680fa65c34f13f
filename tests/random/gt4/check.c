/* the check driver of pargrad_gen 4 (see driver.h) */
#include "driver.h"

enum { N = 4, M = 2 };

double f(int n, int m, const double *x, const double a[n][m]);
double f_b(int n, int m, const double *x, double *x_b, const double a[n][m], double a_b[n][m], double f_b_seed);

static double f_ref(int n, int m, const double *x, const double a[n][m]) {
    double *tm1 = malloc((size_t)n * (size_t)m * sizeof(double));
    double s2 = 1.0;
    #pragma pargrad reduce(* : s2)
    for (int i3 = 0; i3 < n; i3++) {
        double f4 = (double)(x[0]);
        s2 = s2 * (1.0 + 0.2 * tanh((expm1(0.5 * sin(exp(-f4 * f4))) - (fabs((x[n - 1])) / (1.0 + f4 * f4)))));
    }
    double v5 = ((exp(tanh(s2)) * (((s2 < -0.23) ? (x[n - 1]) : (x[n / 2])))) * (x[n / 2]));
    free(tm1);
    return atan(((x[n / 2]) + s2));
}

static double call_f_ref(struct drv *d) {
    return f_ref(N, M, d->x, (const double(*)[M])d->a);
}

static double call_f(struct drv *d) {
    return f(N, M, d->x, (const double(*)[M])d->a);
}

static double call_f_b(struct drv *d, double seed) {
    return f_b(N, M, d->x, d->x_b, (const double(*)[M])d->a, (double(*)[M])d->a_b, seed);
}

int main(void) {
    static const struct drv_spec spec = {
        .n = N, .m = M, .seed = 4u,
        .has_w = 0, .w_wrt = 0, .has_a = 1, .a_wrt = 1,
        .has_p = 0, .p_wrt = 0, .has_u = 0, .has_y = 0, .has_ret = 1,
        .uses_float = 1,
        .primal = call_f, .reference = call_f_ref, .gradient = call_f_b,
    };
    return drv_main(&spec);
}
