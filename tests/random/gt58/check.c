/* the check driver of pargrad_gen 58 (see driver.h) */
#include "driver.h"

enum { N = 8, M = 1 };

double f(int n, int m, const double *x, double *y);
double f_b(int n, int m, const double *x, double *x_b, double *y, double *y_b, double f_b_seed);

static double h1_ref(double a, double b) {
    if ((b < -0.02))
        return 0.98;
    int k1 = (n * 3 + 2) % 5;
    return (-1.29);
}
static double f_ref(int n, int m, const double *x, double *y) {
    double *tm2 = malloc((size_t)n * (size_t)m * sizeof(double));
    double *tm3 = malloc((size_t)n * (size_t)m * sizeof(double));
    double v4 = (0.5 * (sqrt(0.5 + (-1.26) * (-1.26)) + ((x[n / 2]) * (x[n / 2]))));
    double f5 = (double)(expm1(0.5 * sin(atan(v4))));
    double f6 = (double)(f5);
    double v7 = (x[n / 2]);
    double v8 = (x[n / 2]);
    #pragma pargrad map
    for (int i9 = 0; i9 < n; i9++) {
        double v10 = (0.5 * (((n > 3) ? (x[n - 1]) : x[i9])));
        y[i9] = pow(1.5 + cos(x[0]), 1.5);
    }
    free(tm2);
    free(tm3);
    return exp(tanh((double)log(1.0 + (double)(1.29 - v8) * (double)(1.29 - v8))));
}

static double call_f_ref(struct drv *d) {
    return f_ref(N, M, d->x, d->y);
}

static double call_f(struct drv *d) {
    return f(N, M, d->x, d->y);
}

static double call_f_b(struct drv *d, double seed) {
    return f_b(N, M, d->x, d->x_b, d->y, d->y_b, seed);
}

int main(void) {
    static const struct drv_spec spec = {
        .n = N, .m = M, .seed = 58u,
        .has_w = 0, .w_wrt = 0, .has_a = 0, .a_wrt = 0,
        .has_p = 0, .p_wrt = 0, .has_u = 0, .has_y = 1, .has_ret = 1,
        .uses_float = 1,
        .primal = call_f, .reference = call_f_ref, .gradient = call_f_b,
    };
    return drv_main(&spec);
}
