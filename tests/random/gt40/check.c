/* the check driver of pargrad_gen 40 (see driver.h) */
#include "driver.h"

enum { N = 5, M = 4 };

double f(int n, int m, const double *x, double *u);
double f_b(int n, int m, const double *x, double *x_b, double *u, double *u_b, double f_b_seed);

static double h1_ref(const double *v, int k) {
    return 0.44;
}
static double f_ref(int n, int m, const double *x, double *u) {
    double *tm1 = malloc((size_t)n * (size_t)m * sizeof(double));
    double buf2[64];
    if (((h1_ref(x, 0)) < -0.18)) {
        if (((u[n / 2]) < 0.26)) {
            #pragma pargrad map
            for (int i3 = 1; i3 < n - 1; i3++) {
                #pragma pargrad map
                for (int j4 = 0; j4 < m; j4++) {
                    double v5 = atan((double)expm1(0.5 * sin(tan(0.7 * tanh((u[i3 * m + j4])))))) * 0.5;
                    u[i3 * m + j4] = tanh(log(1.0 + (double)cos(v5) * (double)cos(v5)));
                }
                tm1[i3] = (x[(i3 + 1) % n]);
            }
        } else {
            double f6 = (double)(0.42);
        }
    } else {
        double v7 = (u[n - 1]);
    }
    for (int t8 = 0; t8 < 4; t8 += 1) {
        #pragma pargrad map
        for (int i9 = 1; i9 <= n - 1 - 1; i9++) {
            buf2[i9] = 0.5 * u[i9] + 0.25 * (u[i9 - 1] + u[i9 + 1]) * tanh((u[i9 + 1]));
        }
        #pragma pargrad map
        for (int i10 = 1; i10 < n - 1; i10 += 1) {
            u[i10] = buf2[i10];
        }
    }
    free(tm1);
    return (h1_ref(x, 0));
}

static double call_f_ref(struct drv *d) {
    return f_ref(N, M, d->x, d->u);
}

static double call_f(struct drv *d) {
    return f(N, M, d->x, d->u);
}

static double call_f_b(struct drv *d, double seed) {
    return f_b(N, M, d->x, d->x_b, d->u, d->u_b, seed);
}

int main(void) {
    static const struct drv_spec spec = {
        .n = N, .m = M, .seed = 40u,
        .has_w = 0, .w_wrt = 0, .has_a = 0, .a_wrt = 0,
        .has_p = 0, .p_wrt = 0, .has_u = 1, .has_y = 0, .has_ret = 1,
        .uses_float = 1,
        .primal = call_f, .reference = call_f_ref, .gradient = call_f_b,
    };
    return drv_main(&spec);
}
