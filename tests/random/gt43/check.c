/* the check driver of pargrad_gen 43 (see driver.h) */
#include "driver.h"

enum { N = 8, M = 4 };

double f(int n, int m, const double *x, const double a[n][m]);
double f_b(int n, int m, const double *x, double *x_b, const double a[n][m], double f_b_seed);

static double f_ref(int n, int m, const double *x, const double a[n][m]) {
    double buf1[64];
    double v2 = fabs(((x[n - 1]) + ((a[n / 2][m - 1]) + x[0])));
    #pragma pargrad map
    for (int i3 = 1; i3 < n - 1; i3 += 1) {
        buf1[i3] = (-1.29);
    }
    double la4[3] = {(-0.30), (0.06 * log1p(v2 * v2) + cos(v2)), ((double)v2)};
    for (int t5 = 0; t5 < 2; t5++) {
        double v6 = log(2.0 + sin(sin((0.81 * cos((0.25 * t5)) + la4[1]))));
        double s7 = 0.5 * x[0];
        #pragma pargrad reduce(+ : s7)
        for (int i8 = 0; i8 < n; i8++) {
            s7 = s7 + cos(sin(expm1(0.5 * sin(((double)i8 / n)))));
        }
    }
    double v9 = v2;
    return expm1(0.5 * sin(exp(tanh((double)(0.5 * (x[n / 2]))))));
}

static double call_f_ref(struct drv *d) {
    return f_ref(N, M, d->x, (const double(*)[M])d->a);
}

static double call_f(struct drv *d) {
    return f(N, M, d->x, (const double(*)[M])d->a);
}

static double call_f_b(struct drv *d, double seed) {
    return f_b(N, M, d->x, d->x_b, (const double(*)[M])d->a, seed);
}

int main(void) {
    static const struct drv_spec spec = {
        .n = N, .m = M, .seed = 43u,
        .has_w = 0, .w_wrt = 0, .has_a = 1, .a_wrt = 0,
        .has_p = 0, .p_wrt = 0, .has_u = 0, .has_y = 0, .has_ret = 1,
        .uses_float = 1,
        .primal = call_f, .reference = call_f_ref, .gradient = call_f_b,
    };
    return drv_main(&spec);
}
