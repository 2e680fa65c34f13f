/* the check driver of pargrad_gen 83 (see driver.h) */
#include "driver.h"

enum { N = 7, M = 1 };

double f(int n, int m, const double *x, const double *w, double *u);
double f_b(int n, int m, const double *x, double *x_b, const double *w, double *w_b, double *u, double *u_b, double f_b_seed);

static double h1_ref(double a, double b) {
    if ((erf(b) > 0.37))
        return (cbrt(2.0 + sin((-1.41))) + 0.48);
    int k1 = (n * 1 + 0) % 5;
    return exp(-log(2.0 + sin(tanh((a * b)))) * log(2.0 + sin(tanh((a * b)))));
}
static double h2_ref(int len, const double *v, const double *q) {
    double s = 0.0;
    #pragma pargrad reduce(+ : s)
    for (int i = 0; i < len; i++) {
        s += sqrt(1.0 + v[i] * v[i]);
    }
    return s;
}
static double f_ref(int n, int m, const double *x, const double *w, double *u) {
    double *tm2 = malloc((size_t)n * (size_t)m * sizeof(double));
    double *tm3 = malloc((size_t)n * (size_t)m * sizeof(double));
    double buf4[64];
    double f5 = (double)((fmax((u[n - 1]), (w[n / 2]) - 0.25) / (1.0 + pow(1.5 + cos(w[0]), 1.5) * pow(1.5 + cos(w[0]), 1.5))));
    #pragma pargrad map
    for (int i6 = 0; i6 < n; i6 += 1) {
        double v7 = sqrt(1.0 + tan(0.7 * tanh(atan((double)((double)i6 / n)) * 0.5)) * tan(0.7 * tanh(atan((double)((double)i6 / n)) * 0.5)));
        buf4[i6] = (0.5 * h1_ref(exp(-(u[n - 1 - i6]) * (u[n - 1 - i6])), sin(w[i6])));
    }
    free(tm2);
    free(tm3);
    return log(2.0 + sin((hypot(hypot(0.54, 0.5 + (-1.14) * (-1.14)), 0.5 + (-0.03) * (-0.03)) / (1.0 + hypot(hypot(0.54, 0.5 + (-1.14) * (-1.14)), 0.5 + (-0.03) * (-0.03)) * hypot(hypot(0.54, 0.5 + (-1.14) * (-1.14)), 0.5 + (-0.03) * (-0.03))))));
}

static double call_f_ref(struct drv *d) {
    return f_ref(N, M, d->x, d->w, d->u);
}

static double call_f(struct drv *d) {
    return f(N, M, d->x, d->w, d->u);
}

static double call_f_b(struct drv *d, double seed) {
    return f_b(N, M, d->x, d->x_b, d->w, d->w_b, d->u, d->u_b, seed);
}

int main(void) {
    static const struct drv_spec spec = {
        .n = N, .m = M, .seed = 83u,
        .has_w = 1, .w_wrt = 1, .has_a = 0, .a_wrt = 0,
        .has_p = 0, .p_wrt = 0, .has_u = 1, .has_y = 0, .has_ret = 1,
        .uses_float = 1,
        .primal = call_f, .reference = call_f_ref, .gradient = call_f_b,
    };
    return drv_main(&spec);
}
