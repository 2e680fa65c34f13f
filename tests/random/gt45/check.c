/* the check driver of pargrad_gen 45 (see driver.h) */
#include "driver.h"

enum { N = 4, M = 4 };

double f(int n, int m, const double *x, double *y);
double f_b(int n, int m, const double *x, double *x_b, double *y, double *y_b, double f_b_seed);

static double f_ref(int n, int m, const double *x, double *y) {
    double *tm1 = malloc((size_t)n * (size_t)m * sizeof(double));
    double *tm2 = malloc((size_t)n * (size_t)m * sizeof(double));
    double v3 = ((((x[0] + x[0]) > -0.43) ? x[0] : ((x[n / 2]) * cos((x[n - 1])))));
    for (int t4 = 0; t4 < 2; t4++) {
        v3 = 0.5 * v3 + 0.5 * tanh((0.06 * log1p(v3 * v3) + cos(v3)));
        for (int t5 = 0; t5 < 3; ++t5) {
            double s6 = -1.0e3;
            #pragma pargrad reduce(max : s6)
            for (int i7 = 0; i7 < n; i7++) {
                double s8 = -1.0e3;
                #pragma pargrad reduce(max : s8)
                for (int j9 = 0; j9 < m; j9++) {
                    double la10[3] = {sqrt(1.0 + (double)((x[i7] - (x[i7 * m + m - 1])) * (x[i7] - (x[i7 * m + m - 1])))), erf(((x[i7 * m + 0]) - v3)), (x[t4 % n])};
                    if ((i7 % 2 == 0)) {
                        if (log(1.0 + (double)atan((double)(((j9 % 2 == 0) ? ((double)j9 / n) : la10[2]))) * 0.5 * (double)atan((double)(((j9 % 2 == 0) ? ((double)j9 / n) : la10[2]))) * 0.5) > s8) s8 = log(1.0 + (double)atan((double)(((j9 % 2 == 0) ? ((double)j9 / n) : la10[2]))) * 0.5 * (double)atan((double)(((j9 % 2 == 0) ? ((double)j9 / n) : la10[2]))) * 0.5);
                    }
                }
                if (v3 > s6) s6 = v3;
            }
            #pragma pargrad map
            for (int i11 = 0; i11 <= n - 1; i11++) {
                tm1[i11] = sqrt(1.0 + (double)(cos((0.5 * v3)) * cos((0.5 * v3))));
            }
        }
    }
    #pragma pargrad map
    for (int i12 = 0; i12 < n; i12 += 1) {
        #pragma pargrad map
        for (int j13 = 0; j13 < m; j13++) {
            double v14 = (log(2.0 + sin((((double)j13 / n) - (x[0 * m + j13])))) / (1.0 + atan((double)pow(1.5 + cos(v3), 1.5)) * 0.5 * atan((double)pow(1.5 + cos(v3), 1.5)) * 0.5));
            tm1[i12 * m + j13] = (x[i12 * m + j13]);
        }
        y[i12] = ((double)i12 / n);
    }
    free(tm1);
    free(tm2);
    return x[0];
}

static double call_f_ref(struct drv *d) {
    return f_ref(N, M, d->x, d->y);
}

static double call_f(struct drv *d) {
    return f(N, M, d->x, d->y);
}

static double call_f_b(struct drv *d, double seed) {
    return f_b(N, M, d->x, d->x_b, d->y, d->y_b, seed);
}

int main(void) {
    static const struct drv_spec spec = {
        .n = N, .m = M, .seed = 45u,
        .has_w = 0, .w_wrt = 0, .has_a = 0, .a_wrt = 0,
        .has_p = 0, .p_wrt = 0, .has_u = 0, .has_y = 1, .has_ret = 1,
        .uses_float = 1,
        .primal = call_f, .reference = call_f_ref, .gradient = call_f_b,
    };
    return drv_main(&spec);
}
