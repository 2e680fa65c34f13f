/* the check driver of pargrad_gen 33 (see driver.h) */
#include "driver.h"

enum { N = 8, M = 2 };

double f(int n, int m, const double *x, const double *w);
double f_b(int n, int m, const double *x, double *x_b, const double *w, double f_b_seed);

static double h1_ref(const double *v, int k) {
    return ((((v[k] < 0.17) ? pow(1.0 + v[k] * v[k], 0.5 + 0.3 * sin(1.07)) : fmax(v[k], v[k] - 0.25))) - log(2.0 + sin(v[k])));
}
static double f_ref(int n, int m, const double *x, const double *w) {
    double *tm1 = malloc((size_t)n * (size_t)m * sizeof(double));
    double buf2[64];
    #pragma pargrad map
    for (int i3 = 0; i3 < n; i3++) {
        double v4 = log(1.0 + (double)tan(0.7 * tanh(expm1(0.5 * sin((w[n - 1]))))) * (double)tan(0.7 * tanh(expm1(0.5 * sin((w[n - 1]))))));
        double v5 = cos(v4);
        double s6 = 1.0;
        #pragma pargrad reduce(* : s6)
        for (int j7 = 0; j7 < m; j7++) {
            for (int t8 = 0; t8 < 2; t8++) {
                double v9 = sqrt(1.0 + (sqrt(1.0 + ((double)i3 / n) * ((double)i3 / n)) + sin(x[i3])) * (sqrt(1.0 + ((double)i3 / n) * ((double)i3 / n)) + sin(x[i3])));
                double la10[3] = {sin(expm1(0.5 * sin(((double)i3 / n)))), v5, v5};
            }
            s6 *= 1.0 + 0.2 * tanh(((0.5 * exp(tanh((double)x[i3]))) / (1.0 + (((j7 % 2 == 0) ? ((double)j7 / n) : pow(1.5 + cos(0.03), 1.5))) * (((j7 % 2 == 0) ? ((double)j7 / n) : pow(1.5 + cos(0.03), 1.5))))));
        }
        tm1[i3] = fmin((sin(x[i3]) * exp(-(x[n - 1 - i3]) * (x[n - 1 - i3]))), cos((0.5 * v4)) + 0.25);
    }
    double v11 = (-0.03);
    #pragma pargrad map
    for (int i12 = 0; i12 < n; ++i12) {
        double v13 = (log(2.0 + sin((x[i12] - (-0.72)))) / (1.0 + atan((double)pow(1.5 + cos(v11), 1.5)) * 0.5 * atan((double)pow(1.5 + cos(v11), 1.5)) * 0.5));
        double f14 = (double)((-0.27 * v11 + sqrt(1.0 + (w[n - 1]) * (w[n - 1]))));
        v13 = exp(-log(1.0 + x[i12] * x[i12]) * log(1.0 + x[i12] * x[i12]));
        tm1[i12] = sin(tm1[i12]) + tm1[i12];
    }
    for (int t15 = 0; t15 < 2; ++t15) {
        #pragma pargrad map
        for (int i16 = 1; i16 < n - 1; i16++) {
            buf2[i16] = 0.5 * tm1[i16] + 0.25 * (tm1[i16 - 1] + tm1[i16 + 1]) * tanh(v11);
        }
        #pragma pargrad map
        for (int i17 = 1; i17 < n - 1; i17++) {
            tm1[i17] = buf2[i17];
        }
    }
    free(tm1);
    return (w[n - 1]);
}

static double call_f_ref(struct drv *d) {
    return f_ref(N, M, d->x, d->w);
}

static double call_f(struct drv *d) {
    return f(N, M, d->x, d->w);
}

static double call_f_b(struct drv *d, double seed) {
    return f_b(N, M, d->x, d->x_b, d->w, seed);
}

int main(void) {
    static const struct drv_spec spec = {
        .n = N, .m = M, .seed = 33u,
        .has_w = 1, .w_wrt = 0, .has_a = 0, .a_wrt = 0,
        .has_p = 0, .p_wrt = 0, .has_u = 0, .has_y = 0, .has_ret = 1,
        .uses_float = 1,
        .primal = call_f, .reference = call_f_ref, .gradient = call_f_b,
    };
    return drv_main(&spec);
}
