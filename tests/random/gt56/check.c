/* the check driver of pargrad_gen 56 (see driver.h) */
#include "driver.h"

enum { N = 9, M = 5 };

double f(int n, int m, const double *x, const double *w, double *y);
double f_b(int n, int m, const double *x, double *x_b, const double *w, double *w_b, double *y, double *y_b, double f_b_seed);

static double h1_ref(const double *v, int k) {
    return v[k];
}
static double h2_ref(const double *v, int k) {
    return v[k];
}
static double f_ref(int n, int m, const double *x, const double *w, double *y) {
    double *tm1 = malloc((size_t)n * (size_t)m * sizeof(double));
    if (((-0.60 * (-0.27 * x[0] + (-1.29)) + expm1(0.5 * sin((-0.30)))) > -0.47)) {
        for (int t2 = 0; t2 < 4; t2++) {
            double s3 = 1.0e3;
            #pragma pargrad reduce(min : s3)
            for (int i4 = 0; i4 < n; ++i4) {
                if ((expm1(0.5 * sin(((double)t2 / n))) > -0.37)) {
                    if ((w[n - 1]) < s3) s3 = (w[n - 1]);
                }
            }
            if ((t2 % 2 == 0))
                break;
        }
    }
    double s5 = 1.0e3;
    #pragma pargrad reduce(min : s5)
    for (int i6 = 0; i6 <= n - 1; i6++) {
        s5 = fmin(s5, x[i6]);
    }
    #pragma pargrad map
    for (int i7 = 1; i7 <= n - 1 - 1; i7++) {
        double s8 = 0.0;
        #pragma pargrad reduce(+ : s8)
        for (int j9 = 0; j9 < m; j9++) {
            double v10 = fmax(expm1(0.5 * sin(exp(tanh((double)(x[i7 + 1]))))), ((double)j9 / n) - 0.25);
            s8 += sqrt(1.0 + (double)(log(1.0 + fmax(v10, (x[i7 * m + j9]) - 0.25) * fmax(v10, (x[i7 * m + j9]) - 0.25)) * log(1.0 + fmax(v10, (x[i7 * m + j9]) - 0.25) * fmax(v10, (x[i7 * m + j9]) - 0.25))));
        }
        y[i7] = ((double)(w[0] - fmin(tanh(s8), 0.54 + 0.25)));
    }
    free(tm1);
    return (-0.03);
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
        .n = N, .m = M, .seed = 56u,
        .has_w = 1, .w_wrt = 1, .has_a = 0, .a_wrt = 0,
        .has_p = 0, .p_wrt = 0, .has_u = 0, .has_y = 1, .has_ret = 1,
        .uses_float = 1,
        .primal = call_f, .reference = call_f_ref, .gradient = call_f_b,
    };
    return drv_main(&spec);
}
