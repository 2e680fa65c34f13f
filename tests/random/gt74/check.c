/* the check driver of pargrad_gen 74 (see driver.h) */
#include "driver.h"

enum { N = 5, M = 3 };

void f(int n, int m, const double *x, const double *w, double p, double *y);
void f_b(int n, int m, const double *x, double *x_b, const double *w, double *w_b, double p, double *p_b, double *y, double *y_b);

static void f_ref(int n, int m, const double *x, const double *w, double p, double *y) {
    double la1[3] = {(-0.30), (sqrt(0.5 + (-1.26) * (-1.26)) / (1.0 + (((m < 3) ? x[0] : (w[n - 1]))) * (((m < 3) ? x[0] : (w[n - 1]))))), 0.42};
    double v2 = pow(1.5 + cos((w[n - 1])), 1.5);
    double s3 = 1.0e3;
    #pragma pargrad reduce(min : s3)
    for (int i4 = 0; i4 <= n - 1; i4++) {
        double v5 = w[i4];
        double v6 = ((sqrt(1.0 + (w[n - 1]) * (w[n - 1])) * p) + la1[2]);
        if (x[i4] < s3) s3 = x[i4];
    }
    #pragma pargrad map
    for (int i7 = 0; i7 < n; i7 += 1) {
        y[i7] = sqrt(1.0 + (double)(exp(tanh((double)pow(1.5 + cos(0.03), 1.5))) * exp(tanh((double)pow(1.5 + cos(0.03), 1.5)))));
    }
}

static double call_f_ref(struct drv *d) {
    f_ref(N, M, d->x, d->w, d->p, d->y);
    return 0.0;
}

static double call_f(struct drv *d) {
    f(N, M, d->x, d->w, d->p, d->y);
    return 0.0;
}

static double call_f_b(struct drv *d, double seed) {
    f_b(N, M, d->x, d->x_b, d->w, d->w_b, d->p, &d->p_b, d->y, d->y_b);
    (void)seed;
    return 0.0;
}

int main(void) {
    static const struct drv_spec spec = {
        .n = N, .m = M, .seed = 74u,
        .has_w = 1, .w_wrt = 1, .has_a = 0, .a_wrt = 0,
        .has_p = 1, .p_wrt = 1, .has_u = 0, .has_y = 1, .has_ret = 0,
        .uses_float = 1,
        .primal = call_f, .reference = call_f_ref, .gradient = call_f_b,
    };
    return drv_main(&spec);
}
