/* the check driver of pargrad_gen 77 (see driver.h) */
#include "driver.h"

enum { N = 8, M = 2 };

double f(int n, int m, const double *x, const double a[n][m], double *u);
double f_b(int n, int m, const double *x, double *x_b, const double a[n][m], double a_b[n][m], double *u, double *u_b, double f_b_seed);

static double f_ref(int n, int m, const double *x, const double a[n][m], double *u) {
    double buf1[64];
    for (int t2 = 0; t2 < 2; t2++) {
        double v3 = sin((tanh((x[n / 2])) * sqrt(1.0 + (double)((u[n - 1]) * (u[n - 1])))));
        double s4 = -1.0e3;
        #pragma pargrad reduce(max : s4)
        for (int i5 = 0; i5 < n; i5++) {
            double s6 = -1.0e3;
            #pragma pargrad reduce(max : s6)
            for (int j7 = 0; j7 < m; j7++) {
                double la8[3] = {exp(tanh((double)(((j7 % 2 == 0) ? (x[t2 % n]) : (a[t2 % n][m - 1]))))), fmin(u[i5], v3 + 0.25), sqrt(1.0 + (double)(pow(1.5 + cos((x[i5 * m + j7])), 1.5) * pow(1.5 + cos((x[i5 * m + j7])), 1.5)))};
                if (sqrt(1.0 + (double)(exp(tanh((double)pow(1.5 + cos(0.03), 1.5))) * exp(tanh((double)pow(1.5 + cos(0.03), 1.5))))) > s6) s6 = sqrt(1.0 + (double)(exp(tanh((double)pow(1.5 + cos(0.03), 1.5))) * exp(tanh((double)pow(1.5 + cos(0.03), 1.5)))));
            }
            double s9 = 1.0e3;
            #pragma pargrad reduce(min : s9)
            for (int j10 = 0; j10 < m; j10++) {
                s9 = fmin(s9, erf((v3 + atan((u[(i5 + 1) % n])))));
            }
            if (((double)((double)i5 / n)) > s4) s4 = ((double)((double)i5 / n));
        }
        #pragma pargrad map
        for (int i11 = 0; i11 < n; i11++) {
            for (int t12 = 0; t12 < 3; t12++) {
                double la13[3] = {((a[(i11 + 1) % n][m - 1]) * u[0]), (v3 + ((double)t12 / n)), cos(((double)((double)t12 / n)))};
            }
            double f14 = (double)(v3);
            double v15 = (atan((double)sqrt(1.0 + x[0] * x[0])) * 0.5 * ((sin(s4) / (1.0 + a[0][0] * a[0][0])) / (1.0 + sin((double)f14) * sin((double)f14))));
            buf1[i11] = (((double)t2 / n) * tanh(s4));
        }
        double f16 = (double)((1.08 * tanh(v3) + tan(0.7 * tanh((s4 / (1.0 + s4 * s4))))));
        f16 += hypot(log(2.0 + sin(f16)), 0.5 + ((double)t2 / n) * ((double)t2 / n));
    }
    int k17 = (n * 2 + 0) % 5;
    double f18 = (double)((((((u[n / 2]) > -0.36) ? (0.1 * k17) : (0.1 * k17))) + ((((0.1 * k17) < -0.03) ? (a[0][m - 1]) : x[0]))));
    double v19 = erf((log1p(x[0] * x[0]) + pow(1.5 + cos(u[0]), 1.5)));
    double la20[3] = {pow(1.5 + cos(((0.1 * k17) + (0.1 * k17))), 1.5), x[0], cos(exp(-(x[n / 2]) * (x[n / 2])))};
    return (x[n - 1]);
}

static double call_f_ref(struct drv *d) {
    return f_ref(N, M, d->x, (const double(*)[M])d->a, d->u);
}

static double call_f(struct drv *d) {
    return f(N, M, d->x, (const double(*)[M])d->a, d->u);
}

static double call_f_b(struct drv *d, double seed) {
    return f_b(N, M, d->x, d->x_b, (const double(*)[M])d->a, (double(*)[M])d->a_b, d->u, d->u_b, seed);
}

int main(void) {
    static const struct drv_spec spec = {
        .n = N, .m = M, .seed = 77u,
        .has_w = 0, .w_wrt = 0, .has_a = 1, .a_wrt = 1,
        .has_p = 0, .p_wrt = 0, .has_u = 1, .has_y = 0, .has_ret = 1,
        .uses_float = 1,
        .primal = call_f, .reference = call_f_ref, .gradient = call_f_b,
    };
    return drv_main(&spec);
}
