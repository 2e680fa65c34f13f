/* the check driver of pargrad_gen 12 (see driver.h) */
#include "driver.h"

enum { N = 5, M = 1 };

double f(int n, int m, const double *x, double *u);
double f_b(int n, int m, const double *x, double *x_b, double *u, double *u_b, double f_b_seed);

static double h1_ref(const double *v, int k) {
    return v[k];
}
static double h2_ref(int len, const double *v, const double *q) {
    double s = 0.0;
    #pragma pargrad reduce(+ : s)
    for (int i = 0; i < len; i++) {
        s += exp(-0.48 * 0.48);
    }
    return s;
}
static double f_ref(int n, int m, const double *x, double *u) {
    double *tm1 = malloc((size_t)n * (size_t)m * sizeof(double));
    #pragma pargrad map
    for (int i2 = 0; i2 < n; i2++) {
        #pragma pargrad map
        for (int j3 = 0; j3 <= m - 1; j3++) {
            tm1[i2 * m + j3] = tan(0.7 * tanh(fmax(log(1.0 + ((double)i2 / n) * ((double)i2 / n)), (0.56 + (x[i2 * m + j3])) - 0.25)));
        }
        if ((tanh((h2_ref(n, x, x))) < 0.50)) {
            u[i2] = u[i2];
        } else {
            u[i2] = atan((double)tanh(u[i2])) * 0.5;
        }
    }
    double v4 = tanh((fabs(x[0]) + (-1.41)));
    for (int t5 = 0; t5 < 2; t5++) {
        double v6 = pow(1.5 + cos((cos((0.25 * t5)) + v4)), 1.5);
    }
    free(tm1);
    return (u[n / 2]);
}

static double call_f_ref(struct drv *d) {
    return f_ref(N, M, d->x, d->u);
}

static double call_f(struct drv *d) {
    return f(N, M, d->x, d->u);
}

static double call_f_b(struct drv *d, double seed) {
    return f_b(N, M, d->x, d->x_b, d->u, d->u_b, seed);
}

int main(void) {
    static const struct drv_spec spec = {
        .n = N, .m = M, .seed = 12u,
        .has_w = 0, .w_wrt = 0, .has_a = 0, .a_wrt = 0,
        .has_p = 0, .p_wrt = 0, .has_u = 1, .has_y = 0, .has_ret = 1,
        .uses_float = 1,
        .primal = call_f, .reference = call_f_ref, .gradient = call_f_b,
    };
    return drv_main(&spec);
}
