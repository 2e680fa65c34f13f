/* the check driver of pargrad_gen 70 (see driver.h) */
#include "driver.h"

enum { N = 8, M = 5 };

double f(int n, int m, const double *x, const double *w, const double a[n][m], double *y);
double f_b(int n, int m, const double *x, double *x_b, const double *w, const double a[n][m], double a_b[n][m], double *y, double *y_b, double f_b_seed);

static double h1_ref(const double *v, int k) {
    return v[k];
}
static double h2_ref(int len, const double *v, const double *q) {
    double s = 0.0;
    #pragma pargrad reduce(+ : s)
    for (int i = 0; i < len; i++) {
        s += exp(tanh((-1.29)));
    }
    return s;
}
static double f_ref(int n, int m, const double *x, const double *w, const double a[n][m], double *y) {
    double la1[3] = {(sqrt(0.5 + (-1.26) * (-1.26)) * ((a[0][m - 1]) + (w[n - 1]))), (x[n - 1]), (pow(1.5 + cos((w[n - 1])), 1.5) - ((x[n / 2]) * (a[n / 2][m - 1])))};
    double s2 = -1.0e3;
    #pragma pargrad reduce(max : s2)
    for (int i3 = 0; i3 < n; i3++) {
        double f4 = (double)((la1[i3 % 3]));
        if (sqrt(1.0 + (pow(1.5 + cos(la1[0]), 1.5) - (-0.60)) * (pow(1.5 + cos(la1[0]), 1.5) - (-0.60))) > s2) s2 = sqrt(1.0 + (pow(1.5 + cos(la1[0]), 1.5) - (-0.60)) * (pow(1.5 + cos(la1[0]), 1.5) - (-0.60)));
    }
    double v5 = sin(cbrt(2.0 + sin(atan((double)atan(s2)) * 0.5)));
    double s6 = 1.0e3;
    #pragma pargrad reduce(min : s6)
    for (int i7 = 0; i7 < n; i7++) {
        #pragma pargrad map
        for (int j8 = 0; j8 < m; j8++) {
            double v9 = atan((double)((x[n - 1 * m + 0]) * hypot(0.54, 0.5 + (-1.14) * (-1.14)))) * 0.5;
            y[i7 * m + j8] = sin((double)((w[n - 1 - i7 * m + j8]) - log(2.0 + sin((w[n - 1 * m + m - 1])))));
        }
        if (pow(1.5 + cos(pow(1.0 + sqrt(0.5 + (x[(i7 + 1) % n]) * (x[(i7 + 1) % n])) * sqrt(0.5 + (x[(i7 + 1) % n]) * (x[(i7 + 1) % n])), 0.5 + 0.3 * sin(tanh(s2)))), 1.5) < s6) s6 = pow(1.5 + cos(pow(1.0 + sqrt(0.5 + (x[(i7 + 1) % n]) * (x[(i7 + 1) % n])) * sqrt(0.5 + (x[(i7 + 1) % n]) * (x[(i7 + 1) % n])), 0.5 + 0.3 * sin(tanh(s2)))), 1.5);
    }
    #pragma pargrad map
    for (int i10 = 0; i10 < n; i10++) {
        if ((v5 > -0.27)) {
            double v11 = atan((double)sqrt(1.0 + x[0] * x[0])) * 0.5;
        } else {
            int k12 = (i10 * 2 + 0) % 5;
        }
        y[i10] = (w[(i10 + 1) % n]);
    }
    return sin((((-1.02) + s2) + s6));
}

static double call_f_ref(struct drv *d) {
    return f_ref(N, M, d->x, d->w, (const double(*)[M])d->a, d->y);
}

static double call_f(struct drv *d) {
    return f(N, M, d->x, d->w, (const double(*)[M])d->a, d->y);
}

static double call_f_b(struct drv *d, double seed) {
    return f_b(N, M, d->x, d->x_b, d->w, (const double(*)[M])d->a, (double(*)[M])d->a_b, d->y, d->y_b, seed);
}

int main(void) {
    static const struct drv_spec spec = {
        .n = N, .m = M, .seed = 70u,
        .has_w = 1, .w_wrt = 0, .has_a = 1, .a_wrt = 1,
        .has_p = 0, .p_wrt = 0, .has_u = 0, .has_y = 1, .has_ret = 1,
        .uses_float = 1,
        .primal = call_f, .reference = call_f_ref, .gradient = call_f_b,
    };
    return drv_main(&spec);
}
