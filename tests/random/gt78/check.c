/* the check driver of pargrad_gen 78 (see driver.h) */
#include "driver.h"

enum { N = 3, M = 3 };

void f(int n, int m, const double *x, const double *w, double p, double *u);
void f_b(int n, int m, const double *x, double *x_b, const double *w, double *w_b, double p, double *u, double *u_b);

static double h1_ref(double a, double b) {
    int k1 = (n * 1 + 3) % 5;
    if ((erf((0.1 * k1)) > 0.37))
        return (cbrt(2.0 + sin((-1.41))) + 0.48);
    return (0.1 * k1);
}
static void f_ref(int n, int m, const double *x, const double *w, double p, double *u) {
    double *tm2 = malloc((size_t)n * (size_t)m * sizeof(double));
    double v3 = pow(1.5 + cos((w[n - 1])), 1.5);
    double s4 = 1.0e3;
    #pragma pargrad reduce(min : s4)
    for (int i5 = 0; i5 <= n - 1; i5++) {
        s4 = fmin(s4, p);
    }
    double v6 = (0.5 * h1_ref(tan(0.7 * tanh(v3)), (tanh(s4) + atan(s4))));
    double s7 = 1.0e3;
    #pragma pargrad reduce(min : s7)
    for (int i8 = 0; i8 < n; i8 += 1) {
        if (atan((double)exp(tanh((double)fmax(p, 1.29 - 0.25)))) * 0.5 < s7) s7 = atan((double)exp(tanh((double)fmax(p, 1.29 - 0.25)))) * 0.5;
    }
    free(tm2);
}

static double call_f_ref(struct drv *d) {
    f_ref(N, M, d->x, d->w, d->p, d->u);
    return 0.0;
}

static double call_f(struct drv *d) {
    f(N, M, d->x, d->w, d->p, d->u);
    return 0.0;
}

static double call_f_b(struct drv *d, double seed) {
    f_b(N, M, d->x, d->x_b, d->w, d->w_b, d->p, d->u, d->u_b);
    (void)seed;
    return 0.0;
}

int main(void) {
    static const struct drv_spec spec = {
        .n = N, .m = M, .seed = 78u,
        .has_w = 1, .w_wrt = 1, .has_a = 0, .a_wrt = 0,
        .has_p = 1, .p_wrt = 0, .has_u = 1, .has_y = 0, .has_ret = 0,
        .uses_float = 1,
        .primal = call_f, .reference = call_f_ref, .gradient = call_f_b,
    };
    return drv_main(&spec);
}
