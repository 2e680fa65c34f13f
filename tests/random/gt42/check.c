/* the check driver of pargrad_gen 42 (see driver.h) */
#include "driver.h"

enum { N = 8, M = 3 };

double f(int n, int m, const double *x, double p);
double f_b(int n, int m, const double *x, double *x_b, double p, double f_b_seed);

static double h1_ref(double a, double b) {
    if ((sin(a) > 0.14))
        return (b - sin((a * b)));
    double v1 = (0.06 * (((b > -0.42) ? a : (b / (1.0 + a * a)))) + b);
    return b;
}
static double h2_ref(double a, double b) {
    double v2 = (-0.45 * a + log(2.0 + sin(tanh((b * b)))));
    return 1.42;
}
static double f_ref(int n, int m, const double *x, double p) {
    double *tm3 = malloc((size_t)n * (size_t)m * sizeof(double));
    double *tm4 = malloc((size_t)n * (size_t)m * sizeof(double));
    double v5 = (sin(((((-1.38) < 0.47) ? (x[n - 1]) : (x[n / 2])))) / (1.0 + p * p));
    #pragma pargrad map
    for (int i6 = 0; i6 < n; i6 += 1) {
        double v7 = atan(exp(tanh(exp(tanh((double)p)))));
        tm4[i6] = log(1.0 + v5 * v5);
    }
    double v8 = h1_ref((tm4[0] * (v5 * v5)), (0.5 * v5));
    double s9 = 1.0;
    #pragma pargrad reduce(* : s9)
    for (int i10 = 0; i10 < n; ++i10) {
        double v11 = (-0.03);
        s9 = s9 * (1.0 + 0.2 * tanh((x[n - 1])));
    }
    free(tm3);
    free(tm4);
    return atan((fmin(log(2.0 + sin(((tm4[n / 2]) + p))), (tm4[n - 1]) + 0.25) + s9));
}

static double call_f_ref(struct drv *d) {
    return f_ref(N, M, d->x, d->p);
}

static double call_f(struct drv *d) {
    return f(N, M, d->x, d->p);
}

static double call_f_b(struct drv *d, double seed) {
    return f_b(N, M, d->x, d->x_b, d->p, seed);
}

int main(void) {
    static const struct drv_spec spec = {
        .n = N, .m = M, .seed = 42u,
        .has_w = 0, .w_wrt = 0, .has_a = 0, .a_wrt = 0,
        .has_p = 1, .p_wrt = 0, .has_u = 0, .has_y = 0, .has_ret = 1,
        .uses_float = 1,
        .primal = call_f, .reference = call_f_ref, .gradient = call_f_b,
    };
    return drv_main(&spec);
}
