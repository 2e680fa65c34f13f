/* the check driver of pargrad_gen 26 (see driver.h) */
#include "driver.h"

enum { N = 6, M = 4 };

void f(int n, int m, const double *x, const double *w, const double a[n][m], double p, double *u, double *y);
void f_b(int n, int m, const double *x, double *x_b, const double *w, double *w_b, const double a[n][m], double a_b[n][m], double p, double *p_b, double *u, double *u_b, double *y, double *y_b);

static double call_f(struct drv *d) {
    f(N, M, d->x, d->w, (const double(*)[M])d->a, d->p, d->u, d->y);
    return 0.0;
}

static double call_f_b(struct drv *d, double seed) {
    f_b(N, M, d->x, d->x_b, d->w, d->w_b, (const double(*)[M])d->a, (double(*)[M])d->a_b, d->p, &d->p_b, d->u, d->u_b, d->y, d->y_b);
    (void)seed;
    return 0.0;
}

int main(void) {
    static const struct drv_spec spec = {
        .n = N, .m = M, .seed = 26u,
        .has_w = 1, .w_wrt = 1, .has_a = 1, .a_wrt = 1,
        .has_p = 1, .p_wrt = 1, .has_u = 1, .has_y = 1, .has_ret = 0,
        .uses_float = 0,
        .primal = call_f, .reference = call_f, .gradient = call_f_b,
    };
    return drv_main(&spec);
}
