/* the check driver of pargrad_gen 6 (see driver.h) */
#include "driver.h"

enum { N = 6, M = 4 };

double f(int n, int m, const double *x, const double *w, double *y);
double f_b(int n, int m, const double *x, double *x_b, const double *w, double *w_b, double *y, double *y_b, double f_b_seed);

static double h1_ref(int len, const double *v, const double *q) {
    double s = 0.0;
    #pragma pargrad reduce(+ : s)
    for (int i = 0; i < len; i++) {
        s += q[i];
    }
    return s;
}
static double f_ref(int n, int m, const double *x, const double *w, double *y) {
    double *tm1 = malloc((size_t)n * (size_t)m * sizeof(double));
    double v2 = sin(pow(1.0 + (((w[0] < 0.23) ? 0.76 : x[0])) * (((w[0] < 0.23) ? 0.76 : x[0])), 0.5 + 0.3 * sin(fabs(x[0]))));
    double s3 = -1.0e3;
    #pragma pargrad reduce(max : s3)
    for (int i4 = 0; i4 < n; i4++) {
        #pragma pargrad map
        for (int j5 = 0; j5 < m; j5++) {
            tm1[i4 * m + j5] = (w[0 * m + j5]);
        }
        double s6 = 0.5 * x[0];
        #pragma pargrad reduce(+ : s6)
        for (int j7 = 0; j7 < m; j7 += 1) {
            if ((cos(v2) > 0.17)) {
                s6 += expm1(0.5 * sin((-0.30)));
            }
        }
        s6 = v2;
        for (int t8 = 0; t8 < 2; t8++) {
            double v9 = sin((sqrt(1.0 + ((double)i4 / n) * ((double)i4 / n)) - atan((x[t8 % n]))));
            for (int t10 = 0; t10 < m; t10 += 1) {
                double v11 = (log(2.0 + sin(((w[i4 * m + t10]) + v9))) / (1.0 + (x[i4 * m + t10]) * (x[i4 * m + t10])));
                v11 = exp(tanh((double)pow(1.5 + cos(0.03), 1.5)));
                double f12 = (double)(atan(sin((h1_ref(n, x, w)))));
            }
            double v13 = (log(1.0 + v9 * v9) + w[0]);
            v9 += (hypot(hypot(0.54, 0.5 + (-1.14) * (-1.14)), 0.5 + (-0.03) * (-0.03)) / (1.0 + hypot(hypot(0.54, 0.5 + (-1.14) * (-1.14)), 0.5 + (-0.03) * (-0.03)) * hypot(hypot(0.54, 0.5 + (-1.14) * (-1.14)), 0.5 + (-0.03) * (-0.03))));
            if (((v13 / (1.0 + (w[t8 % n]) * (w[t8 % n]))) > -0.23))
                break;
        }
        s3 = fmax(s3, sin((double)(x[(i4 + 1) % n])));
    }
    double s14 = 1.0;
    #pragma pargrad reduce(* : s14)
    for (int i15 = 0; i15 < n; i15++) {
        s14 = s14 * (1.0 + 0.2 * tanh((v2 + tanh(atan((double)((double)i15 / n)) * 0.5))));
    }
    double f16 = (double)(s14);
    double v17 = sin((sqrt(1.0 + (double)(pow(1.5 + cos(w[0]), 1.5) * pow(1.5 + cos(w[0]), 1.5))) * (((x[n - 1]) / (1.0 + (x[n - 1]) * (x[n - 1]))) - cbrt(2.0 + sin(w[0])))));
    #pragma pargrad map
    for (int i18 = 1; i18 < n - 1; i18++) {
        double v19 = ((double)s14);
        y[i18] = (atan((double)x[0]) * 0.5 * exp(-pow(1.0 + v17 * v17, 0.5 + 0.3 * sin(atan(s3))) * pow(1.0 + v17 * v17, 0.5 + 0.3 * sin(atan(s3)))));
    }
    free(tm1);
    return tanh((sqrt(1.0 + sin((w[0] * v2)) * sin((w[0] * v2))) + s14));
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
        .n = N, .m = M, .seed = 6u,
        .has_w = 1, .w_wrt = 1, .has_a = 0, .a_wrt = 0,
        .has_p = 0, .p_wrt = 0, .has_u = 0, .has_y = 1, .has_ret = 1,
        .uses_float = 1,
        .primal = call_f, .reference = call_f_ref, .gradient = call_f_b,
    };
    return drv_main(&spec);
}
