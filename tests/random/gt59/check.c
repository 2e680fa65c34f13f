/* the check driver of pargrad_gen 59 (see driver.h) */
#include "driver.h"

enum { N = 6, M = 4 };

void f(int n, int m, const double *x, const double *w, double *y);
void f_b(int n, int m, const double *x, double *x_b, const double *w, double *y, double *y_b);

static double h1_ref(const double *v, int k) {
    return tan(0.7 * tanh(v[k]));
}
static void f_ref(int n, int m, const double *x, const double *w, double *y) {
    double *tm1 = malloc((size_t)n * (size_t)m * sizeof(double));
    double *tm2 = malloc((size_t)n * (size_t)m * sizeof(double));
    #pragma pargrad map
    for (int i3 = 1; i3 < n - 1; i3++) {
        #pragma pargrad map
        for (int j4 = 0; j4 < m; j4++) {
            double v5 = atan((double)atan(fabs(w[i3]))) * 0.5;
            y[i3 * m + j4] = cos(v5);
        }
        tm1[i3] = (-1.41);
    }
    double f6 = (double)(exp(tanh((double)log(1.0 + (double)x[0] * (double)x[0]))));
    for (int t7 = 0; t7 < 3; t7++) {
        double s8 = -1.0e3;
        #pragma pargrad reduce(max : s8)
        for (int i9 = 0; i9 < n; ++i9) {
            s8 = fmax(s8, (w[t7 % n]));
        }
        if ((t7 % 2 == 0))
            break;
    }
    if ((((((w[0] < -0.42) ? f6 : (w[n - 1]))) / (1.0 + log(1.0 + (double)x[0] * (double)x[0]) * log(1.0 + (double)x[0] * (double)x[0]))) < -0.13)) {
        double f10 = (double)(((0.06 - 0.03) / (1.0 + (f6 + x[0]) * (f6 + x[0]))));
        f10 += (h1_ref(x, 0));
    } else {
        #pragma pargrad map
        for (int i11 = 0; i11 <= n - 1; i11++) {
            double la12[3] = {(hypot(hypot(0.54, 0.5 + (-1.14) * (-1.14)), 0.5 + (-0.03) * (-0.03)) / (1.0 + hypot(hypot(0.54, 0.5 + (-1.14) * (-1.14)), 0.5 + (-0.03) * (-0.03)) * hypot(hypot(0.54, 0.5 + (-1.14) * (-1.14)), 0.5 + (-0.03) * (-0.03)))), (h1_ref(x, n - 1)), atan(sin((double)f6))};
            tm1[i11] = (w[i11] / (1.0 + (sin((double)(x[(i11 + 1) % n])) * log(2.0 + sin(w[0]))) * (sin((double)(x[(i11 + 1) % n])) * log(2.0 + sin(w[0])))));
        }
        double v13 = sin((double)tm1[0]);
        if ((erf(tm1[0]) < -0.45)) {
            free(tm1);
            free(tm2);
            return;
        }
    }
    #pragma pargrad map
    for (int i14 = 0; i14 <= n - 1; i14++) {
        if (((x[n - 1]) > 0.02)) {
            y[i14] = (0.25 * i14);
        } else {
            y[i14] = exp(-((-1.02) * f6) * ((-1.02) * f6));
        }
    }
    free(tm1);
    free(tm2);
}

static double call_f_ref(struct drv *d) {
    f_ref(N, M, d->x, d->w, d->y);
    return 0.0;
}

static double call_f(struct drv *d) {
    f(N, M, d->x, d->w, d->y);
    return 0.0;
}

static double call_f_b(struct drv *d, double seed) {
    f_b(N, M, d->x, d->x_b, d->w, d->y, d->y_b);
    (void)seed;
    return 0.0;
}

int main(void) {
    static const struct drv_spec spec = {
        .n = N, .m = M, .seed = 59u,
        .has_w = 1, .w_wrt = 0, .has_a = 0, .a_wrt = 0,
        .has_p = 0, .p_wrt = 0, .has_u = 0, .has_y = 1, .has_ret = 0,
        .uses_float = 1,
        .primal = call_f, .reference = call_f_ref, .gradient = call_f_b,
    };
    return drv_main(&spec);
}
