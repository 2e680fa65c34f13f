/* the check driver of pargrad_gen 10 (see driver.h) */
#include "driver.h"

enum { N = 9, M = 4 };

double f(int n, int m, const double *x, double p);
double f_b(int n, int m, const double *x, double *x_b, double p, double *p_b, double f_b_seed);

static double f_ref(int n, int m, const double *x, double p) {
    double *tm1 = malloc((size_t)n * (size_t)m * sizeof(double));
    double *tm2 = malloc((size_t)n * (size_t)m * sizeof(double));
    for (int t3 = 0; t3 < 3; t3++) {
        double v4 = exp(-(tan(0.7 * tanh(((double)t3 / n))) - fabs((x[n / 2]))) * (tan(0.7 * tanh(((double)t3 / n))) - fabs((x[n / 2]))));
    }
    double v5 = 0.44;
    double v6 = (x[0] * (((v5 < -0.23) ? v5 : p)));
    if ((fmin((x[0] * v5), atan((double)v5) * 0.5 + 0.25) > -0.10)) {
        v5 += fabs(atan((double)(x[n / 2])) * 0.5);
        v6 = (0.5 * (x[n - 1]));
        double f7 = (double)(v5);
        for (int t8 = 0; t8 < n; t8++) {
            double f9 = (double)(v6);
            double s10 = 1.0e3;
            #pragma pargrad reduce(min : s10)
            for (int j11 = 0; j11 <= m - 1; j11++) {
                s10 = fmin(s10, p);
            }
            double v12 = pow(1.0 + ((double)t8 / n) * ((double)t8 / n), 0.5 + 0.3 * sin((((n > 3) ? (x[n - 1]) : x[t8]))));
            double v13 = x[0];
        }
    } else {
        double v14 = p;
        v14 = exp(tanh((double)pow(1.5 + cos(0.03), 1.5)));
        double s15 = 1.0;
        #pragma pargrad reduce(* : s15)
        for (int i16 = 0; i16 < n; i16++) {
            double s17 = 1.0e3;
            #pragma pargrad reduce(min : s17)
            for (int j18 = 0; j18 < m; j18++) {
                double v19 = v14;
                if ((x[0] + (exp(tanh((double)v5)) * (0.99 * (x[n - 1]) + (x[n - 1 * m + j18])))) < s17) s17 = (x[0] + (exp(tanh((double)v5)) * (0.99 * (x[n - 1]) + (x[n - 1 * m + j18]))));
            }
            double v20 = fmin(log(2.0 + sin((x[i16] + p))), (x[(i16 + 1) % n]) + 0.25);
            s15 = s15 * (1.0 + 0.2 * tanh((((p > 0.14) ? v14 : (0.25 * i16)))));
        }
        double f21 = (double)(tanh(log(2.0 + sin((x[n / 2])))));
    }
    double v22 = sqrt(1.0 + (double)(pow(1.5 + cos((x[n / 2])), 1.5) * pow(1.5 + cos((x[n / 2])), 1.5)));
    free(tm1);
    free(tm2);
    return (((v6 / (1.0 + x[0] * x[0])) - cbrt(2.0 + sin((x[n / 2])))) * p);
}

static double call_f_ref(struct drv *d) {
    return f_ref(N, M, d->x, d->p);
}

static double call_f(struct drv *d) {
    return f(N, M, d->x, d->p);
}

static double call_f_b(struct drv *d, double seed) {
    return f_b(N, M, d->x, d->x_b, d->p, &d->p_b, seed);
}

int main(void) {
    static const struct drv_spec spec = {
        .n = N, .m = M, .seed = 10u,
        .has_w = 0, .w_wrt = 0, .has_a = 0, .a_wrt = 0,
        .has_p = 1, .p_wrt = 1, .has_u = 0, .has_y = 0, .has_ret = 1,
        .uses_float = 1,
        .primal = call_f, .reference = call_f_ref, .gradient = call_f_b,
    };
    return drv_main(&spec);
}
