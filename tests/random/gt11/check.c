/* the check driver of pargrad_gen 11 (see driver.h) */
#include "driver.h"

enum { N = 4, M = 3 };

double f(int n, int m, const double *x, const double *w, double *y);
double f_b(int n, int m, const double *x, double *x_b, const double *w, double *w_b, double *y, double *y_b, double f_b_seed);

static double h1_ref(int len, const double *v, const double *q) {
    double s = 0.0;
    #pragma pargrad reduce(+ : s)
    for (int i = 0; i < len; i++) {
        s += atan(q[i]);
    }
    return s;
}
static double h2_ref(double a, double b) {
    if (((((a < -0.06) ? b : a)) < 0.25))
        return (((a < 0.17) ? a : fmax(b, 0.11 - 0.25)));
    double la1[3] = {0.94, (((b > -0.42) ? a : (b / (1.0 + a * a)))), b};
    if ((b > 0.18))
        return sin((0.81 * (la1[1] + b) + pow(1.5 + cos(b), 1.5)));
    return la1[1];
}
static double f_ref(int n, int m, const double *x, const double *w, double *y) {
    double *tm2 = malloc((size_t)n * (size_t)m * sizeof(double));
    double v3 = sin(h2_ref(pow(1.5 + cos(x[0]), 1.5), fmax((w[n - 1]), (x[n / 2]) - 0.25)));
    #pragma pargrad map
    for (int i4 = 0; i4 < n; i4 += 1) {
        double v5 = sqrt(1.0 + tan(0.7 * tanh(atan((double)((double)i4 / n)) * 0.5)) * tan(0.7 * tanh(atan((double)((double)i4 / n)) * 0.5)));
        tm2[i4] = hypot(((h1_ref(n, x, w)) / (1.0 + (h1_ref(n, x, w)) * (h1_ref(n, x, w)))), 0.5 + atan((h1_ref(n, x, w))) * atan((h1_ref(n, x, w))));
    }
    double v6 = (-1.47 * x[0] + (sin((double)v3) * hypot(0.54, 0.5 + (-1.14) * (-1.14))));
    double f7 = (double)(h2_ref((x[0] - (-0.72)), atan(v3)));
    #pragma pargrad map
    for (int i8 = 0; i8 < n; i8++) {
        double la9[3] = {(((((double)i8 / n) > 0.32) ? v3 : (0.25 * i8))), (x[(i8 + 1) % n]), x[i8]};
        y[i8] = ((sin((double)(x[n - 1 - i8])) + (0.25 * i8)) + (la9[i8 % 3]));
    }
    free(tm2);
    return v6;
}

static double call_f_ref(struct drv *d) {
    return f_ref(N, M, d->x, d->w, d->y);
}

static double call_f(struct drv *d) {
    return f(N, M, d->x, d->w, d->y);
}

static double call_f_b(struct drv *d, double seed) {
    return f_b(N, M, d->x, d->x_b, d->w, d->w_b, d->y, d->y_b, seed);
}

int main(void) {
    static const struct drv_spec spec = {
        .n = N, .m = M, .seed = 11u,
        .has_w = 1, .w_wrt = 1, .has_a = 0, .a_wrt = 0,
        .has_p = 0, .p_wrt = 0, .has_u = 0, .has_y = 1, .has_ret = 1,
        .uses_float = 1,
        .primal = call_f, .reference = call_f_ref, .gradient = call_f_b,
    };
    return drv_main(&spec);
}
