/* the check driver of pargrad_gen 20 (see driver.h) */
#include "driver.h"

enum { N = 4, M = 3 };

double f(int n, int m, const double *x, const double *w);
double f_b(int n, int m, const double *x, double *x_b, const double *w, double *w_b, double f_b_seed);

static double f_ref(int n, int m, const double *x, const double *w) {
    double buf1[64];
    double v2 = atan(fabs(x[0]));
    double s3 = 1.0e3;
    #pragma pargrad reduce(min : s3)
    for (int i4 = 0; i4 < n; i4++) {
        s3 = fmin(s3, atan(fmax((v2 * v2), (x[n - 1]) - 0.25)));
    }
    double v5 = (w[n / 2]);
    if (((-0.60 * (-0.27 * x[0] + (-1.29)) + expm1(0.5 * sin((-0.30)))) > -0.47)) {
        int k6 = (n * 3 + 2) % 5;
        double s7 = 1.0e3;
        #pragma pargrad reduce(min : s7)
        for (int i8 = 0; i8 < n; ++i8) {
            for (int t9 = 0; t9 < 2; t9++) {
                double v10 = sin((sqrt(1.0 + ((double)i8 / n) * ((double)i8 / n)) - atan((x[t9 % n]))));
                double la11[3] = {sin(expm1(0.5 * sin(((double)t9 / n)))), atan(s3), ((0.5 * atan(s3)) + sin((x[t9 % n])))};
                if (((0.06 - 0.03) < 0.25))
                    break;
            }
            if (atan(exp(-log(1.0 + v2 * v2) * log(1.0 + v2 * v2))) < s7) s7 = atan(exp(-log(1.0 + v2 * v2) * log(1.0 + v2 * v2)));
        }
        #pragma pargrad map
        for (int i12 = 0; i12 < n; i12 += 1) {
            buf1[i12] = atan((double)fmin(w[0], fmin((0.1 * k6), (0.1 * k6) + 0.25) + 0.25)) * 0.5;
        }
    } else {
        #pragma pargrad map
        for (int i13 = 0; i13 <= n - 1; i13++) {
            for (int t14 = 0; t14 < 3; t14++) {
                double la15[3] = {((w[t14 % n]) * sqrt(0.5 + (-0.72) * (-0.72))), atan((double)cos(v2)) * 0.5, (w[t14 % n])};
                double f16 = (double)(cos(((double)((double)t14 / n))));
            }
            buf1[i13] = exp(-log(1.0 + x[i13] * x[i13]) * log(1.0 + x[i13] * x[i13]));
        }
        int k17 = (n * 3 + 2) % 5;
        double s18 = 0.0;
        #pragma pargrad reduce(+ : s18)
        for (int i19 = 0; i19 < n; i19++) {
            double v20 = cbrt(2.0 + sin((w[n - 1])));
            s18 = s18 + (0.5 * ((((0.25 * i19) < 0.10) ? (-1.02) : tanh(buf1[i19]))));
        }
    }
    return (1.08 * tanh(v5) + tan(0.7 * tanh((s3 / (1.0 + s3 * s3)))));
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
        .n = N, .m = M, .seed = 20u,
        .has_w = 1, .w_wrt = 1, .has_a = 0, .a_wrt = 0,
        .has_p = 0, .p_wrt = 0, .has_u = 0, .has_y = 0, .has_ret = 1,
        .uses_float = 1,
        .primal = call_f, .reference = call_f_ref, .gradient = call_f_b,
    };
    return drv_main(&spec);
}
