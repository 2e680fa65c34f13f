/* the check driver of pargrad_gen 31 (see driver.h) */
#include "driver.h"

enum { N = 4, M = 4 };

double f(int n, int m, const double *x, const double *w, double p);
double f_b(int n, int m, const double *x, double *x_b, const double *w, double *w_b, double p, double *p_b, double f_b_seed);

static double h1_ref(const double *v, int k) {
    return ((((v[k] < 0.17) ? pow(1.0 + v[k] * v[k], 0.5 + 0.3 * sin(1.07)) : fmax(v[k], v[k] - 0.25))) - log(2.0 + sin(v[k])));
}
static double f_ref(int n, int m, const double *x, const double *w, double p) {
    double *tm1 = malloc((size_t)n * (size_t)m * sizeof(double));
    double buf2[64];
    #pragma pargrad map
    for (int i3 = 0; i3 < n; i3++) {
        double v4 = log(1.0 + (double)tan(0.7 * tanh(expm1(0.5 * sin((w[n - 1]))))) * (double)tan(0.7 * tanh(expm1(0.5 * sin((w[n - 1]))))));
        double v5 = cbrt(2.0 + sin(p));
        double s6 = 1.0e3;
        #pragma pargrad reduce(min : s6)
        for (int j7 = 0; j7 < m; ++j7) {
            for (int t8 = 0; t8 < 2; t8++) {
                double v9 = log(2.0 + sin((0.84 * sqrt(1.0 + ((double)i3 / n) * ((double)i3 / n)) + log(1.0 + p * p))));
                double f10 = (double)(((w[t8 % n]) * (h1_ref(x, i3))));
                if ((t8 % 2 == 0))
                    break;
            }
            if (((x[n - 1 * m + j7]) < -0.26)) {
                if (x[i3] < s6) s6 = x[i3];
            }
        }
        tm1[i3] = (((((w[n - 1]) * w[i3]) > 0.40) ? (atan((double)atan(s6)) * 0.5 / (1.0 + (atan(s6) + v4) * (atan(s6) + v4))) : (0.5 * (sin(s6) + (x[n - 1 - i3])))));
    }
    if ((((double)(p / (1.0 + (x[n / 2]) * (x[n / 2])))) > 0.48)) {
        double f11 = (double)(atan((double)cos(p)) * 0.5);
    } else {
        for (int t12 = 0; t12 < 4; t12 += 1) {
            #pragma pargrad map
            for (int i13 = 0; i13 < n; i13++) {
                double v14 = log(1.0 + tanh((x[t12 % n])) * tanh((x[t12 % n])));
                tm1[i13] = 0.5 * tm1[i13] + 0.5 * tanh(sin((double)pow(1.5 + cos(tm1[i13]), 1.5)));
            }
            double v15 = ((w[0] - cbrt(2.0 + sin(x[0]))) * p);
        }
        #pragma pargrad map
        for (int i16 = 0; i16 < n; i16++) {
            buf2[i16] = erf((p + atan((double)w[0]) * 0.5));
        }
    }
    double s17 = 0.5 * x[0];
    double s18 = 0.0;
    #pragma pargrad reduce(+ : s17, s18)
    for (int i19 = 0; i19 < n; i19++) {
        double f20 = (double)(((double)i19 / n));
        s17 += ((0.25 * i19) - (p - atan((tm1[n - 1]))));
        s18 = s18 + sqrt(0.5 + cos(atan(x[i19])) * cos(atan(x[i19])));
    }
    for (int t21 = 0; t21 < 3; t21 += 1) {
        #pragma pargrad map
        for (int i22 = 1; i22 < n - 1; i22 += 1) {
            buf2[i22] = 0.5 * tm1[i22] + 0.25 * (tm1[i22 - 1] + tm1[i22 + 1]) * tanh(w[0]);
        }
        #pragma pargrad map
        for (int i23 = 1; i23 < n - 1; ++i23) {
            tm1[i23] = buf2[i23];
        }
    }
    free(tm1);
    return atan(((erf(log(1.0 + erf((s17 / (1.0 + s17 * s17))) * erf((s17 / (1.0 + s17 * s17))))) + s17) + s18));
}

static double call_f_ref(struct drv *d) {
    return f_ref(N, M, d->x, d->w, d->p);
}

static double call_f(struct drv *d) {
    return f(N, M, d->x, d->w, d->p);
}

static double call_f_b(struct drv *d, double seed) {
    return f_b(N, M, d->x, d->x_b, d->w, d->w_b, d->p, &d->p_b, seed);
}

int main(void) {
    static const struct drv_spec spec = {
        .n = N, .m = M, .seed = 31u,
        .has_w = 1, .w_wrt = 1, .has_a = 0, .a_wrt = 0,
        .has_p = 1, .p_wrt = 1, .has_u = 0, .has_y = 0, .has_ret = 1,
        .uses_float = 1,
        .primal = call_f, .reference = call_f_ref, .gradient = call_f_b,
    };
    return drv_main(&spec);
}
