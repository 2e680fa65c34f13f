/* the check driver of pargrad_gen 2 (see driver.h) */
#include "driver.h"

enum { N = 7, M = 1 };

double f(int n, int m, const double *x, double *y);
double f_b(int n, int m, const double *x, double *x_b, double *y, double *y_b, double f_b_seed);

static double f_ref(int n, int m, const double *x, double *y) {
    double *tm1 = malloc((size_t)n * (size_t)m * sizeof(double));
    int k2 = (n * 1 + 2) % 5;
    double s3 = 1.0;
    #pragma pargrad reduce(* : s3)
    for (int i4 = 0; i4 < n; i4++) {
        double f5 = (double)((x[n - 1 - i4]));
        s3 = s3 * (1.0 + 0.2 * tanh((hypot(expm1(0.5 * sin((0.1 * k2))), 0.5 + fabs((x[(i4 + 1) % n])) * fabs((x[(i4 + 1) % n]))) - (0.1 * k2))));
    }
    #pragma pargrad map
    for (int i6 = 0; i6 < n; i6++) {
        y[i6] = (sin(sin((0.1 * k2))) + ((x[n - 1]) - (x[n - 1 - i6])));
    }
    free(tm1);
    return sin(((y[n - 1]) + s3));
}

static double call_f_ref(struct drv *d) {
    return f_ref(N, M, d->x, d->y);
}

static double call_f(struct drv *d) {
    return f(N, M, d->x, d->y);
}

static double call_f_b(struct drv *d, double seed) {
    return f_b(N, M, d->x, d->x_b, d->y, d->y_b, seed);
}

int main(void) {
    static const struct drv_spec spec = {
        .n = N, .m = M, .seed = 2u,
        .has_w = 0, .w_wrt = 0, .has_a = 0, .a_wrt = 0,
        .has_p = 0, .p_wrt = 0, .has_u = 0, .has_y = 1, .has_ret = 1,
        .uses_float = 1,
        .primal = call_f, .reference = call_f_ref, .gradient = call_f_b,
    };
    return drv_main(&spec);
}
