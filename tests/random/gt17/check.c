/* the check driver of pargrad_gen 17 (see driver.h) */
#include "driver.h"

enum { N = 3, M = 3 };

double f(int n, int m, const double *x, const double *w, const double a[n][m], double p);
double f_b(int n, int m, const double *x, double *x_b, const double *w, double *w_b, const double a[n][m], double a_b[n][m], double p, double *p_b, double f_b_seed);

static double call_f(struct drv *d) {
    return f(N, M, d->x, d->w, (const double(*)[M])d->a, d->p);
}

static double call_f_b(struct drv *d, double seed) {
    return f_b(N, M, d->x, d->x_b, d->w, d->w_b, (const double(*)[M])d->a, (double(*)[M])d->a_b, d->p, &d->p_b, seed);
}

int main(void) {
    static const struct drv_spec spec = {
        .n = N, .m = M, .seed = 17u,
        .has_w = 1, .w_wrt = 1, .has_a = 1, .a_wrt = 1,
        .has_p = 1, .p_wrt = 1, .has_u = 0, .has_y = 0, .has_ret = 1,
        .uses_float = 0,
        .primal = call_f, .reference = call_f, .gradient = call_f_b,
    };
    return drv_main(&spec);
}
