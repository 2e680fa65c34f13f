/* the check driver of pargrad_gen 65 (see driver.h) */
#include "driver.h"

enum { N = 7, M = 1 };

void f(int n, int m, const double *x, double p, double *y);
void f_b(int n, int m, const double *x, double *x_b, double p, double *p_b, double *y, double *y_b);

static double h1_ref(double a, double b) {
    double f1 = (double)((-0.60 * (-0.27 * 0.79 + (-1.29)) + expm1(0.5 * sin((-0.30)))));
    return (fabs(f1) + (-1.41));
}
static double h2_ref(const double *v, int k) {
    return 0.48;
}
static void f_ref(int n, int m, const double *x, double p, double *y) {
    double s2 = -1.0e3;
    #pragma pargrad reduce(max : s2)
    for (int i3 = 0; i3 < n; i3++) {
        double s4 = -1.0e3;
        #pragma pargrad reduce(max : s4)
        for (int j5 = 0; j5 < m; j5++) {
            double la6[3] = {((double)(x[i3] / (1.0 + (x[i3 * m + j5]) * (x[i3 * m + j5])))), ((((n > 3) ? ((double)i3 / n) : x[i3])) - exp(tanh((double)(x[(i3 + 1) % n * m + j5])))), p};
            s4 = fmax(s4, (0.00 * exp(tanh((double)log(1.0 + (double)la6[2] * (double)la6[2]))) + exp(-log(1.0 + x[0] * x[0]) * log(1.0 + x[0] * x[0]))));
        }
        if ((log(1.0 + (s4 / (1.0 + s4 * s4)) * (s4 / (1.0 + s4 * s4))) + (x[n - 1 - i3])) > s2) s2 = (log(1.0 + (s4 / (1.0 + s4 * s4)) * (s4 / (1.0 + s4 * s4))) + (x[n - 1 - i3]));
    }
    for (int t7 = 0; t7 < 2; t7++) {
        s2 = 0.5 * s2 + 0.5 * tanh((atan((double)(x[n - 1])) * 0.5 + ((double)x[0])));
        double s8 = 0.0;
        #pragma pargrad reduce(+ : s8)
        for (int i9 = 0; i9 < n; i9 += 1) {
            double s10 = 1.0;
            #pragma pargrad reduce(* : s10)
            for (int j11 = 0; j11 < m; j11++) {
                double f12 = (double)((x[n - 1 * m + m - 1]));
                s10 *= 1.0 + 0.2 * tanh((-0.27 * sin(s2) + (tanh(s2) / (1.0 + exp(tanh((double)p)) * exp(tanh((double)p))))));
            }
            if (((x[n - 1 - i9]) < -0.28)) {
                s8 = s8 + tanh(log(2.0 + sin(x[0])));
            }
        }
    }
    #pragma pargrad map
    for (int i13 = 0; i13 < n; i13++) {
        double v14 = (x[(i13 + 1) % n]);
        y[i13] = (0.5 * hypot(((-1.02) * sin(s2)), 0.5 + (0.25 * i13) * (0.25 * i13)));
    }
}

static double call_f_ref(struct drv *d) {
    f_ref(N, M, d->x, d->p, d->y);
    return 0.0;
}

static double call_f(struct drv *d) {
    f(N, M, d->x, d->p, d->y);
    return 0.0;
}

static double call_f_b(struct drv *d, double seed) {
    f_b(N, M, d->x, d->x_b, d->p, &d->p_b, d->y, d->y_b);
    (void)seed;
    return 0.0;
}

int main(void) {
    static const struct drv_spec spec = {
        .n = N, .m = M, .seed = 65u,
        .has_w = 0, .w_wrt = 0, .has_a = 0, .a_wrt = 0,
        .has_p = 1, .p_wrt = 1, .has_u = 0, .has_y = 1, .has_ret = 0,
        .uses_float = 1,
        .primal = call_f, .reference = call_f_ref, .gradient = call_f_b,
    };
    return drv_main(&spec);
}
