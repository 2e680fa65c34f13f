/* the check driver of pargrad_gen 24 (see driver.h) */
#include "driver.h"

enum { N = 8, M = 2 };

double f(int n, int m, const double *x, const double *w, double *u, double *y);
double f_b(int n, int m, const double *x, double *x_b, const double *w, double *w_b, double *u, double *u_b, double *y, double *y_b, double f_b_seed);

static double h1_ref(const double *v, int k) {
    return (fabs(log(1.0 + v[k] * v[k])) + (((v[k] < 0.17) ? pow(1.0 + v[k] * v[k], 0.5 + 0.3 * sin(1.07)) : fmax(v[k], v[k] - 0.25))));
}
static double h2_ref(int len, const double *v, const double *q) {
    double s = 0.0;
    #pragma pargrad reduce(+ : s)
    for (int i = 0; i < len; i++) {
        s += q[i];
    }
    return s;
}
static double f_ref(int n, int m, const double *x, const double *w, double *u, double *y) {
    double *tm1 = malloc((size_t)n * (size_t)m * sizeof(double));
    double buf2[64];
    #pragma pargrad map
    for (int i3 = 0; i3 < n; i3++) {
        double v4 = atan((double)expm1(0.5 * sin(tan(0.7 * tanh(u[i3]))))) * 0.5;
        double la5[3] = {log(1.0 + (double)cos(v4) * (double)cos(v4)), (-1.41), expm1(0.5 * sin((w[n - 1])))};
        double f6 = (double)(v4);
        u[i3] = sin(u[i3]) + (atan(sqrt(1.0 + f6 * f6)) / (1.0 + ((double)(u[i3] * f6)) * ((double)(u[i3] * f6))));
    }
    double v7 = pow(1.0 + ((h2_ref(n, x, w)) / (1.0 + (h2_ref(n, x, w)) * (h2_ref(n, x, w)))) * ((h2_ref(n, x, w)) / (1.0 + (h2_ref(n, x, w)) * (h2_ref(n, x, w)))), 0.5 + 0.3 * sin(((w[n - 1]) / (1.0 + x[0] * x[0]))));
    double v8 = (x[n / 2]);
    #pragma pargrad map
    for (int i9 = 0; i9 < n; i9 += 1) {
        double v10 = sqrt(1.0 + tan(0.7 * tanh(atan((double)((double)i9 / n)) * 0.5)) * tan(0.7 * tanh(atan((double)((double)i9 / n)) * 0.5)));
        buf2[i9] = cos((h1_ref(x, i9)));
    }
    #pragma pargrad map
    for (int i11 = 0; i11 < n; i11 += 1) {
        y[i11] = atan((double)fmin(buf2[0], fmin(v8, v7 + 0.25) + 0.25)) * 0.5;
    }
    free(tm1);
    return ((-0.03) + (y[n - 1]));
}

static double call_f_ref(struct drv *d) {
    return f_ref(N, M, d->x, d->w, d->u, d->y);
}

static double call_f(struct drv *d) {
    return f(N, M, d->x, d->w, d->u, d->y);
}

static double call_f_b(struct drv *d, double seed) {
    return f_b(N, M, d->x, d->x_b, d->w, d->w_b, d->u, d->u_b, d->y, d->y_b, seed);
}

int main(void) {
    static const struct drv_spec spec = {
        .n = N, .m = M, .seed = 24u,
        .has_w = 1, .w_wrt = 1, .has_a = 0, .a_wrt = 0,
        .has_p = 0, .p_wrt = 0, .has_u = 1, .has_y = 1, .has_ret = 1,
        .uses_float = 1,
        .primal = call_f, .reference = call_f_ref, .gradient = call_f_b,
    };
    return drv_main(&spec);
}
