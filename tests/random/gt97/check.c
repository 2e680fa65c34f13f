/* the check driver of pargrad_gen 97 (see driver.h) */
#include "driver.h"

enum { N = 7, M = 4 };

double f(int n, int m, const double *x, double p, double *y);
double f_b(int n, int m, const double *x, double *x_b, double p, double *p_b, double *y, double *y_b, double f_b_seed);

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
static double f_ref(int n, int m, const double *x, double p, double *y) {
    double *tm1 = malloc((size_t)n * (size_t)m * sizeof(double));
    double *tm2 = malloc((size_t)n * (size_t)m * sizeof(double));
    for (int t3 = 0; t3 < n; t3 += 1) {
        double v4 = ((0.5 * (((n > 3) ? (x[n - 1]) : x[t3]))) / (1.0 + pow(1.5 + cos(x[0]), 1.5) * pow(1.5 + cos(x[0]), 1.5)));
        #pragma pargrad map
        for (int i5 = 0; i5 < n; i5 += 1) {
            tm1[i5] = sqrt(1.0 + (double)(exp(tanh((double)pow(1.5 + cos(0.03), 1.5))) * exp(tanh((double)pow(1.5 + cos(0.03), 1.5)))));
        }
        double f6 = (double)(hypot(((h1_ref(n, x, x)) / (1.0 + (h1_ref(n, x, x)) * (h1_ref(n, x, x)))), 0.5 + atan((h1_ref(n, x, x))) * atan((h1_ref(n, x, x)))));
        if ((tm1[0] < 0.13))
            break;
    }
    double la7[3] = {(hypot(hypot(0.54, 0.5 + (-1.14) * (-1.14)), 0.5 + (-0.03) * (-0.03)) / (1.0 + hypot(hypot(0.54, 0.5 + (-1.14) * (-1.14)), 0.5 + (-0.03) * (-0.03)) * hypot(hypot(0.54, 0.5 + (-1.14) * (-1.14)), 0.5 + (-0.03) * (-0.03)))), ((h2_ref(n, x, x)) / (1.0 + (h2_ref(n, x, x)) * (h2_ref(n, x, x)))), atan((double)(p - x[0])) * 0.5};
    double v8 = x[0];
    double s9 = 1.0;
    #pragma pargrad reduce(* : s9)
    for (int i10 = 0; i10 < n; ++i10) {
        s9 = s9 * (1.0 + 0.2 * tanh(la7[1]));
    }
    #pragma pargrad map
    for (int i11 = 0; i11 < n; ++i11) {
        for (int t12 = 0; t12 < 4; t12++) {
            if ((s9 > -0.27)) {
                double v13 = sqrt(1.0 + (double)(pow(1.5 + cos((x[n - 1 - i11])), 1.5) * pow(1.5 + cos((x[n - 1 - i11])), 1.5)));
            }
            double v14 = v8;
            if ((cbrt(2.0 + sin((x[n - 1 - i11]))) > -0.19))
                break;
        }
        if ((sqrt(0.5 + x[i11] * x[i11]) > 0.10)) {
            y[i11] = p;
        } else {
            y[i11] = atan((double)(x[n - 1 - i11])) * 0.5;
        }
    }
    free(tm1);
    free(tm2);
    return cos(pow(1.0 + v8 * v8, 0.5 + 0.3 * sin(((double)s9))));
}

static double call_f_ref(struct drv *d) {
    return f_ref(N, M, d->x, d->p, d->y);
}

static double call_f(struct drv *d) {
    return f(N, M, d->x, d->p, d->y);
}

static double call_f_b(struct drv *d, double seed) {
    return f_b(N, M, d->x, d->x_b, d->p, &d->p_b, d->y, d->y_b, seed);
}

int main(void) {
    static const struct drv_spec spec = {
        .n = N, .m = M, .seed = 97u,
        .has_w = 0, .w_wrt = 0, .has_a = 0, .a_wrt = 0,
        .has_p = 1, .p_wrt = 1, .has_u = 0, .has_y = 1, .has_ret = 1,
        .uses_float = 1,
        .primal = call_f, .reference = call_f_ref, .gradient = call_f_b,
    };
    return drv_main(&spec);
}
