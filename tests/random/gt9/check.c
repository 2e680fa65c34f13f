/* the check driver of pargrad_gen 9 (see driver.h) */
#include "driver.h"

enum { N = 8, M = 3 };

double f(int n, int m, const double *x, const double *w, double p);
double f_b(int n, int m, const double *x, double *x_b, const double *w, double p, double *p_b, double f_b_seed);

static double f_ref(int n, int m, const double *x, const double *w, double p) {
    double *tm1 = malloc((size_t)n * (size_t)m * sizeof(double));
    double *tm2 = malloc((size_t)n * (size_t)m * sizeof(double));
    for (int t3 = 0; t3 < 3; t3++) {
        double v4 = exp(-(tan(0.7 * tanh(((double)t3 / n))) - fabs(x[0])) * (tan(0.7 * tanh(((double)t3 / n))) - fabs(x[0])));
    }
    double v5 = 0.44;
    double v6 = ((x[n - 1]) * (((v5 < -0.23) ? v5 : p)));
    if (((-0.60 * (-0.27 * x[0] + (-1.29)) + expm1(0.5 * sin((-0.30)))) > -0.47)) {
        int k7 = (n * 3 + 2) % 5;
        double s8 = 1.0e3;
        #pragma pargrad reduce(min : s8)
        for (int i9 = 0; i9 < n; ++i9) {
            if ((cbrt(2.0 + sin(v5)) > -0.41)) {
                if ((w[n - 1]) < s8) s8 = (w[n - 1]);
            }
        }
    } else {
        double la10[3] = {log(1.0 + (double)fmax(x[0], (x[n / 2]) - 0.25) * (double)fmax(x[0], (x[n / 2]) - 0.25)), v6, (w[n - 1])};
        double v11 = tan(0.7 * tanh(v5));
    }
    double v12 = (x[n / 2]);
    free(tm1);
    free(tm2);
    return atan((double)exp(tanh((double)fmax(p, 1.29 - 0.25)))) * 0.5;
}

static double call_f_ref(struct drv *d) {
    return f_ref(N, M, d->x, d->w, d->p);
}

static double call_f(struct drv *d) {
    return f(N, M, d->x, d->w, d->p);
}

static double call_f_b(struct drv *d, double seed) {
    return f_b(N, M, d->x, d->x_b, d->w, d->p, &d->p_b, seed);
}

int main(void) {
    static const struct drv_spec spec = {
        .n = N, .m = M, .seed = 9u,
        .has_w = 1, .w_wrt = 0, .has_a = 0, .a_wrt = 0,
        .has_p = 1, .p_wrt = 1, .has_u = 0, .has_y = 0, .has_ret = 1,
        .uses_float = 1,
        .primal = call_f, .reference = call_f_ref, .gradient = call_f_b,
    };
    return drv_main(&spec);
}
