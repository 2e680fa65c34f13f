/* the check driver of pargrad_gen 38 (see driver.h) */
#include "driver.h"

enum { N = 9, M = 1 };

double f(int n, int m, const double *x);
double f_b(int n, int m, const double *x, double *x_b, double f_b_seed);

static double h1_ref(int len, const double *v, const double *q) {
    double s = 0.0;
    #pragma pargrad reduce(+ : s)
    for (int i = 0; i < len; i++) {
        s += sin((q[i] * 1.07));
    }
    return s;
}
static double h2_ref(int len, const double *v, const double *q) {
    double s = 0.0;
    #pragma pargrad reduce(+ : s)
    for (int i = 0; i < len; i++) {
        s += fmax(q[i], v[i] - 0.25);
    }
    return s;
}
static double f_ref(int n, int m, const double *x) {
    double *tm1 = malloc((size_t)n * (size_t)m * sizeof(double));
    if ((((((-1.26) > 0.37) ? (x[0] + x[0]) : log1p((x[n / 2]) * (x[n / 2])))) > -0.49)) {
        double f2 = (double)(((-1.41) + (0.5 * (x[n - 1]))));
    }
    double f3 = (double)(sqrt(1.0 + cos(0.28) * cos(0.28)));
    free(tm1);
    return tan(0.7 * tanh(log(1.0 + (double)((x[n / 2]) / (1.0 + (x[n / 2]) * (x[n / 2]))) * (double)((x[n / 2]) / (1.0 + (x[n / 2]) * (x[n / 2]))))));
}

static double call_f_ref(struct drv *d) {
    return f_ref(N, M, d->x);
}

static double call_f(struct drv *d) {
    return f(N, M, d->x);
}

static double call_f_b(struct drv *d, double seed) {
    return f_b(N, M, d->x, d->x_b, seed);
}

int main(void) {
    static const struct drv_spec spec = {
        .n = N, .m = M, .seed = 38u,
        .has_w = 0, .w_wrt = 0, .has_a = 0, .a_wrt = 0,
        .has_p = 0, .p_wrt = 0, .has_u = 0, .has_y = 0, .has_ret = 1,
        .uses_float = 1,
        .primal = call_f, .reference = call_f_ref, .gradient = call_f_b,
    };
    return drv_main(&spec);
}
