/* the check driver of pargrad_gen 27 (see driver.h) */
#include "driver.h"

enum { N = 4, M = 2 };

double f(int n, int m, const double *x, const double *w, double p, double *u);
double f_b(int n, int m, const double *x, double *x_b, const double *w, double *w_b, double p, double *p_b, double *u, double *u_b, double f_b_seed);

static double f_ref(int n, int m, const double *x, const double *w, double p, double *u) {
    double *tm1 = malloc((size_t)n * (size_t)m * sizeof(double));
    #pragma pargrad map
    for (int i2 = 0; i2 < n; i2++) {
        double s3 = 1.0e3;
        #pragma pargrad reduce(min : s3)
        for (int j4 = 0; j4 < m; j4++) {
            double v5 = (cos(exp(-u[i2] * u[i2])) / (1.0 + fmax((w[(i2 + 1) % n * m + m - 1 - j4]), (w[(i2 + 1) % n * m + m - 1 - j4]) - 0.25) * fmax((w[(i2 + 1) % n * m + m - 1 - j4]), (w[(i2 + 1) % n * m + m - 1 - j4]) - 0.25)));
            double v6 = exp(tanh((double)log1p(tanh(v5) * tanh(v5))));
            s3 = fmin(s3, (((v6 > 0.27) ? cos(((-1.26) - p)) : ((-1.41) * pow(1.0 + (w[i2 * m + m - 1]) * (w[i2 * m + m - 1]), 0.5 + 0.3 * sin(v6))))));
        }
        double f7 = (double)(tan(0.7 * tanh(w[i2])));
        if ((sin((((0.25 * i2) - f7) * (x[0] + (-1.38)))) < -0.35)) {
            #pragma pargrad map
            for (int j8 = 0; j8 < m; j8++) {
                double v9 = sqrt(1.0 + (double)(exp(tanh((double)pow(1.5 + cos(0.03), 1.5))) * exp(tanh((double)pow(1.5 + cos(0.03), 1.5)))));
                tm1[i2 * m + j8] = atan(exp(-tanh(s3) * tanh(s3)));
            }
        } else {
            double s10 = 1.0;
            #pragma pargrad reduce(* : s10)
            for (int j11 = 0; j11 < m; j11++) {
                s10 = s10 * (1.0 + 0.2 * tanh(sqrt(1.0 + (double)(fmin((x[(i2 + 1) % n]), fabs(f7) + 0.25) * fmin((x[(i2 + 1) % n]), fabs(f7) + 0.25)))));
            }
        }
        u[i2] = ((-0.03) + (w[n - 1]));
    }
    double v12 = (log(2.0 + sin((x[0] - (-0.72)))) + atan((double)cos(p)) * 0.5);
    if ((log1p(v12 * v12) < -0.01)) {
        for (int t13 = 0; t13 < 4; t13++) {
            if ((v12 > 0.30)) {
                double v14 = sin((sqrt(1.0 + (double)(pow(1.5 + cos(u[0]), 1.5) * pow(1.5 + cos(u[0]), 1.5))) * (((x[n - 1]) / (1.0 + (w[n - 1]) * (w[n - 1]))) - cbrt(2.0 + sin(x[0])))));
            } else {
                double s15 = 1.0e3;
                #pragma pargrad reduce(min : s15)
                for (int i16 = 0; i16 < n; i16 += 1) {
                    if (erf((p + atan((double)w[0]) * 0.5)) < s15) s15 = erf((p + atan((double)w[0]) * 0.5));
                }
            }
            double v17 = ((double)tanh(cos(p)));
            if (((0.25 * t13) < 0.35))
                break;
        }
        #pragma pargrad map
        for (int i18 = 0; i18 <= n - 1; i18++) {
            u[i18] = u[i18] * atan((0.25 * i18));
        }
    } else {
        v12 += (w[n / 2]);
        double v19 = log1p(w[0] * w[0]);
    }
    #pragma pargrad map
    for (int i20 = 0; i20 < n; ++i20) {
        double la21[3] = {erf((0.5 * p)), (-0.39 * pow(1.5 + cos(u[i20]), 1.5) + 0.63), p};
        #pragma pargrad map
        for (int j22 = 0; j22 < m; j22++) {
            tm1[i20 * m + j22] = la21[0];
        }
        u[i20] = sin(u[i20]) + expm1(0.5 * sin(cos(pow(1.5 + cos(v12), 1.5))));
    }
    free(tm1);
    return w[0];
}

static double call_f_ref(struct drv *d) {
    return f_ref(N, M, d->x, d->w, d->p, d->u);
}

static double call_f(struct drv *d) {
    return f(N, M, d->x, d->w, d->p, d->u);
}

static double call_f_b(struct drv *d, double seed) {
    return f_b(N, M, d->x, d->x_b, d->w, d->w_b, d->p, &d->p_b, d->u, d->u_b, seed);
}

int main(void) {
    static const struct drv_spec spec = {
        .n = N, .m = M, .seed = 27u,
        .has_w = 1, .w_wrt = 1, .has_a = 0, .a_wrt = 0,
        .has_p = 1, .p_wrt = 1, .has_u = 1, .has_y = 0, .has_ret = 1,
        .uses_float = 1,
        .primal = call_f, .reference = call_f_ref, .gradient = call_f_b,
    };
    return drv_main(&spec);
}
