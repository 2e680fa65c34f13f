/* the check driver of pargrad_gen 93 (see driver.h) */
#include "driver.h"

enum { N = 3, M = 3 };

double f(int n, int m, const double *x, const double *w, double p, double *y);
double f_b(int n, int m, const double *x, double *x_b, const double *w, double p, double *p_b, double *y, double *y_b, double f_b_seed);

static double h1_ref(int len, const double *v, const double *q) {
    double s = 0.0;
    #pragma pargrad reduce(+ : s)
    for (int i = 0; i < len; i++) {
        s += q[i];
    }
    return s;
}
static double f_ref(int n, int m, const double *x, const double *w, double p, double *y) {
    double *tm1 = malloc((size_t)n * (size_t)m * sizeof(double));
    for (int t2 = 0; t2 < 2; t2++) {
        double v3 = exp(-(0.81 * cos((0.25 * t2)) + 0.81) * (0.81 * cos((0.25 * t2)) + 0.81));
        double la4[3] = {(x[n / 2]), sqrt(1.0 + pow(1.0 + x[0] * x[0], 0.5 + 0.3 * sin((w[n - 1]))) * pow(1.0 + x[0] * x[0], 0.5 + 0.3 * sin((w[n - 1])))), p};
        double s5 = 0.5 * x[0];
        #pragma pargrad reduce(+ : s5)
        for (int i6 = 0; i6 < n; i6 += 1) {
            s5 = s5 + (x[t2 % n]);
        }
        double v7 = p;
    }
    double v8 = atan(exp(tanh(exp(tanh((double)p)))));
    double f9 = (double)(atan(sin((h1_ref(n, x, w)))));
    double f10 = (double)(((((x[n / 2]) + w[0]) * exp(tanh((double)v8))) / (1.0 + (((x[n / 2]) + w[0]) * exp(tanh((double)v8))) * (((x[n / 2]) + w[0]) * exp(tanh((double)v8))))));
    #pragma pargrad map
    for (int i11 = 1; i11 < n - 1; ++i11) {
        double v12 = (-0.03);
        #pragma pargrad map
        for (int j13 = 0; j13 < m; j13++) {
            tm1[i11 * m + j13] = v12;
        }
        y[i11] = pow(1.5 + cos((exp(-(w[i11 + 1]) * (w[i11 + 1])) * sin((double)(x[(i11 + 1) % n])))), 1.5);
    }
    free(tm1);
    return sin(w[0]);
}

static double call_f_ref(struct drv *d) {
    return f_ref(N, M, d->x, d->w, d->p, d->y);
}

static double call_f(struct drv *d) {
    return f(N, M, d->x, d->w, d->p, d->y);
}

static double call_f_b(struct drv *d, double seed) {
    return f_b(N, M, d->x, d->x_b, d->w, d->p, &d->p_b, d->y, d->y_b, seed);
}

int main(void) {
    static const struct drv_spec spec = {
        .n = N, .m = M, .seed = 93u,
        .has_w = 1, .w_wrt = 0, .has_a = 0, .a_wrt = 0,
        .has_p = 1, .p_wrt = 1, .has_u = 0, .has_y = 1, .has_ret = 1,
        .uses_float = 1,
        .primal = call_f, .reference = call_f_ref, .gradient = call_f_b,
    };
    return drv_main(&spec);
}
