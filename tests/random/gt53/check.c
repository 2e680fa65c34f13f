/* the check driver of pargrad_gen 53 (see driver.h) */
#include "driver.h"

enum { N = 4, M = 4 };

double f(int n, int m, const double *x, const double *w, double *u);
double f_b(int n, int m, const double *x, double *x_b, const double *w, double *w_b, double *u, double *u_b, double f_b_seed);

static double h1_ref(const double *v, int k) {
    return ((((v[k] / (1.0 + v[k] * v[k])) > -0.01) ? v[k] : (v[k] * v[k])));
}
static double f_ref(int n, int m, const double *x, const double *w, double *u) {
    double la1[3] = {(-0.30), (sqrt(0.5 + (-1.26) * (-1.26)) / (1.0 + (((m < 3) ? u[0] : (x[n - 1]))) * (((m < 3) ? u[0] : (x[n - 1]))))), 0.42};
    double v2 = pow(1.5 + cos((w[n - 1])), 1.5);
    double s3 = 1.0e3;
    #pragma pargrad reduce(min : s3)
    for (int i4 = 0; i4 <= n - 1; i4++) {
        double v5 = x[i4];
        double v6 = (fmax(sqrt(1.0 + (u[n - 1]) * (u[n - 1])), v2 - 0.25) + sin(log(1.0 + (double)w[0] * (double)w[0])));
        if ((cos(v2) > 0.17)) {
            s3 = fmin(s3, exp(tanh((double)(((double)i4 / n) - atan((double)v2) * 0.5))));
        }
    }
    return tanh(tanh(s3));
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
        .n = N, .m = M, .seed = 53u,
        .has_w = 1, .w_wrt = 1, .has_a = 0, .a_wrt = 0,
        .has_p = 0, .p_wrt = 0, .has_u = 1, .has_y = 0, .has_ret = 1,
        .uses_float = 1,
        .primal = call_f, .reference = call_f_ref, .gradient = call_f_b,
    };
    return drv_main(&spec);
}
