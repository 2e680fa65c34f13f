/* the check driver of pargrad_gen 98 (see driver.h) */
#include "driver.h"

enum { N = 9, M = 4 };

double f(int n, int m, const double *x, const double a[n][m], double *u);
double f_b(int n, int m, const double *x, double *x_b, const double a[n][m], double a_b[n][m], double *u, double *u_b, double f_b_seed);

static double h1_ref(double a, double b) {
    if ((0.48 < 0.26))
        return a;
    double v1 = (atan(sqrt(1.0 + b * b)) + atan(((a / (1.0 + a * a)) * b)));
    if ((tan(0.7 * tanh(a)) < 0.32))
        return (0.5 * 0.62);
    return fmax(1.29, sin(sqrt(1.0 + hypot(v1, 0.5 + a * a) * hypot(v1, 0.5 + a * a))) - 0.25);
}
static double h2_ref(int len, const double *v, const double *q) {
    double s = 0.0;
    #pragma pargrad reduce(+ : s)
    for (int i = 0; i < len; i++) {
        s += exp(-fmax(v[i], v[i] - 0.25) * fmax(v[i], v[i] - 0.25));
    }
    return s;
}
static double f_ref(int n, int m, const double *x, const double a[n][m], double *u) {
    double *tm2 = malloc((size_t)n * (size_t)m * sizeof(double));
    for (int t3 = 0; t3 < 3; t3++) {
        #pragma pargrad map
        for (int i4 = 1; i4 < n - 1; i4++) {
            tm2[i4] = 0.5 * u[i4] + 0.25 * (u[i4 - 1] + u[i4 + 1]) * tanh(((double)i4 / n));
        }
        #pragma pargrad map
        for (int i5 = 1; i5 < n - 1; ++i5) {
            u[i5] = tm2[i5];
        }
    }
    #pragma pargrad map
    for (int i6 = 0; i6 <= n - 1; i6++) {
        for (int t7 = 0; t7 < 3; t7++) {
            double la8[3] = {((a[i6][m - 1]) * sin((double)(u[n - 1]))), ((u[t7 % n]) + pow(1.5 + cos((-0.03)), 1.5)), (x[(i6 + 1) % n])};
            #pragma pargrad map
            for (int j9 = 0; j9 < m; j9++) {
                u[i6 * m + j9] = h1_ref(la8[0], exp(tanh((double)pow(1.5 + cos(x[i6]), 1.5))));
            }
            if ((i6 % 2 == 0))
                break;
        }
        tm2[i6] = ((-1.02) / (1.0 + exp(tanh(hypot((0.25 * i6), 0.5 + 0.21 * 0.21))) * exp(tanh(hypot((0.25 * i6), 0.5 + 0.21 * 0.21)))));
    }
    if ((tm2[0] < -0.11)) {
        for (int t10 = 0; t10 < 3; t10++) {
            int k11 = (t10 * 3 + 2) % 5;
        }
        #pragma pargrad map
        for (int i12 = 0; i12 < n; i12++) {
            if ((sqrt(1.0 + (-1.02) * (-1.02)) > -0.19)) {
                u[i12] = a[i12][0];
            } else {
                u[i12] = x[i12];
            }
        }
    } else {
        #pragma pargrad map
        for (int i13 = 0; i13 < n; i13 += 1) {
            double v14 = (exp(-0.11 * 0.11) + exp(tanh((double)tanh(u[i13]))));
            u[i13] = sin(u[i13]) + fmax(v14, atan(u[i13]) - 0.25);
        }
    }
    free(tm2);
    return sqrt(1.0 + log(1.0 + sqrt(0.5 + (a[n / 2][0]) * (a[n / 2][0])) * sqrt(0.5 + (a[n / 2][0]) * (a[n / 2][0]))) * log(1.0 + sqrt(0.5 + (a[n / 2][0]) * (a[n / 2][0])) * sqrt(0.5 + (a[n / 2][0]) * (a[n / 2][0]))));
}

static double call_f_ref(struct drv *d) {
    return f_ref(N, M, d->x, (const double(*)[M])d->a, d->u);
}

static double call_f(struct drv *d) {
    return f(N, M, d->x, (const double(*)[M])d->a, d->u);
}

static double call_f_b(struct drv *d, double seed) {
    return f_b(N, M, d->x, d->x_b, (const double(*)[M])d->a, (double(*)[M])d->a_b, d->u, d->u_b, seed);
}

int main(void) {
    static const struct drv_spec spec = {
        .n = N, .m = M, .seed = 98u,
        .has_w = 0, .w_wrt = 0, .has_a = 1, .a_wrt = 1,
        .has_p = 0, .p_wrt = 0, .has_u = 1, .has_y = 0, .has_ret = 1,
        .uses_float = 1,
        .primal = call_f, .reference = call_f_ref, .gradient = call_f_b,
    };
    return drv_main(&spec);
}
