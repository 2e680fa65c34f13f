/* the check driver of pargrad_gen 63 (see driver.h) */
#include "driver.h"

enum { N = 8, M = 2 };

double f(int n, int m, const double *x, const double *w, double *u);
double f_b(int n, int m, const double *x, double *x_b, const double *w, double *w_b, double *u, double *u_b, double f_b_seed);

static double call_f(struct drv *d) {
    return f(N, M, d->x, d->w, d->u);
}

static double call_f_b(struct drv *d, double seed) {
    return f_b(N, M, d->x, d->x_b, d->w, d->w_b, d->u, d->u_b, seed);
}

int main(void) {
    static const struct drv_spec spec = {
        .n = N, .m = M, .seed = 63u,
        .has_w = 1, .w_wrt = 1, .has_a = 0, .a_wrt = 0,
        .has_p = 0, .p_wrt = 0, .has_u = 1, .has_y = 0, .has_ret = 1,
        .uses_float = 0,
        .primal = call_f, .reference = call_f, .gradient = call_f_b,
    };
    return drv_main(&spec);
}
