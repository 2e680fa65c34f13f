/* the check driver of pargrad_gen 80 (see driver.h) */
#include "driver.h"

enum { N = 5, M = 2 };

double f(int n, int m, const double *x, const double *w, double *y);
double f_b(int n, int m, const double *x, double *x_b, const double *w, double *y, double *y_b, double f_b_seed);

static double h1_ref(double a, double b) {
    int k1 = (n * 2 + 1) % 5;
    if ((exp(-a * a) < 0.05))
        return (-1.41);
    return expm1(0.5 * sin(0.48));
}
static double h2_ref(const double *v, int k) {
    return v[k];
}
static double f_ref(int n, int m, const double *x, const double *w, double *y) {
    double *tm2 = malloc((size_t)n * (size_t)m * sizeof(double));
    for (int t3 = 0; t3 < 3; t3++) {
        double s4 = -1.0e3;
        #pragma pargrad reduce(max : s4)
        for (int i5 = 0; i5 < n; ++i5) {
            s4 = fmax(s4, (w[t3 % n]));
        }
        if ((t3 % 2 == 0))
            break;
    }
    if (((fmax((w[n - 1]), (x[n / 2]) - 0.25) / (1.0 + pow(1.5 + cos(x[0]), 1.5) * pow(1.5 + cos(x[0]), 1.5))) < -0.13)) {
        double f6 = (double)(((0.06 - 0.03) * (x[0] - x[0])));
        #pragma pargrad map
        for (int i7 = 1; i7 <= n - 1 - 1; i7++) {
            y[i7] = (sin((double)tan(0.7 * tanh(f6))) * atan((double)((double)i7 / n)) * 0.5);
        }
    }
    #pragma pargrad map
    for (int i8 = 0; i8 < n; i8++) {
        for (int t9 = 0; t9 < 3; t9++) {
            double la10[3] = {((w[t9 % n]) * sqrt(0.5 + (-0.72) * (-0.72))), exp(tanh((double)log(2.0 + sin(w[0])))), (x[n - 1])};
            #pragma pargrad map
            for (int j11 = 0; j11 < m; j11++) {
                int k12 = (t9 * 3 + 2) % 5;
                y[i8 * m + j11] = exp(-x[i8] * x[i8]);
            }
        }
        tm2[i8] = w[0];
    }
    #pragma pargrad map
    for (int i13 = 0; i13 < n; ++i13) {
        double v14 = cbrt(2.0 + sin((w[n - 1])));
        y[i13] = (0.5 * ((((0.25 * i13) < 0.10) ? (-1.02) : tanh(tm2[i13]))));
    }
    free(tm2);
    return (x[n / 2]);
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
        .n = N, .m = M, .seed = 80u,
        .has_w = 1, .w_wrt = 0, .has_a = 0, .a_wrt = 0,
        .has_p = 0, .p_wrt = 0, .has_u = 0, .has_y = 1, .has_ret = 1,
        .uses_float = 1,
        .primal = call_f, .reference = call_f_ref, .gradient = call_f_b,
    };
    return drv_main(&spec);
}
