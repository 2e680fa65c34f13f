/* the check driver of pargrad_gen 88 (see driver.h) */
#include "driver.h"

enum { N = 4, M = 5 };

double f(int n, int m, const double *x, double *y);
double f_b(int n, int m, const double *x, double *x_b, double *y, double *y_b, double f_b_seed);

static double f_ref(int n, int m, const double *x, double *y) {
    double *tm1 = malloc((size_t)n * (size_t)m * sizeof(double));
    double *tm2 = malloc((size_t)n * (size_t)m * sizeof(double));
    for (int t3 = 0; t3 < 4; t3++) {
        double s4 = 1.0e3;
        #pragma pargrad reduce(min : s4)
        for (int i5 = 0; i5 < n; ++i5) {
            for (int t6 = 0; t6 < 2; t6++) {
                double v7 = sin((sqrt(1.0 + ((double)t3 / n) * ((double)t3 / n)) - atan((x[t3 % n]))));
                double la8[3] = {sin(expm1(0.5 * sin(((double)t3 / n)))), v7, x[i5]};
                #pragma pargrad map
                for (int j9 = 0; j9 <= m - 1; j9++) {
                    int k10 = (t3 * 2 + 0) % 5;
                    double v11 = ((double)j9 / n);
                    if ((t6 % 2 == 0)) {
                        tm2[i5 * m + j9] = cbrt(2.0 + sin(sqrt(1.0 + sqrt(1.0 + (double)(((double)i5 / n) * ((double)i5 / n))) * sqrt(1.0 + (double)(((double)i5 / n) * ((double)i5 / n))))));
                    } else {
                        tm2[i5 * m + j9] = (v7 * exp(-x[0] * x[0]));
                    }
                }
                #pragma pargrad map
                for (int j12 = 0; j12 < m; j12++) {
                    double v13 = ((double)j12 / n);
                    tm1[i5 * m + j12] = ((double)j12 / n);
                }
            }
            double v14 = 1.41;
            double la15[3] = {(x[i5] * sqrt(0.5 + (-0.72) * (-0.72))), atan((double)pow(1.5 + cos(v14), 1.5)) * 0.5, sqrt(0.5 + (x[n - 1]) * (x[n - 1]))};
            double f16 = (double)(cos(((double)((double)i5 / n))));
            if (log(1.0 + tanh(log(2.0 + sin(x[0]))) * tanh(log(2.0 + sin(x[0])))) < s4) s4 = log(1.0 + tanh(log(2.0 + sin(x[0]))) * tanh(log(2.0 + sin(x[0]))));
        }
        int k17 = (t3 * 3 + 2) % 5;
        double s18 = 0.0;
        #pragma pargrad reduce(+ : s18)
        for (int i19 = 0; i19 < n; i19++) {
            double v20 = cbrt(2.0 + sin((x[(i19 + 1) % n])));
            double v21 = (-1.02);
            s18 = s18 + (0.5 * cbrt(2.0 + sin(((double)t3 / n))));
        }
        int k22 = (t3 * 2 + 0) % 5;
        double f23 = (double)((tan(0.7 * tanh(sin(s4))) + (0.1 * k22)));
        if (((0.1 * k22) > -0.29))
            break;
    }
    #pragma pargrad map
    for (int i24 = 0; i24 < n; i24++) {
        #pragma pargrad map
        for (int j25 = 0; j25 < m; j25 += 1) {
            y[i24 * m + j25] = x[i24];
        }
        if ((exp(tanh((double)x[i24])) > -0.10)) {
            double f26 = (double)(log(1.0 + (double)((x[n - 1]) / (1.0 + ((double)i24 / n) * ((double)i24 / n))) * (double)((x[n - 1]) / (1.0 + ((double)i24 / n) * ((double)i24 / n)))));
        }
        if ((tanh(x[0]) < 0.34)) {
            tm2[i24] = (exp(-0.11 * 0.11) + exp(tanh((double)tanh(x[i24]))));
        } else {
            tm2[i24] = cos(pow(1.0 + 1.30 * 1.30, 0.5 + 0.3 * sin(x[0])));
        }
    }
    int k27 = (n * 1 + 0) % 5;
    if ((log(2.0 + sin(tm2[0])) > -0.06)) {
        free(tm1);
        free(tm2);
        return x[0];
    }
    double s28 = -1.0e3;
    #pragma pargrad reduce(max : s28)
    for (int i29 = 0; i29 < n; i29++) {
        double s30 = 1.0;
        #pragma pargrad reduce(* : s30)
        for (int j31 = 0; j31 < m; j31 += 1) {
            double f32 = (double)((x[n - 1 - i29 * m + j31]));
            if ((i29 % 2 == 0)) {
                s30 *= 1.0 + 0.2 * tanh(pow(1.0 + 0.81 * 0.81, 0.5 + 0.3 * sin(exp(tanh(((-0.18) * (0.1 * k27)))))));
            }
        }
        for (int t33 = 0; t33 < 2; t33++) {
            int k34 = (i29 * 2 + 1) % 5;
        }
        s28 = fmax(s28, exp(tanh((double)(1.14 * fabs(((double)i29 / n)) + (x[n - 1 - i29])))));
    }
    #pragma pargrad map
    for (int i35 = 0; i35 < n; i35++) {
        #pragma pargrad map
        for (int j36 = 0; j36 < m; j36 += 1) {
            double f37 = (double)(expm1(0.5 * sin(expm1(0.5 * sin(x[0])))));
            tm1[i35 * m + j36] = (0.1 * k27);
        }
        double f38 = (double)(((double)i35 / n));
        y[i35] = log(1.0 + (x[(i35 + 1) % n]) * (x[(i35 + 1) % n]));
    }
    free(tm1);
    free(tm2);
    return tanh((exp(tanh((atan((0.1 * k27)) * expm1(0.5 * sin(y[0]))))) + s28));
}

static double call_f_ref(struct drv *d) {
    return f_ref(N, M, d->x, d->y);
}

static double call_f(struct drv *d) {
    return f(N, M, d->x, d->y);
}

static double call_f_b(struct drv *d, double seed) {
    return f_b(N, M, d->x, d->x_b, d->y, d->y_b, seed);
}

int main(void) {
    static const struct drv_spec spec = {
        .n = N, .m = M, .seed = 88u,
        .has_w = 0, .w_wrt = 0, .has_a = 0, .a_wrt = 0,
        .has_p = 0, .p_wrt = 0, .has_u = 0, .has_y = 1, .has_ret = 1,
        .uses_float = 1,
        .primal = call_f, .reference = call_f_ref, .gradient = call_f_b,
    };
    return drv_main(&spec);
}
