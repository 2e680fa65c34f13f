/* the check driver of pargrad_gen 67 (see driver.h) */
#include "driver.h"

enum { N = 8, M = 2 };

void f(int n, int m, const double *x, const double *w, double p, double *u, double *y);
void f_b(int n, int m, const double *x, double *x_b, const double *w, double *w_b, double p, double *u, double *u_b, double *y, double *y_b);

static double h1_ref(const double *v, int k) {
    return ((v[k] * v[k]) / (1.0 + fmin(atan(v[k]), (-0.30) + 0.25) * fmin(atan(v[k]), (-0.30) + 0.25)));
}
static double h2_ref(const double *v, int k) {
    return (fabs(v[k]) + (-1.41));
}
static void f_ref(int n, int m, const double *x, const double *w, double p, double *u, double *y) {
    double *tm1 = malloc((size_t)n * (size_t)m * sizeof(double));
    for (int t2 = 0; t2 < 2; t2++) {
        double v3 = exp(-(0.81 * cos((0.25 * t2)) + 0.81) * (0.81 * cos((0.25 * t2)) + 0.81));
    }
    double s4 = 0.5 * x[0];
    #pragma pargrad reduce(+ : s4)
    for (int i5 = 0; i5 < n; i5++) {
        double v6 = expm1(0.5 * sin((h2_ref(x, (i5 + 1) % n))));
        if ((p > -0.32)) {
            double v7 = (-0.84 * sin(log(1.0 + (double)w[0] * (double)w[0])) + sin((double)sqrt(1.0 + (double)(u[i5] * u[i5]))));
        } else {
            double la8[3] = {sin(v6), ((((double)i5 / n) - v6) * exp(-(u[n - 1 - i5]) * (u[n - 1 - i5]))), (0.5 * fabs(v6))};
        }
        s4 += ((double)i5 / n);
    }
    #pragma pargrad map
    for (int i9 = 0; i9 < n; i9++) {
        for (int t10 = 0; t10 < 3; t10++) {
            double la11[3] = {((x[t10 % n]) * sqrt(0.5 + (-0.72) * (-0.72))), atan((double)cos(tanh(s4))) * 0.5, (w[t10 % n])};
            double f12 = (double)(sqrt(1.0 + exp(tanh((double)p)) * exp(tanh((double)p))));
        }
        y[i9] = (x[(i9 + 1) % n]);
    }
    free(tm1);
}

static double call_f_ref(struct drv *d) {
    f_ref(N, M, d->x, d->w, d->p, d->u, d->y);
    return 0.0;
}

static double call_f(struct drv *d) {
    f(N, M, d->x, d->w, d->p, d->u, d->y);
    return 0.0;
}

static double call_f_b(struct drv *d, double seed) {
    f_b(N, M, d->x, d->x_b, d->w, d->w_b, d->p, d->u, d->u_b, d->y, d->y_b);
    (void)seed;
    return 0.0;
}

int main(void) {
    static const struct drv_spec spec = {
        .n = N, .m = M, .seed = 67u,
        .has_w = 1, .w_wrt = 1, .has_a = 0, .a_wrt = 0,
        .has_p = 1, .p_wrt = 0, .has_u = 1, .has_y = 1, .has_ret = 0,
        .uses_float = 1,
        .primal = call_f, .reference = call_f_ref, .gradient = call_f_b,
    };
    return drv_main(&spec);
}
