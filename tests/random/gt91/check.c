/* the check driver of pargrad_gen 91 (see driver.h) */
#include "driver.h"

enum { N = 9, M = 3 };

void f(int n, int m, const double *x, double p, double *u, double *y);
void f_b(int n, int m, const double *x, double *x_b, double p, double *p_b, double *u, double *u_b, double *y, double *y_b);

static double h1_ref(int len, const double *v, const double *q) {
    double s = 0.0;
    #pragma pargrad reduce(+ : s)
    for (int i = 0; i < len; i++) {
        s += v[i];
    }
    return s;
}
static double h2_ref(int len, const double *v, const double *q) {
    double s = 0.0;
    #pragma pargrad reduce(+ : s)
    for (int i = 0; i < len; i++) {
        s += (q[i] * (((q[i] < 0.19) ? v[i] : 0.42)));
    }
    return s;
}
static void f_ref(int n, int m, const double *x, double p, double *u, double *y) {
    double *tm1 = malloc((size_t)n * (size_t)m * sizeof(double));
    double *tm2 = malloc((size_t)n * (size_t)m * sizeof(double));
    double la3[3] = {(x[n / 2]), sqrt(1.0 + pow(1.0 + x[0] * x[0], 0.5 + 0.3 * sin((u[n - 1]))) * pow(1.0 + x[0] * x[0], 0.5 + 0.3 * sin((u[n - 1])))), p};
    double s4 = 0.5 * x[0];
    #pragma pargrad reduce(+ : s4)
    for (int i5 = 0; i5 < n; i5 += 1) {
        s4 = s4 + x[i5];
    }
    double f6 = (double)(fmax((0.06 - 0.03), ((s4 / (1.0 + s4 * s4)) * x[0]) - 0.25));
    double s7 = 1.0;
    #pragma pargrad reduce(* : s7)
    for (int i8 = 0; i8 < n; i8++) {
        #pragma pargrad map
        for (int j9 = 0; j9 < m; j9++) {
            u[i8 * m + j9] = (0.99 * (sin((double)(la3[i8 % 3])) * ((double)((double)j9 / n))) + (-0.03));
        }
        for (int t10 = 0; t10 < 3; t10++) {
            double la11[3] = {(x[i8] * sqrt(0.5 + (-0.72) * (-0.72))), sin((double)exp(tanh((la3[i8 % 3])))), ((double)i8 / n)};
            double v12 = exp(tanh((double)p));
            if ((cbrt(2.0 + sin(sin(s4))) > 0.30))
                break;
        }
        s7 *= 1.0 + 0.2 * tanh(((h1_ref(n, x, x)) / (1.0 + (h1_ref(n, x, x)) * (h1_ref(n, x, x)))));
    }
    #pragma pargrad map
    for (int i13 = 0; i13 <= n - 1; i13++) {
        if (((x[n - 1]) > 0.02)) {
            y[i13] = (0.25 * i13);
        } else {
            y[i13] = log(1.0 + ((-1.02) / (1.0 + f6 * f6)) * ((-1.02) / (1.0 + f6 * f6)));
        }
    }
    free(tm1);
    free(tm2);
}

static double call_f_ref(struct drv *d) {
    f_ref(N, M, d->x, d->p, d->u, d->y);
    return 0.0;
}

static double call_f(struct drv *d) {
    f(N, M, d->x, d->p, d->u, d->y);
    return 0.0;
}

static double call_f_b(struct drv *d, double seed) {
    f_b(N, M, d->x, d->x_b, d->p, &d->p_b, d->u, d->u_b, d->y, d->y_b);
    (void)seed;
    return 0.0;
}

int main(void) {
    static const struct drv_spec spec = {
        .n = N, .m = M, .seed = 91u,
        .has_w = 0, .w_wrt = 0, .has_a = 0, .a_wrt = 0,
        .has_p = 1, .p_wrt = 1, .has_u = 1, .has_y = 1, .has_ret = 0,
        .uses_float = 1,
        .primal = call_f, .reference = call_f_ref, .gradient = call_f_b,
    };
    return drv_main(&spec);
}
