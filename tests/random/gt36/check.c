/* the check driver of pargrad_gen 36 (see driver.h) */
#include "driver.h"

enum { N = 9, M = 4 };

double f(int n, int m, const double *x, const double *w);
double f_b(int n, int m, const double *x, double *x_b, const double *w, double *w_b, double f_b_seed);

static double h1_ref(int len, const double *v, const double *q) {
    double s = 0.0;
    #pragma pargrad reduce(+ : s)
    for (int i = 0; i < len; i++) {
        s += fmax(log(1.0 + q[i] * q[i]), (-0.69 * 0.56 + v[i]) - 0.25);
    }
    return s;
}
static double f_ref(int n, int m, const double *x, const double *w) {
    double *tm1 = malloc((size_t)n * (size_t)m * sizeof(double));
    #pragma pargrad map
    for (int i2 = 1; i2 < n - 1; i2++) {
        if ((atan((h1_ref(n, x, w))) > -0.43)) {
            tm1[i2] = (w[i2 + 1]);
        } else {
            tm1[i2] = expm1(0.5 * sin((w[n - 1])));
        }
    }
    double v3 = tanh(((double)sqrt(1.0 + x[0] * x[0])));
    for (int t4 = 0; t4 < 2; t4++) {
        double v5 = pow(1.5 + cos((cos((0.25 * t4)) + v3)), 1.5);
        double s6 = 1.0e3;
        #pragma pargrad reduce(min : s6)
        for (int i7 = 0; i7 <= n - 1; i7++) {
            s6 = fmin(s6, x[i7]);
        }
        double v8 = (tan(0.7 * tanh(fmax((w[n - 1]), v5 - 0.25))) * exp(tanh((double)sin((x[t4 % n])))));
        double f9 = (double)(((0.06 - 0.03) / (1.0 + (v5 + v3) * (v5 + v3))));
        if ((((x[n / 2]) + w[0]) < -0.46))
            break;
    }
    #pragma pargrad map
    for (int i10 = 0; i10 < n; i10++) {
        double v11 = ((double)i10 / n);
        tm1[i10] = atan((double)((double)i10 / n)) * 0.5;
    }
    free(tm1);
    return (w[n - 1]);
}

static double call_f_ref(struct drv *d) {
    return f_ref(N, M, d->x, d->w);
}

static double call_f(struct drv *d) {
    return f(N, M, d->x, d->w);
}

static double call_f_b(struct drv *d, double seed) {
    return f_b(N, M, d->x, d->x_b, d->w, d->w_b, seed);
}

int main(void) {
    static const struct drv_spec spec = {
        .n = N, .m = M, .seed = 36u,
        .has_w = 1, .w_wrt = 1, .has_a = 0, .a_wrt = 0,
        .has_p = 0, .p_wrt = 0, .has_u = 0, .has_y = 0, .has_ret = 1,
        .uses_float = 1,
        .primal = call_f, .reference = call_f_ref, .gradient = call_f_b,
    };
    return drv_main(&spec);
}
