/* the check driver of pargrad_gen 30 (see driver.h) */
#include "driver.h"

enum { N = 9, M = 5 };

double f(int n, int m, const double *x, const double *w, const double a[n][m], double *u);
double f_b(int n, int m, const double *x, double *x_b, const double *w, double *w_b, const double a[n][m], double a_b[n][m], double *u, double *u_b, double f_b_seed);

static double h1_ref(const double *v, int k) {
    return 0.65;
}
static double f_ref(int n, int m, const double *x, const double *w, const double a[n][m], double *u) {
    double *tm1 = malloc((size_t)n * (size_t)m * sizeof(double));
    double *tm2 = malloc((size_t)n * (size_t)m * sizeof(double));
    double v3 = ((fabs((w[n - 1])) - (a[n / 2][m - 1])) - log(1.0 + (u[n - 1]) * (u[n - 1])));
    #pragma pargrad map
    for (int i4 = 0; i4 < n; i4++) {
        u[i4] = (atan((double)expm1(0.5 * sin((x[(i4 + 1) % n])))) * 0.5 * tanh((sqrt(0.5 + v3 * v3) * ((a[(i4 + 1) % n][m - 1]) + (w[n - 1])))));
    }
    for (int t5 = 0; t5 < 3; t5++) {
        #pragma pargrad map
        for (int i6 = 1; i6 < n - 1; i6++) {
            tm2[i6] = 0.5 * u[i6] + 0.25 * (u[i6 - 1] + u[i6 + 1]) * tanh(sqrt(1.0 + (tm2[i6] + (u[i6 - 1])) * (tm2[i6] + (u[i6 - 1]))));
        }
        #pragma pargrad map
        for (int i7 = 1; i7 < n - 1; i7++) {
            u[i7] = tm2[i7];
        }
    }
    free(tm1);
    free(tm2);
    return cos(sin(expm1(0.5 * sin(v3))));
}

static double call_f_ref(struct drv *d) {
    return f_ref(N, M, d->x, d->w, (const double(*)[M])d->a, d->u);
}

static double call_f(struct drv *d) {
    return f(N, M, d->x, d->w, (const double(*)[M])d->a, d->u);
}

static double call_f_b(struct drv *d, double seed) {
    return f_b(N, M, d->x, d->x_b, d->w, d->w_b, (const double(*)[M])d->a, (double(*)[M])d->a_b, d->u, d->u_b, seed);
}

int main(void) {
    static const struct drv_spec spec = {
        .n = N, .m = M, .seed = 30u,
        .has_w = 1, .w_wrt = 1, .has_a = 1, .a_wrt = 1,
        .has_p = 0, .p_wrt = 0, .has_u = 1, .has_y = 0, .has_ret = 1,
        .uses_float = 1,
        .primal = call_f, .reference = call_f_ref, .gradient = call_f_b,
    };
    return drv_main(&spec);
}
