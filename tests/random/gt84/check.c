/* the check driver of pargrad_gen 84 (see driver.h) */
#include "driver.h"

enum { N = 7, M = 4 };

double f(int n, int m, const double *x, const double *w, double p);
double f_b(int n, int m, const double *x, double *x_b, const double *w, double p, double f_b_seed);

static double h1_ref(const double *v, int k) {
    return atan((log1p((0.06 * (-1.26) + v[k]) * (0.06 * (-1.26) + v[k])) * v[k]));
}
static double h2_ref(const double *v, int k) {
    return (((v[k] < -0.42) ? v[k] : 0.42));
}
static double f_ref(int n, int m, const double *x, const double *w, double p) {
    double *tm1 = malloc((size_t)n * (size_t)m * sizeof(double));
    double s2 = 1.0e3;
    #pragma pargrad reduce(min : s2)
    for (int i3 = 0; i3 < n; i3 += 1) {
        if ((w[i3] - (h2_ref(x, (i3 + 1) % n))) < s2) s2 = (w[i3] - (h2_ref(x, (i3 + 1) % n)));
    }
    double f4 = (double)(p);
    free(tm1);
    return sin(((0.5 * atan(s2)) + s2));
}

static double call_f_ref(struct drv *d) {
    return f_ref(N, M, d->x, d->w, d->p);
}

static double call_f(struct drv *d) {
    return f(N, M, d->x, d->w, d->p);
}

static double call_f_b(struct drv *d, double seed) {
    return f_b(N, M, d->x, d->x_b, d->w, d->p, seed);
}

int main(void) {
    static const struct drv_spec spec = {
        .n = N, .m = M, .seed = 84u,
        .has_w = 1, .w_wrt = 0, .has_a = 0, .a_wrt = 0,
        .has_p = 1, .p_wrt = 0, .has_u = 0, .has_y = 0, .has_ret = 1,
        .uses_float = 1,
        .primal = call_f, .reference = call_f_ref, .gradient = call_f_b,
    };
    return drv_main(&spec);
}
