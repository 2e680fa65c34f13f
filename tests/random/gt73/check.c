/* the check driver of pargrad_gen 73 (see driver.h) */
#include "driver.h"

enum { N = 3, M = 4 };

double f(int n, int m, const double *x, const double *w, double *y);
double f_b(int n, int m, const double *x, double *x_b, const double *w, double *y, double *y_b, double f_b_seed);

static double f_ref(int n, int m, const double *x, const double *w, double *y) {
    double buf1[64];
    double v2 = log(1.0 + (double)tan(0.7 * tanh(expm1(0.5 * sin((w[n - 1]))))) * (double)tan(0.7 * tanh(expm1(0.5 * sin((w[n - 1]))))));
    double v3 = cos(v2);
    int k4 = (n * 2 + 1) % 5;
    double s5 = 1.0e3;
    #pragma pargrad reduce(min : s5)
    for (int i6 = 0; i6 < n; ++i6) {
        double f7 = (double)((0.1 * k4));
        for (int t8 = 0; t8 < m; t8++) {
            double f9 = (double)(f7);
            double v10 = v2;
        }
        if ((i6 % 2 == 0)) {
            if ((w[i6] * ((double)i6 / n)) < s5) s5 = (w[i6] * ((double)i6 / n));
        }
    }
    double s11 = 1.0;
    #pragma pargrad reduce(* : s11)
    for (int i12 = 0; i12 < n; ++i12) {
        s11 = s11 * (1.0 + 0.2 * tanh(sqrt(1.0 + (sin((0.1 * k4)) - (w[n - 1])) * (sin((0.1 * k4)) - (w[n - 1])))));
    }
    #pragma pargrad map
    for (int i13 = 0; i13 < n; i13++) {
        y[i13] = sqrt(1.0 + sqrt(1.0 + (double)(atan(((double)i13 / n)) * atan(((double)i13 / n)))) * sqrt(1.0 + (double)(atan(((double)i13 / n)) * atan(((double)i13 / n)))));
    }
    return tanh(((0.1 * k4) + s5));
}

static double call_f_ref(struct drv *d) {
    return f_ref(N, M, d->x, d->w, d->y);
}

static double call_f(struct drv *d) {
    return f(N, M, d->x, d->w, d->y);
}

static double call_f_b(struct drv *d, double seed) {
    return f_b(N, M, d->x, d->x_b, d->w, d->y, d->y_b, seed);
}

int main(void) {
    static const struct drv_spec spec = {
        .n = N, .m = M, .seed = 73u,
        .has_w = 1, .w_wrt = 0, .has_a = 0, .a_wrt = 0,
        .has_p = 0, .p_wrt = 0, .has_u = 0, .has_y = 1, .has_ret = 1,
        .uses_float = 1,
        .primal = call_f, .reference = call_f_ref, .gradient = call_f_b,
    };
    return drv_main(&spec);
}
