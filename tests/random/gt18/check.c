/* the check driver of pargrad_gen 18 (see driver.h) */
#include "driver.h"

enum { N = 4, M = 1 };

double f(int n, int m, const double *x, const double *w, const double a[n][m], double *y);
double f_b(int n, int m, const double *x, double *x_b, const double *w, double *w_b, const double a[n][m], double a_b[n][m], double *y, double *y_b, double f_b_seed);

static double h1_ref(double a, double b) {
    if (((((a < -0.06) ? b : a)) < 0.25))
        return (((a < 0.17) ? a : fmax(b, 0.11 - 0.25)));
    double la1[3] = {0.94, (((b > -0.42) ? a : (b / (1.0 + a * a)))), b};
    if ((b > 0.18))
        return sin((0.81 * (la1[1] + b) + pow(1.5 + cos(b), 1.5)));
    return la1[1];
}
static double h2_ref(const double *v, int k) {
    return v[k];
}
static double f_ref(int n, int m, const double *x, const double *w, const double a[n][m], double *y) {
    double v2 = fmin((cos((w[n - 1])) * (x[0] + (x[n / 2]))), (((n > 3) ? 1.29 : pow(1.5 + cos(0.03), 1.5))) + 0.25);
    double s3 = 0.0;
    #pragma pargrad reduce(+ : s3)
    for (int i4 = 0; i4 < n; i4++) {
        double v5 = fmin((0.5 * v2), ((x[(i4 + 1) % n]) * tan(0.7 * tanh(v2))) + 0.25);
        s3 = s3 + (exp(tanh((double)atan((double)((double)i4 / n)) * 0.5)) + (w[n - 1]));
    }
    #pragma pargrad map
    for (int i6 = 0; i6 < n; i6 += 1) {
        double s7 = 1.0;
        #pragma pargrad reduce(* : s7)
        for (int j8 = 0; j8 < m; j8++) {
            double f9 = (double)((w[n - 1]));
            s7 = s7 * (1.0 + 0.2 * tanh((v2 + ((double)i6 / n))));
        }
        y[i6] = ((double)i6 / n);
    }
    return sin(((y[n - 1]) + s3));
}

static double call_f_ref(struct drv *d) {
    return f_ref(N, M, d->x, d->w, (const double(*)[M])d->a, d->y);
}

static double call_f(struct drv *d) {
    return f(N, M, d->x, d->w, (const double(*)[M])d->a, d->y);
}

static double call_f_b(struct drv *d, double seed) {
    return f_b(N, M, d->x, d->x_b, d->w, d->w_b, (const double(*)[M])d->a, (double(*)[M])d->a_b, d->y, d->y_b, seed);
}

int main(void) {
    static const struct drv_spec spec = {
        .n = N, .m = M, .seed = 18u,
        .has_w = 1, .w_wrt = 1, .has_a = 1, .a_wrt = 1,
        .has_p = 0, .p_wrt = 0, .has_u = 0, .has_y = 1, .has_ret = 1,
        .uses_float = 1,
        .primal = call_f, .reference = call_f_ref, .gradient = call_f_b,
    };
    return drv_main(&spec);
}
