/* the check driver of pargrad_gen 34 (see driver.h) */
#include "driver.h"

enum { N = 3, M = 3 };

double f(int n, int m, const double *x);
double f_b(int n, int m, const double *x, double *x_b, double f_b_seed);

static double h1_ref(const double *v, int k) {
    return ((((v[k] < 0.17) ? pow(1.0 + v[k] * v[k], 0.5 + 0.3 * sin(1.07)) : fmax(v[k], v[k] - 0.25))) - log(2.0 + sin(v[k])));
}
static double f_ref(int n, int m, const double *x) {
    double *tm1 = malloc((size_t)n * (size_t)m * sizeof(double));
    double buf2[64];
    #pragma pargrad map
    for (int i3 = 0; i3 < n; i3++) {
        double v4 = log(1.0 + (double)tan(0.7 * tanh(expm1(0.5 * sin((x[(i3 + 1) % n]))))) * (double)tan(0.7 * tanh(expm1(0.5 * sin((x[(i3 + 1) % n]))))));
        double v5 = cos(v4);
        double s6 = 1.0;
        #pragma pargrad reduce(* : s6)
        for (int j7 = 0; j7 < m; j7++) {
            for (int t8 = 0; t8 < 2; t8++) {
                double v9 = sin((sqrt(1.0 + ((double)i3 / n) * ((double)i3 / n)) - atan((x[t8 % n]))));
                double la10[3] = {sin(expm1(0.5 * sin(((double)i3 / n)))), v5, v5};
            }
            s6 = s6 * (1.0 + 0.2 * tanh(fmax(expm1(0.5 * sin(exp(tanh((double)(x[(i3 + 1) % n * m + j7]))))), ((double)j7 / n) - 0.25)));
        }
        tm1[i3] = ((cbrt(2.0 + sin(s6)) * (h1_ref(x, i3))) - (h1_ref(x, i3)));
    }
    #pragma pargrad map
    for (int i11 = 1; i11 <= n - 1 - 1; i11++) {
        tm1[i11] = sin(tm1[i11]) + sin((double)(hypot(hypot(0.54, 0.5 + (-1.14) * (-1.14)), 0.5 + (-0.03) * (-0.03)) / (1.0 + hypot(hypot(0.54, 0.5 + (-1.14) * (-1.14)), 0.5 + (-0.03) * (-0.03)) * hypot(hypot(0.54, 0.5 + (-1.14) * (-1.14)), 0.5 + (-0.03) * (-0.03)))));
    }
    for (int t12 = 0; t12 < 3; t12++) {
        double la13[3] = {((tm1[t12 % n]) * sqrt(0.5 + (-0.72) * (-0.72))), exp(tanh((double)log(2.0 + sin(tm1[0])))), (x[n - 1])};
        #pragma pargrad map
        for (int i14 = 0; i14 < n; i14++) {
            double v15 = log(1.0 + tanh((x[t12 % n])) * tanh((x[t12 % n])));
            tm1[i14] = 0.5 * tm1[i14] + 0.5 * tanh(sin((double)pow(1.5 + cos(tm1[i14]), 1.5)));
        }
    }
    double v16 = (x[0] * atan(cbrt(2.0 + sin(tm1[0]))));
    free(tm1);
    return (((hypot(x[0], 0.5 + tm1[0] * tm1[0]) > -0.12) ? ((v16 * (tm1[n / 2])) + atan((double)x[0]) * 0.5) : sqrt(0.5 + v16 * v16)));
}

static double call_f_ref(struct drv *d) {
    return f_ref(N, M, d->x);
}

static double call_f(struct drv *d) {
    return f(N, M, d->x);
}

static double call_f_b(struct drv *d, double seed) {
    return f_b(N, M, d->x, d->x_b, seed);
}

int main(void) {
    static const struct drv_spec spec = {
        .n = N, .m = M, .seed = 34u,
        .has_w = 0, .w_wrt = 0, .has_a = 0, .a_wrt = 0,
        .has_p = 0, .p_wrt = 0, .has_u = 0, .has_y = 0, .has_ret = 1,
        .uses_float = 1,
        .primal = call_f, .reference = call_f_ref, .gradient = call_f_b,
    };
    return drv_main(&spec);
}
