/* the check driver of pargrad_gen 44 (see driver.h) */
#include "driver.h"

enum { N = 5, M = 4 };

double f(int n, int m, const double *x, const double *w, double *y);
double f_b(int n, int m, const double *x, double *x_b, const double *w, double *y, double *y_b, double f_b_seed);

static double f_ref(int n, int m, const double *x, const double *w, double *y) {
    double *tm1 = malloc((size_t)n * (size_t)m * sizeof(double));
    double *tm2 = malloc((size_t)n * (size_t)m * sizeof(double));
    double v3 = ((x[n - 1]) + (((x[0] > 0.17) ? (x[n / 2]) : (w[n / 2]))));
    double v4 = exp(tanh((double)log1p(tanh(v3) * tanh(v3))));
    #pragma pargrad map
    for (int i5 = 0; i5 < n; i5++) {
        double v6 = fabs(v4);
        double s7 = 1.0;
        #pragma pargrad reduce(* : s7)
        for (int j8 = 0; j8 < m; j8++) {
            s7 *= 1.0 + 0.2 * tanh((w[i5 * m + m - 1]));
        }
        y[i5] = sin(log(1.0 + (cos((0.25 * i5)) * s7) * (cos((0.25 * i5)) * s7)));
    }
    free(tm1);
    free(tm2);
    return v3;
}

static double call_f_ref(struct drv *d) {
    return f_ref(N, M, d->x, d->w, d->y);
}

static double call_f(struct drv *d) {
    return f(N, M, d->x, d->w, d->y);
}

static double call_f_b(struct drv *d, double seed) {
    return f_b(N, M, d->x, d->x_b, d->w, d->y, d->y_b, seed);
}

int main(void) {
    static const struct drv_spec spec = {
        .n = N, .m = M, .seed = 44u,
        .has_w = 1, .w_wrt = 0, .has_a = 0, .a_wrt = 0,
        .has_p = 0, .p_wrt = 0, .has_u = 0, .has_y = 1, .has_ret = 1,
        .uses_float = 1,
        .primal = call_f, .reference = call_f_ref, .gradient = call_f_b,
    };
    return drv_main(&spec);
}
