/* the check driver of pargrad_gen 100 (see driver.h) */
#include "driver.h"

enum { N = 5, M = 5 };

double f(int n, int m, const double *x, const double *w, double *y);
double f_b(int n, int m, const double *x, double *x_b, const double *w, double *y, double *y_b, double f_b_seed);

static double h1_ref(const double *v, int k) {
    return v[k];
}
static double f_ref(int n, int m, const double *x, const double *w, double *y) {
    double *tm1 = malloc((size_t)n * (size_t)m * sizeof(double));
    double f2 = (double)(0.42);
    double v3 = pow(1.5 + cos((w[n - 1])), 1.5);
    double s4 = 1.0e3;
    #pragma pargrad reduce(min : s4)
    for (int i5 = 0; i5 <= n - 1; i5++) {
        s4 = fmin(s4, x[i5]);
    }
    double v6 = (tan(0.7 * tanh(fmax((w[n - 1]), v3 - 0.25))) - exp(tanh((double)(0.5 * (x[n / 2])))));
    double s7 = 0.0;
    #pragma pargrad reduce(+ : s7)
    for (int i8 = 0; i8 < n; i8++) {
        if (((cbrt(2.0 + sin(v6)) * (h1_ref(x, i8))) < 0.09)) {
            double s9 = 1.0;
            #pragma pargrad reduce(* : s9)
            for (int j10 = 0; j10 < m; j10++) {
                s9 = s9 * (1.0 + 0.2 * tanh(sqrt(1.0 + (double)(fmin((w[(i8 + 1) % n]), fabs(v3) + 0.25) * fmin((w[(i8 + 1) % n]), fabs(v3) + 0.25)))));
            }
            double v11 = (-0.03);
        }
        double v12 = v6;
        double v13 = (log(2.0 + sin((w[i8] - (-0.72)))) + atan((double)cos(v3)) * 0.5);
        if ((v3 > -0.01)) {
            for (int t14 = 0; t14 < 4; t14++) {
                if ((sin(s4) > 0.19)) {
                    int k15 = (i8 * 1 + 1) % 5;
                }
                v13 += 0.25 * sin(((v3 / (1.0 + (x[n - 1]) * (x[n - 1]))) - cbrt(2.0 + sin(w[0]))));
                if ((t14 < n / 2))
                    break;
            }
            double v16 = ((double)tanh(v13));
        } else {
            double s17 = 0.5 * x[0];
            #pragma pargrad reduce(+ : s17)
            for (int j18 = 0; j18 < m; j18 += 1) {
                if (((((m < 3) ? (w[n - 1 * m + j18]) : (w[i8 * m + j18]))) < -0.24)) {
                    s17 = s17 + tanh(pow(1.0 + v3 * v3, 0.5 + 0.3 * sin(exp(tanh((x[i8] + (w[0 * m + j18])))))));
                }
            }
        }
        s7 += exp(tanh((double)x[0]));
    }
    #pragma pargrad map
    for (int i19 = 0; i19 < n; ++i19) {
        double v20 = tanh((log1p(w[i19] * w[i19]) + exp(tanh((double)x[i19]))));
        y[i19] = sqrt(1.0 + pow(1.0 + erf(sin(s4)) * erf(sin(s4)), 0.5 + 0.3 * sin(log(1.0 + w[i19] * w[i19]))) * pow(1.0 + erf(sin(s4)) * erf(sin(s4)), 0.5 + 0.3 * sin(log(1.0 + w[i19] * w[i19]))));
    }
    free(tm1);
    return sin((cos(exp(-log(2.0 + sin(w[0])) * log(2.0 + sin(w[0])))) + s4));
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
        .n = N, .m = M, .seed = 100u,
        .has_w = 1, .w_wrt = 0, .has_a = 0, .a_wrt = 0,
        .has_p = 0, .p_wrt = 0, .has_u = 0, .has_y = 1, .has_ret = 1,
        .uses_float = 1,
        .primal = call_f, .reference = call_f_ref, .gradient = call_f_b,
    };
    return drv_main(&spec);
}
