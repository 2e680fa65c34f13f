/* the check driver of pargrad_gen 99 (see driver.h) */
#include "driver.h"

enum { N = 6, M = 4 };

double f(int n, int m, const double *x, const double *w, double p, double *y);
double f_b(int n, int m, const double *x, double *x_b, const double *w, double *w_b, double p, double *p_b, double *y, double *y_b, double f_b_seed);

static double h1_ref(const double *v, int k) {
    return v[k];
}
static double f_ref(int n, int m, const double *x, const double *w, double p, double *y) {
    double *tm1 = malloc((size_t)n * (size_t)m * sizeof(double));
    double f2 = (double)(0.42);
    double v3 = pow(1.5 + cos((w[n - 1])), 1.5);
    double s4 = 1.0e3;
    #pragma pargrad reduce(min : s4)
    for (int i5 = 0; i5 <= n - 1; i5++) {
        s4 = fmin(s4, p);
    }
    double v6 = tanh(pow(1.0 + (h1_ref(x, 0)) * (h1_ref(x, 0)), 0.5 + 0.3 * sin(((w[n - 1]) * p))));
    for (int t7 = 0; t7 <= 2 - 1; t7++) {
        int k8 = (t7 * 3 + 0) % 5;
    }
    #pragma pargrad map
    for (int i9 = 1; i9 <= n - 1 - 1; i9++) {
        double v10 = log(1.0 + (double)sqrt(1.0 + hypot(f2, 0.5 + v3 * v3) * hypot(f2, 0.5 + v3 * v3)) * (double)sqrt(1.0 + hypot(f2, 0.5 + v3 * v3) * hypot(f2, 0.5 + v3 * v3)));
        double s11 = 1.0e3;
        #pragma pargrad reduce(min : s11)
        for (int j12 = 0; j12 < m; j12++) {
            double v13 = sin(log(1.0 + v10 * v10));
            if ((-1.38) < s11) s11 = (-1.38);
        }
        y[i9] = log(2.0 + sin((hypot(hypot(0.54, 0.5 + (-1.14) * (-1.14)), 0.5 + (-0.03) * (-0.03)) / (1.0 + hypot(hypot(0.54, 0.5 + (-1.14) * (-1.14)), 0.5 + (-0.03) * (-0.03)) * hypot(hypot(0.54, 0.5 + (-1.14) * (-1.14)), 0.5 + (-0.03) * (-0.03))))));
    }
    free(tm1);
    return atan((v6 + s4));
}

static double call_f_ref(struct drv *d) {
    return f_ref(N, M, d->x, d->w, d->p, d->y);
}

static double call_f(struct drv *d) {
    return f(N, M, d->x, d->w, d->p, d->y);
}

static double call_f_b(struct drv *d, double seed) {
    return f_b(N, M, d->x, d->x_b, d->w, d->w_b, d->p, &d->p_b, d->y, d->y_b, seed);
}

int main(void) {
    static const struct drv_spec spec = {
        .n = N, .m = M, .seed = 99u,
        .has_w = 1, .w_wrt = 1, .has_a = 0, .a_wrt = 0,
        .has_p = 1, .p_wrt = 1, .has_u = 0, .has_y = 1, .has_ret = 1,
        .uses_float = 1,
        .primal = call_f, .reference = call_f_ref, .gradient = call_f_b,
    };
    return drv_main(&spec);
}
