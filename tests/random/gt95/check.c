/* the check driver of pargrad_gen 95 (see driver.h) */
#include "driver.h"

enum { N = 6, M = 4 };

void f(int n, int m, const double *x, const double *w, double *u, double *y);
void f_b(int n, int m, const double *x, double *x_b, const double *w, double *w_b, double *u, double *u_b, double *y, double *y_b);

static double h1_ref(int len, const double *v, const double *q) {
    double s = 0.0;
    #pragma pargrad reduce(+ : s)
    for (int i = 0; i < len; i++) {
        s += ((-1.41) + (0.5 * q[i]));
    }
    return s;
}
static double h2_ref(const double *v, int k) {
    return v[k];
}
static void f_ref(int n, int m, const double *x, const double *w, double *u, double *y) {
    double *tm1 = malloc((size_t)n * (size_t)m * sizeof(double));
    for (int t2 = 0; t2 < 3; t2++) {
        double s3 = -1.0e3;
        #pragma pargrad reduce(max : s3)
        for (int i4 = 0; i4 < n; ++i4) {
            s3 = fmax(s3, (x[t2 % n]));
        }
        if ((t2 % 2 == 0))
            break;
    }
    if (((fmax((u[n - 1]), (w[n / 2]) - 0.25) / (1.0 + pow(1.5 + cos(w[0]), 1.5) * pow(1.5 + cos(w[0]), 1.5))) < -0.13)) {
        double f5 = (double)((((0.06 - 0.03) * (u[0] - w[0])) / (1.0 + ((0.06 - 0.03) * (u[0] - w[0])) * ((0.06 - 0.03) * (u[0] - w[0])))));
        #pragma pargrad map
        for (int i6 = 0; i6 <= n - 1; i6++) {
            y[i6] = atan((double)(0.5 * fabs(f5))) * 0.5;
        }
    } else {
        double v7 = (-0.03);
        #pragma pargrad map
        for (int i8 = 0; i8 < n; ++i8) {
            double v9 = (log(2.0 + sin((x[i8] - (-0.72)))) / (1.0 + atan((double)pow(1.5 + cos(v7), 1.5)) * 0.5 * atan((double)pow(1.5 + cos(v7), 1.5)) * 0.5));
            u[i8] = u[i8] * (0.25 * i8);
        }
    }
    double v10 = sin((double)u[0]);
    #pragma pargrad map
    for (int i11 = 0; i11 < n; i11++) {
        if (((sin((double)(x[n - 1 - i11])) + (0.25 * i11)) < 0.33)) {
            #pragma pargrad map
            for (int j12 = 0; j12 < m; j12++) {
                tm1[i11 * m + j12] = (v10 * exp(-((-1.02) * v10) * ((-1.02) * v10)));
            }
        } else {
            double v13 = atan((double)v10) * 0.5;
        }
        double v14 = atan((double)w[0]) * 0.5;
        y[i11] = cos(pow(1.0 + v10 * v10, 0.5 + 0.3 * sin(((double)v14))));
    }
    free(tm1);
}

static double call_f_ref(struct drv *d) {
    f_ref(N, M, d->x, d->w, d->u, d->y);
    return 0.0;
}

static double call_f(struct drv *d) {
    f(N, M, d->x, d->w, d->u, d->y);
    return 0.0;
}

static double call_f_b(struct drv *d, double seed) {
    f_b(N, M, d->x, d->x_b, d->w, d->w_b, d->u, d->u_b, d->y, d->y_b);
    (void)seed;
    return 0.0;
}

int main(void) {
    static const struct drv_spec spec = {
        .n = N, .m = M, .seed = 95u,
        .has_w = 1, .w_wrt = 1, .has_a = 0, .a_wrt = 0,
        .has_p = 0, .p_wrt = 0, .has_u = 1, .has_y = 1, .has_ret = 0,
        .uses_float = 1,
        .primal = call_f, .reference = call_f_ref, .gradient = call_f_b,
    };
    return drv_main(&spec);
}
