/* the check driver of pargrad_gen 35 (see driver.h) */
#include "driver.h"

enum { N = 8, M = 3 };

double f(int n, int m, const double *x, const double *w);
double f_b(int n, int m, const double *x, double *x_b, const double *w, double *w_b, double f_b_seed);

static double f_ref(int n, int m, const double *x, const double *w) {
    double *tm1 = malloc((size_t)n * (size_t)m * sizeof(double));
    double v2 = ((((x[n - 1]) < -0.23) ? 0.44 : sin(fabs(x[0]))));
    double f3 = (double)(x[0]);
    double v4 = (-1.29);
    for (int t5 = 0; t5 < 2; t5++) {
        v2 = 0.5 * v2 + 0.5 * tanh(log1p((0.06 * (-1.26) + v4) * (0.06 * (-1.26) + v4)));
        double s6 = 1.0e3;
        #pragma pargrad reduce(min : s6)
        for (int i7 = 0; i7 < n; ++i7) {
            double f8 = (double)(v4);
            if (sin((sqrt(1.0 + ((double)t5 / n) * ((double)t5 / n)) - atan((x[t5 % n])))) < s6) s6 = sin((sqrt(1.0 + ((double)t5 / n) * ((double)t5 / n)) - atan((x[t5 % n]))));
        }
        if ((t5 < n / 2))
            break;
    }
    free(tm1);
    return sin(v4);
}

static double call_f_ref(struct drv *d) {
    return f_ref(N, M, d->x, d->w);
}

static double call_f(struct drv *d) {
    return f(N, M, d->x, d->w);
}

static double call_f_b(struct drv *d, double seed) {
    return f_b(N, M, d->x, d->x_b, d->w, d->w_b, seed);
}

int main(void) {
    static const struct drv_spec spec = {
        .n = N, .m = M, .seed = 35u,
        .has_w = 1, .w_wrt = 1, .has_a = 0, .a_wrt = 0,
        .has_p = 0, .p_wrt = 0, .has_u = 0, .has_y = 0, .has_ret = 1,
        .uses_float = 1,
        .primal = call_f, .reference = call_f_ref, .gradient = call_f_b,
    };
    return drv_main(&spec);
}
