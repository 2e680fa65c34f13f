/* the check driver of pargrad_gen 49 (see driver.h) */
#include "driver.h"

enum { N = 3, M = 4 };

double f(int n, int m, const double *x, const double *w, const double a[n][m], double p);
double f_b(int n, int m, const double *x, double *x_b, const double *w, const double a[n][m], double a_b[n][m], double p, double *p_b, double f_b_seed);

static double f_ref(int n, int m, const double *x, const double *w, const double a[n][m], double p) {
    double *tm1 = malloc((size_t)n * (size_t)m * sizeof(double));
    double *tm2 = malloc((size_t)n * (size_t)m * sizeof(double));
    if ((p > -0.04)) {
        int k3 = (n * 3 + 1) % 5;
    }
    if (((-0.60 * (-0.27 * (x[n / 2]) + (-1.29)) + expm1(0.5 * sin((-0.30)))) > -0.47)) {
        int k4 = (n * 3 + 2) % 5;
        double s5 = 1.0e3;
        #pragma pargrad reduce(min : s5)
        for (int i6 = 0; i6 < n; ++i6) {
            if (w[i6] < s5) s5 = w[i6];
        }
    } else {
        for (int t7 = 0; t7 < n; t7++) {
            double f8 = (double)(0.81);
            double s9 = 1.0e3;
            #pragma pargrad reduce(min : s9)
            for (int j10 = 0; j10 <= m - 1; j10++) {
                s9 = fmin(s9, p);
            }
            if (((((double)t7 / n) - (w[n - 1])) < -0.08))
                break;
        }
    }
    double s11 = 0.5 * x[0];
    #pragma pargrad reduce(+ : s11)
    for (int i12 = 0; i12 < n; i12 += 1) {
        s11 = s11 + (x[(i12 + 1) % n]);
    }
    free(tm1);
    free(tm2);
    return p;
}

static double call_f_ref(struct drv *d) {
    return f_ref(N, M, d->x, d->w, (const double(*)[M])d->a, d->p);
}

static double call_f(struct drv *d) {
    return f(N, M, d->x, d->w, (const double(*)[M])d->a, d->p);
}

static double call_f_b(struct drv *d, double seed) {
    return f_b(N, M, d->x, d->x_b, d->w, (const double(*)[M])d->a, (double(*)[M])d->a_b, d->p, &d->p_b, seed);
}

int main(void) {
    static const struct drv_spec spec = {
        .n = N, .m = M, .seed = 49u,
        .has_w = 1, .w_wrt = 0, .has_a = 1, .a_wrt = 1,
        .has_p = 1, .p_wrt = 1, .has_u = 0, .has_y = 0, .has_ret = 1,
        .uses_float = 1,
        .primal = call_f, .reference = call_f_ref, .gradient = call_f_b,
    };
    return drv_main(&spec);
}
