/* the check driver of pargrad_gen 46 (see driver.h) */
#include "driver.h"

enum { N = 8, M = 4 };

double f(int n, int m, const double *x, const double *w, double p, double *u, double *y);
double f_b(int n, int m, const double *x, double *x_b, const double *w, double p, double *p_b, double *u, double *u_b, double *y, double *y_b, double f_b_seed);

static double h1_ref(const double *v, int k) {
    return log(2.0 + sin((((v[k] < -0.02) ? v[k] : (v[k] + v[k])))));
}
static double f_ref(int n, int m, const double *x, const double *w, double p, double *u, double *y) {
    double *tm1 = malloc((size_t)n * (size_t)m * sizeof(double));
    double *tm2 = malloc((size_t)n * (size_t)m * sizeof(double));
    if (((h1_ref(x, n / 2)) < 0.50)) {
        double la3[3] = {expm1(0.5 * sin((u[n - 1]))), cos(((-1.26) - p)), ((-1.41) * expm1(0.5 * sin((w[n - 1]))))};
    } else {
        double s4 = -1.0e3;
        #pragma pargrad reduce(max : s4)
        for (int i5 = 0; i5 < n; i5++) {
            double s6 = -1.0e3;
            #pragma pargrad reduce(max : s6)
            for (int j7 = 0; j7 < m; j7++) {
                double la8[3] = {log(1.0 + (double)(u[i5] / (1.0 + p * p)) * (double)(u[i5] / (1.0 + p * p))), sin(expm1(0.5 * sin((w[(i5 + 1) % n])))), u[i5]};
                if ((0.5 * (sin((la8[i5 % 3])) / (1.0 + p * p))) > s6) s6 = (0.5 * (sin((la8[i5 % 3])) / (1.0 + p * p)));
            }
            if (p > s4) s4 = p;
        }
    }
    if ((((0.00 * u[0] + p) - (h1_ref(x, 0))) > 0.02)) {
        #pragma pargrad map
        for (int i9 = 1; i9 <= n - 1 - 1; i9++) {
            u[i9] = sin(u[i9]) + sin((double)(hypot(hypot(0.54, 0.5 + (-1.14) * (-1.14)), 0.5 + (-0.03) * (-0.03)) / (1.0 + hypot(hypot(0.54, 0.5 + (-1.14) * (-1.14)), 0.5 + (-0.03) * (-0.03)) * hypot(hypot(0.54, 0.5 + (-1.14) * (-1.14)), 0.5 + (-0.03) * (-0.03)))));
        }
    }
    #pragma pargrad map
    for (int i10 = 1; i10 < n - 1; i10++) {
        double la11[3] = {(x[i10] / (1.0 + (u[0] - p) * (u[0] - p))), (w[(i10 + 1) % n]), (-0.03)};
        y[i10] = (((la11[i10 % 3]) - la11[1]) / (1.0 + la11[1] * la11[1]));
    }
    free(tm1);
    free(tm2);
    return sqrt(1.0 + (double)(pow(1.5 + cos(u[0]), 1.5) * pow(1.5 + cos(u[0]), 1.5)));
}

static double call_f_ref(struct drv *d) {
    return f_ref(N, M, d->x, d->w, d->p, d->u, d->y);
}

static double call_f(struct drv *d) {
    return f(N, M, d->x, d->w, d->p, d->u, d->y);
}

static double call_f_b(struct drv *d, double seed) {
    return f_b(N, M, d->x, d->x_b, d->w, d->p, &d->p_b, d->u, d->u_b, d->y, d->y_b, seed);
}

int main(void) {
    static const struct drv_spec spec = {
        .n = N, .m = M, .seed = 46u,
        .has_w = 1, .w_wrt = 0, .has_a = 0, .a_wrt = 0,
        .has_p = 1, .p_wrt = 1, .has_u = 1, .has_y = 1, .has_ret = 1,
        .uses_float = 1,
        .primal = call_f, .reference = call_f_ref, .gradient = call_f_b,
    };
    return drv_main(&spec);
}
