/* the check driver of pargrad_gen 66 (see driver.h) */
#include "driver.h"

enum { N = 9, M = 4 };

double f(int n, int m, const double *x, const double *w, double *u);
double f_b(int n, int m, const double *x, double *x_b, const double *w, double *w_b, double *u, double *u_b, double f_b_seed);

static double f_ref(int n, int m, const double *x, const double *w, double *u) {
    double *tm1 = malloc((size_t)n * (size_t)m * sizeof(double));
    double v2 = x[0];
    double v3 = exp(tanh((double)log1p(tanh(v2) * tanh(v2))));
    #pragma pargrad map
    for (int i4 = 0; i4 < n; i4 += 1) {
        double s5 = 1.0e3;
        #pragma pargrad reduce(min : s5)
        for (int j6 = 0; j6 < m; j6++) {
            double f7 = (double)(pow(1.0 + (w[i4 * m + m - 1]) * (w[i4 * m + m - 1]), 0.5 + 0.3 * sin(expm1(0.5 * sin(((double)i4 / n))))));
            double f8 = (double)(v3);
            s5 = fmin(s5, sin((((x[i4 * m + j6]) - log(1.0 + f7 * f7)) * (sin((u[i4 * m + 0])) + erf(f8)))));
        }
        #pragma pargrad map
        for (int j9 = 0; j9 < m; j9++) {
            double v10 = sqrt(1.0 + (double)(exp(tanh((double)pow(1.5 + cos(0.03), 1.5))) * exp(tanh((double)pow(1.5 + cos(0.03), 1.5)))));
            double f11 = (double)(cos(v3));
            double v12 = log(1.0 + f11 * f11);
            u[i4 * m + j9] = sin(u[i4 * m + j9]) + (-1.38);
        }
        s5 = cos((0.5 * v2));
        double v13 = ((double)i4 / n);
        if ((sin((double)(x[(i4 + 1) % n])) < -0.21)) {
            tm1[i4] = sqrt(1.0 + (double)(((x[n - 1]) * expm1(0.5 * sin((s5 / (1.0 + s5 * s5))))) * ((x[n - 1]) * expm1(0.5 * sin((s5 / (1.0 + s5 * s5)))))));
        } else {
            tm1[i4] = (sin(s5) + (v2 + (-0.03)));
        }
    }
    for (int t14 = 0; t14 <= n - 1; t14++) {
        v3 += 0.25 * sin(v2);
        if ((w[0] < -0.28))
            break;
    }
    double v15 = sin(((v3 / (1.0 + (u[n - 1]) * (u[n - 1]))) * log(1.0 + ((-1.02) / (1.0 + v2 * v2)) * ((-1.02) / (1.0 + v2 * v2)))));
    free(tm1);
    return (pow(1.5 + cos(((double)v15)), 1.5) + atan((double)x[0]) * 0.5);
}

static double call_f_ref(struct drv *d) {
    return f_ref(N, M, d->x, d->w, d->u);
}

static double call_f(struct drv *d) {
    return f(N, M, d->x, d->w, d->u);
}

static double call_f_b(struct drv *d, double seed) {
    return f_b(N, M, d->x, d->x_b, d->w, d->w_b, d->u, d->u_b, seed);
}

int main(void) {
    static const struct drv_spec spec = {
        .n = N, .m = M, .seed = 66u,
        .has_w = 1, .w_wrt = 1, .has_a = 0, .a_wrt = 0,
        .has_p = 0, .p_wrt = 0, .has_u = 1, .has_y = 0, .has_ret = 1,
        .uses_float = 1,
        .primal = call_f, .reference = call_f_ref, .gradient = call_f_b,
    };
    return drv_main(&spec);
}
