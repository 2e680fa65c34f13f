/* the check driver of pargrad_gen 85 (see driver.h) */
#include "driver.h"

enum { N = 6, M = 1 };

double f(int n, int m, const double *x, double p);
double f_b(int n, int m, const double *x, double *x_b, double p, double f_b_seed);

static double call_f(struct drv *d) {
    return f(N, M, d->x, d->p);
}

static double call_f_b(struct drv *d, double seed) {
    return f_b(N, M, d->x, d->x_b, d->p, seed);
}

int main(void) {
    static const struct drv_spec spec = {
        .n = N, .m = M, .seed = 85u,
        .has_w = 0, .w_wrt = 0, .has_a = 0, .a_wrt = 0,
        .has_p = 1, .p_wrt = 0, .has_u = 0, .has_y = 0, .has_ret = 1,
        .uses_float = 0,
        .primal = call_f, .reference = call_f, .gradient = call_f_b,
    };
    return drv_main(&spec);
}
