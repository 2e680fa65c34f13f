/* the check driver of pargrad_gen 60 (see driver.h) */
#include "driver.h"

enum { N = 5, M = 1 };

void f(int n, int m, const double *x, double *y);
void f_b(int n, int m, const double *x, double *x_b, double *y, double *y_b);

static double h1_ref(const double *v, int k) {
    return tan(0.7 * tanh(v[k]));
}
static void f_ref(int n, int m, const double *x, double *y) {
    double *tm1 = malloc((size_t)n * (size_t)m * sizeof(double));
    double *tm2 = malloc((size_t)n * (size_t)m * sizeof(double));
    #pragma pargrad map
    for (int i3 = 1; i3 < n - 1; i3++) {
        #pragma pargrad map
        for (int j4 = 0; j4 < m; j4++) {
            double v5 = sin((double)erf(log1p((x[i3 + 1 * m + j4]) * (x[i3 + 1 * m + j4]))));
            y[i3 * m + j4] = (sqrt(1.0 + (h1_ref(x, i3)) * (h1_ref(x, i3))) * expm1(0.5 * sin((x[n - 1]))));
        }
        tm1[i3] = (0.25 * i3);
    }
    double v6 = (x[n - 1]);
    double v7 = ((x[n / 2]) / (1.0 + x[0] * x[0]));
    double f8 = (double)((((((x[n / 2]) < -0.42) ? v7 : (x[n - 1]))) / (1.0 + log(1.0 + (double)(x[n / 2]) * (double)(x[n / 2])) * log(1.0 + (double)(x[n / 2]) * (double)(x[n / 2])))));
    #pragma pargrad map
    for (int i9 = 0; i9 < n; i9++) {
        double s10 = 0.0;
        #pragma pargrad reduce(+ : s10)
        for (int j11 = 0; j11 < m; j11++) {
            if ((i9 % 2 == 0)) {
                s10 = s10 + cbrt(2.0 + sin(atan((double)tan(0.7 * tanh(((double)j11 / n)))) * 0.5));
            }
        }
        double v12 = (tanh(tanh(s10)) + (-1.38));
        y[i9] = atan((double)hypot(cos((s10 / (1.0 + s10 * s10))), 0.5 + atan((double)(x[n - 1])) * 0.5 * atan((double)(x[n - 1])) * 0.5)) * 0.5;
    }
    free(tm1);
    free(tm2);
}

static double call_f_ref(struct drv *d) {
    f_ref(N, M, d->x, d->y);
    return 0.0;
}

static double call_f(struct drv *d) {
    f(N, M, d->x, d->y);
    return 0.0;
}

static double call_f_b(struct drv *d, double seed) {
    f_b(N, M, d->x, d->x_b, d->y, d->y_b);
    (void)seed;
    return 0.0;
}

int main(void) {
    static const struct drv_spec spec = {
        .n = N, .m = M, .seed = 60u,
        .has_w = 0, .w_wrt = 0, .has_a = 0, .a_wrt = 0,
        .has_p = 0, .p_wrt = 0, .has_u = 0, .has_y = 1, .has_ret = 0,
        .uses_float = 1,
        .primal = call_f, .reference = call_f_ref, .gradient = call_f_b,
    };
    return drv_main(&spec);
}
