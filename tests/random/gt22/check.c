/* the check driver of pargrad_gen 22 (see driver.h) */
#include "driver.h"

enum { N = 6, M = 1 };

double f(int n, int m, const double *x, const double *w, double *y);
double f_b(int n, int m, const double *x, double *x_b, const double *w, double *y, double *y_b, double f_b_seed);

static double f_ref(int n, int m, const double *x, const double *w, double *y) {
    double *tm1 = malloc((size_t)n * (size_t)m * sizeof(double));
    double buf2[64];
    #pragma pargrad map
    for (int i3 = 0; i3 < n; i3++) {
        double v4 = 0.65;
        double v5 = v4;
        double v6 = atan(sin(fabs((x[(i3 + 1) % n]))));
        buf2[i3] = x[0];
    }
    for (int t7 = 0; t7 < 4; t7++) {
        for (int t8 = 0; t8 <= 3 - 1; t8++) {
            double s9 = 0.5 * x[0];
            #pragma pargrad reduce(+ : s9)
            for (int i10 = 0; i10 < n; i10 += 1) {
                if ((cbrt(2.0 + sin((buf2[(i10 + 1) % n]))) > -0.08)) {
                    s9 = s9 + expm1(0.5 * sin((-0.30)));
                }
            }
        }
        for (int t11 = 0; t11 < 2; t11++) {
            double v12 = sqrt(1.0 + (sqrt(1.0 + ((double)t7 / n) * ((double)t7 / n)) + sin((buf2[n / 2]))) * (sqrt(1.0 + ((double)t7 / n) * ((double)t7 / n)) + sin((buf2[n / 2]))));
            double la13[3] = {sin(expm1(0.5 * sin(((double)t11 / n)))), v12, w[0]};
            if (((x[t7 % n]) < -0.13))
                break;
        }
        if (((0.06 - 0.03) < 0.25))
            break;
    }
    double la14[3] = {hypot(x[0], 0.5 + (x[n / 2]) * (x[n / 2])), x[0], (atan((double)1.04) * 0.5 * (0.99 * (-1.14) + (buf2[n - 1])))};
    for (int t15 = 0; t15 < 3; t15++) {
        double la16[3] = {((x[t15 % n]) * sqrt(0.5 + (-0.72) * (-0.72))), atan((double)cos(la14[0])) * 0.5, (w[t15 % n])};
    }
    double v17 = sin((double)buf2[0]);
    #pragma pargrad map
    for (int i18 = 0; i18 < n; i18++) {
        if (((sin((double)(x[n - 1 - i18])) + (0.25 * i18)) < 0.33)) {
            #pragma pargrad map
            for (int j19 = 0; j19 < m; j19++) {
                buf2[i18 * m + j19] = (v17 - ((-1.02) / (1.0 + cbrt(2.0 + sin((x[n - 1 * m + j19]))) * cbrt(2.0 + sin((x[n - 1 * m + j19]))))));
            }
        }
        double v20 = atan((double)x[0]) * 0.5;
        y[i18] = cos(pow(1.0 + v17 * v17, 0.5 + 0.3 * sin(((double)v20))));
    }
    free(tm1);
    return sqrt(1.0 + sin((w[0] * v17)) * sin((w[0] * v17)));
}

static double call_f_ref(struct drv *d) {
    return f_ref(N, M, d->x, d->w, d->y);
}

static double call_f(struct drv *d) {
    return f(N, M, d->x, d->w, d->y);
}

static double call_f_b(struct drv *d, double seed) {
    return f_b(N, M, d->x, d->x_b, d->w, d->y, d->y_b, seed);
}

int main(void) {
    static const struct drv_spec spec = {
        .n = N, .m = M, .seed = 22u,
        .has_w = 1, .w_wrt = 0, .has_a = 0, .a_wrt = 0,
        .has_p = 0, .p_wrt = 0, .has_u = 0, .has_y = 1, .has_ret = 1,
        .uses_float = 1,
        .primal = call_f, .reference = call_f_ref, .gradient = call_f_b,
    };
    return drv_main(&spec);
}
