/* the check driver of pargrad_gen 82 (see driver.h) */
#include "driver.h"

enum { N = 5, M = 3 };

double f(int n, int m, const double *x, double *y);
double f_b(int n, int m, const double *x, double *x_b, double *y, double *y_b, double f_b_seed);

static double h1_ref(double a, double b) {
    int k1 = (n * 2 + 1) % 5;
    if ((exp(-a * a) < 0.05))
        return (-1.41);
    return expm1(0.5 * sin(0.48));
}
static double h2_ref(const double *v, int k) {
    return v[k];
}
static double f_ref(int n, int m, const double *x, double *y) {
    double *tm2 = malloc((size_t)n * (size_t)m * sizeof(double));
    for (int t3 = 0; t3 < 3; t3++) {
        double s4 = -1.0e3;
        #pragma pargrad reduce(max : s4)
        for (int i5 = 0; i5 < n; ++i5) {
            s4 = fmax(s4, x[i5]);
        }
        if ((t3 % 2 == 0))
            break;
    }
    if (((((((-1.38) < 0.47) ? x[0] : (x[n / 2]))) + (x[n / 2])) < -0.20)) {
        double s6 = 0.0;
        #pragma pargrad reduce(+ : s6)
        for (int i7 = 0; i7 < n; i7++) {
            s6 += sqrt(1.0 + sqrt(1.0 + (double)(atan(((double)i7 / n)) * atan(((double)i7 / n)))) * sqrt(1.0 + (double)(atan(((double)i7 / n)) * atan(((double)i7 / n)))));
        }
        double s8 = 1.0e3;
        #pragma pargrad reduce(min : s8)
        for (int i9 = 0; i9 < n; i9++) {
            #pragma pargrad map
            for (int j10 = 0; j10 < m; j10 += 1) {
                y[i9 * m + j10] = atan((double)fmin(x[0], fmin(atan(s6), sin(s6) + 0.25) + 0.25)) * 0.5;
            }
            s8 = fmin(s8, ((-0.03) + (x[(i9 + 1) % n])));
        }
    }
    double la11[3] = {((x[n / 2]) * sqrt(0.5 + (-0.72) * (-0.72))), exp(tanh((double)log(2.0 + sin((x[n / 2]))))), x[0]};
    #pragma pargrad map
    for (int i12 = 0; i12 < n; i12++) {
        for (int t13 = 0; t13 <= m - 1; t13++) {
            double f14 = (double)(la11[1]);
            double v15 = sqrt(1.0 + (double)(pow(1.5 + cos(x[0]), 1.5) * pow(1.5 + cos(x[0]), 1.5)));
        }
        y[i12] = (fmax(la11[0], (x[(i12 + 1) % n]) - 0.25) + sqrt(1.0 + (double)(log(1.0 + la11[2] * la11[2]) * log(1.0 + la11[2] * la11[2]))));
    }
    free(tm2);
    return pow(1.5 + cos(((double)la11[2])), 1.5);
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
        .n = N, .m = M, .seed = 82u,
        .has_w = 0, .w_wrt = 0, .has_a = 0, .a_wrt = 0,
        .has_p = 0, .p_wrt = 0, .has_u = 0, .has_y = 1, .has_ret = 1,
        .uses_float = 1,
        .primal = call_f, .reference = call_f_ref, .gradient = call_f_b,
    };
    return drv_main(&spec);
}
