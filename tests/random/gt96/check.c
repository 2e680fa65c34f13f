/* the check driver of pargrad_gen 96 (see driver.h) */
#include "driver.h"

enum { N = 8, M = 3 };

double f(int n, int m, const double *x, const double *w, double p, double *y);
double f_b(int n, int m, const double *x, double *x_b, const double *w, double p, double *p_b, double *y, double *y_b, double f_b_seed);

static double h1_ref(int len, const double *v, const double *q) {
    double s = 0.0;
    #pragma pargrad reduce(+ : s)
    for (int i = 0; i < len; i++) {
        s += (q[i] * (((q[i] < 0.19) ? v[i] : 0.42)));
    }
    return s;
}
static double h2_ref(int len, const double *v, const double *q) {
    double s = 0.0;
    #pragma pargrad reduce(+ : s)
    for (int i = 0; i < len; i++) {
        s += q[i];
    }
    return s;
}
static double f_ref(int n, int m, const double *x, const double *w, double p, double *y) {
    double *tm1 = malloc((size_t)n * (size_t)m * sizeof(double));
    double *tm2 = malloc((size_t)n * (size_t)m * sizeof(double));
    for (int t3 = 0; t3 < n; t3 += 1) {
        double v4 = (sin(((w[n - 1]) * p)) - (0.5 * ((-1.38) + x[t3])));
        double s5 = 0.0;
        #pragma pargrad reduce(+ : s5)
        for (int j6 = 0; j6 < m; j6++) {
            if ((t3 % 2 == 0)) {
                s5 = s5 + cbrt(2.0 + sin(atan((double)tan(0.7 * tanh(((double)j6 / n)))) * 0.5));
            }
        }
        double v7 = (tanh(tanh(s5)) + (-1.38));
        if ((hypot(0.54, 0.5 + (-1.14) * (-1.14)) < -0.26))
            break;
    }
    #pragma pargrad map
    for (int i8 = 0; i8 <= n - 1; i8++) {
        tm2[i8] = 1.41;
    }
    double la9[3] = {(x[0] / (1.0 + (tm2[0] - p) * (tm2[0] - p))), w[0], (-0.03)};
    for (int t10 = 0; t10 < 3; t10++) {
        #pragma pargrad map
        for (int i11 = 1; i11 < n - 1; ++i11) {
            tm1[i11] = 0.5 * tm2[i11] + 0.25 * (tm2[i11 - 1] + tm2[i11 + 1]) * tanh(la9[1]);
        }
        #pragma pargrad map
        for (int i12 = 1; i12 < n - 1; i12++) {
            tm2[i12] = tm1[i12];
        }
    }
    #pragma pargrad map
    for (int i13 = 0; i13 < n; i13++) {
        double v14 = sin((sqrt(1.0 + (double)(pow(1.5 + cos(tm2[0]), 1.5) * pow(1.5 + cos(tm2[0]), 1.5))) * (((x[n - 1]) / (1.0 + (w[n - 1]) * (w[n - 1]))) - cbrt(2.0 + sin(x[0])))));
        #pragma pargrad map
        for (int j15 = 0; j15 < m; j15++) {
            for (int t16 = 0; t16 < 4; ++t16) {
                int k17 = (j15 * 1 + 0) % 5;
                if ((m < 3))
                    break;
            }
            tm2[i13 * m + j15] = pow(1.0 + v14 * v14, 0.5 + 0.3 * sin(tanh((-1.26 * x[i13] + p))));
        }
        y[i13] = p;
    }
    free(tm1);
    free(tm2);
    return log(1.0 + (tm2[n / 2]) * (tm2[n / 2]));
}

static double call_f_ref(struct drv *d) {
    return f_ref(N, M, d->x, d->w, d->p, d->y);
}

static double call_f(struct drv *d) {
    return f(N, M, d->x, d->w, d->p, d->y);
}

static double call_f_b(struct drv *d, double seed) {
    return f_b(N, M, d->x, d->x_b, d->w, d->p, &d->p_b, d->y, d->y_b, seed);
}

int main(void) {
    static const struct drv_spec spec = {
        .n = N, .m = M, .seed = 96u,
        .has_w = 1, .w_wrt = 0, .has_a = 0, .a_wrt = 0,
        .has_p = 1, .p_wrt = 1, .has_u = 0, .has_y = 1, .has_ret = 1,
        .uses_float = 1,
        .primal = call_f, .reference = call_f_ref, .gradient = call_f_b,
    };
    return drv_main(&spec);
}
