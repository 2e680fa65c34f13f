/* the check driver of pargrad_gen 3 (see driver.h) */
#include "driver.h"

enum { N = 4, M = 4 };

double f(int n, int m, const double *x, const double *w, double p);
double f_b(int n, int m, const double *x, double *x_b, const double *w, double *w_b, double p, double *p_b, double f_b_seed);

static double h1_ref(double a, double b) {
    double f1 = (double)(b);
    if ((a > -0.26))
        return hypot(expm1(0.5 * sin(f1)), 0.5 + sqrt(0.5 + b * b) * sqrt(0.5 + b * b));
    return (tanh(((b - a) * log(1.0 + f1 * f1))) + (a - sin((a * f1))));
}
static double f_ref(int n, int m, const double *x, const double *w, double p) {
    double *tm2 = malloc((size_t)n * (size_t)m * sizeof(double));
    #pragma pargrad map
    for (int i3 = 0; i3 < n; i3++) {
        tm2[i3] = h1_ref((sqrt(0.5 + (-1.26) * (-1.26)) / (1.0 + (((i3 < n / 2) ? x[i3] : (w[n - 1]))) * (((i3 < n / 2) ? x[i3] : (w[n - 1]))))), exp(tanh((double)log1p(w[0] * w[0]))));
    }
    double v4 = log(2.0 + sin(((0.5 * (w[n - 1])) / (1.0 + fmax(tm2[0], (w[n / 2]) - 0.25) * fmax(tm2[0], (w[n / 2]) - 0.25)))));
    double v5 = (sin(((w[n - 1]) * p)) - (0.5 * ((-1.38) + (x[n / 2]))));
    free(tm2);
    return p;
}

static double call_f_ref(struct drv *d) {
    return f_ref(N, M, d->x, d->w, d->p);
}

static double call_f(struct drv *d) {
    return f(N, M, d->x, d->w, d->p);
}

static double call_f_b(struct drv *d, double seed) {
    return f_b(N, M, d->x, d->x_b, d->w, d->w_b, d->p, &d->p_b, seed);
}

int main(void) {
    static const struct drv_spec spec = {
        .n = N, .m = M, .seed = 3u,
        .has_w = 1, .w_wrt = 1, .has_a = 0, .a_wrt = 0,
        .has_p = 1, .p_wrt = 1, .has_u = 0, .has_y = 0, .has_ret = 1,
        .uses_float = 1,
        .primal = call_f, .reference = call_f_ref, .gradient = call_f_b,
    };
    return drv_main(&spec);
}
