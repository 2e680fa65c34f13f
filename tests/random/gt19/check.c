/* the check driver of pargrad_gen 19 (see driver.h) */
#include "driver.h"

enum { N = 2, M = 1 };

double f(int n, int m, const double *x, const double *w, double *y);
double f_b(int n, int m, const double *x, double *x_b, const double *w, double *w_b, double *y, double *y_b, double f_b_seed);

static double h1_ref(double a, double b) {
    if (((((a < -0.06) ? b : a)) < 0.25))
        return (((a < 0.17) ? a : fmax(b, 0.11 - 0.25)));
    double la1[3] = {0.94, (((b > -0.42) ? a : (b / (1.0 + a * a)))), b};
    if ((b > 0.18))
        return sin((0.81 * (la1[1] + b) + pow(1.5 + cos(b), 1.5)));
    return la1[1];
}
static double h2_ref(const double *v, int k) {
    return v[k];
}
static double f_ref(int n, int m, const double *x, const double *w, double *y) {
    double v2 = ((sqrt(1.0 + (w[n - 1]) * (w[n - 1])) / (1.0 + w[0] * w[0])) - exp(tanh((double)(0.5 * (x[n / 2])))));
    double s3 = 0.0;
    #pragma pargrad reduce(+ : s3)
    for (int i4 = 0; i4 < n; i4++) {
        s3 += sqrt(1.0 + sqrt(1.0 + (double)(atan(((double)i4 / n)) * atan(((double)i4 / n)))) * sqrt(1.0 + (double)(atan(((double)i4 / n)) * atan(((double)i4 / n)))));
    }
    #pragma pargrad map
    for (int i5 = 0; i5 < n; i5 += 1) {
        y[i5] = h1_ref((-1.38), tanh(tanh(s3)));
    }
    return atan((sqrt(1.0 + (double)(cos((0.5 * v2)) * cos((0.5 * v2)))) + s3));
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
        .n = N, .m = M, .seed = 19u,
        .has_w = 1, .w_wrt = 1, .has_a = 0, .a_wrt = 0,
        .has_p = 0, .p_wrt = 0, .has_u = 0, .has_y = 1, .has_ret = 1,
        .uses_float = 1,
        .primal = call_f, .reference = call_f_ref, .gradient = call_f_b,
    };
    return drv_main(&spec);
}
