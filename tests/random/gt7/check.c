/* the check driver of pargrad_gen 7 (see driver.h) */
#include "driver.h"

enum { N = 3, M = 4 };

double f(int n, int m, const double *x, const double *w, double *u, double *y);
double f_b(int n, int m, const double *x, double *x_b, const double *w, double *u, double *u_b, double *y, double *y_b, double f_b_seed);

static double h1_ref(double a, double b) {
    double v1 = b;
    return a;
}
static double h2_ref(const double *v, int k) {
    return fabs(fabs((0.76 * v[k])));
}
static double f_ref(int n, int m, const double *x, const double *w, double *u, double *y) {
    double *tm2 = malloc((size_t)n * (size_t)m * sizeof(double));
    double *tm3 = malloc((size_t)n * (size_t)m * sizeof(double));
    double v4 = (h2_ref(x, n / 2));
    double v5 = ((w[n - 1]) + (v4 - w[0]));
    int k6 = (n * 3 + 2) % 5;
    for (int t7 = 0; t7 <= 3 - 1; t7++) {
        for (int t8 = 0; t8 <= 2 - 1; t8++) {
            #pragma pargrad map
            for (int i9 = 1; i9 < n - 1; i9++) {
                tm3[i9] = 0.5 * u[i9] + 0.25 * (u[i9 - 1] + u[i9 + 1]) * tanh(tan(0.7 * tanh(log1p(v4 * v4))));
            }
            #pragma pargrad map
            for (int i10 = 1; i10 < n - 1; i10++) {
                u[i10] = tm3[i10];
            }
        }
        v4 += 0.25 * sin(fabs(atan((double)(w[t7 % n])) * 0.5));
        v5 += 0.25 * sin(expm1(0.5 * sin((w[n - 1]))));
    }
    #pragma pargrad map
    for (int i11 = 0; i11 < n; i11++) {
        for (int t12 = 0; t12 < m; t12++) {
            double f13 = (double)(tanh(v5));
            double v14 = v4;
        }
        for (int t15 = 0; t15 < m; t15 += 1) {
            double v16 = (log(2.0 + sin(((w[i11 * m + t15]) + (0.1 * k6)))) / (1.0 + (u[i11 * m + t15]) * (u[i11 * m + t15])));
        }
        y[i11] = sqrt(1.0 + (double)(exp(tanh((double)pow(1.5 + cos(0.03), 1.5))) * exp(tanh((double)pow(1.5 + cos(0.03), 1.5)))));
    }
    free(tm2);
    free(tm3);
    return log(1.0 + v4 * v4);
}

static double call_f_ref(struct drv *d) {
    return f_ref(N, M, d->x, d->w, d->u, d->y);
}

static double call_f(struct drv *d) {
    return f(N, M, d->x, d->w, d->u, d->y);
}

static double call_f_b(struct drv *d, double seed) {
    return f_b(N, M, d->x, d->x_b, d->w, d->u, d->u_b, d->y, d->y_b, seed);
}

int main(void) {
    static const struct drv_spec spec = {
        .n = N, .m = M, .seed = 7u,
        .has_w = 1, .w_wrt = 0, .has_a = 0, .a_wrt = 0,
        .has_p = 0, .p_wrt = 0, .has_u = 1, .has_y = 1, .has_ret = 1,
        .uses_float = 1,
        .primal = call_f, .reference = call_f_ref, .gradient = call_f_b,
    };
    return drv_main(&spec);
}
