/* the check driver of pargrad_gen 48 (see driver.h) */
#include "driver.h"

enum { N = 6, M = 5 };

double f(int n, int m, const double *x, double *u, double *y);
double f_b(int n, int m, const double *x, double *x_b, double *u, double *u_b, double *y, double *y_b, double f_b_seed);

static double h1_ref(const double *v, int k) {
    return log(2.0 + sin((((v[k] < -0.02) ? v[k] : (v[k] + v[k])))));
}
static double f_ref(int n, int m, const double *x, double *u, double *y) {
    double *tm1 = malloc((size_t)n * (size_t)m * sizeof(double));
    double *tm2 = malloc((size_t)n * (size_t)m * sizeof(double));
    if (((h1_ref(x, n / 2)) < 0.50)) {
        double la3[3] = {expm1(0.5 * sin((u[n - 1]))), cbrt(2.0 + sin(((-1.26) + x[0]))), (u[n - 1])};
    } else {
        double f4 = (double)(0.42);
    }
    double v5 = pow(1.5 + cos((u[n - 1])), 1.5);
    #pragma pargrad map
    for (int i6 = 0; i6 < n; i6 += 1) {
        double s7 = 0.5 * x[0];
        #pragma pargrad reduce(+ : s7)
        for (int j8 = 0; j8 < m; j8++) {
            s7 = s7 + cos(sin(expm1(0.5 * sin(((double)j8 / n)))));
        }
        double v9 = tan(0.7 * tanh(v5));
        y[i6] = exp(tanh((double)(0.5 * x[i6])));
    }
    free(tm1);
    free(tm2);
    return 1.29;
}

static double call_f_ref(struct drv *d) {
    return f_ref(N, M, d->x, d->u, d->y);
}

static double call_f(struct drv *d) {
    return f(N, M, d->x, d->u, d->y);
}

static double call_f_b(struct drv *d, double seed) {
    return f_b(N, M, d->x, d->x_b, d->u, d->u_b, d->y, d->y_b, seed);
}

int main(void) {
    static const struct drv_spec spec = {
        .n = N, .m = M, .seed = 48u,
        .has_w = 0, .w_wrt = 0, .has_a = 0, .a_wrt = 0,
        .has_p = 0, .p_wrt = 0, .has_u = 1, .has_y = 1, .has_ret = 1,
        .uses_float = 1,
        .primal = call_f, .reference = call_f_ref, .gradient = call_f_b,
    };
    return drv_main(&spec);
}
