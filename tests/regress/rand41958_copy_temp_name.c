/* random seed 41958: uncompilable (a user's t17 met a kept temporary's name) before the fix (see findings.list) */
/* pargrad_gen 41958 */
#include <math.h>
#include <stdint.h>
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>

#define fp double

static const double ctab4[5] = {-0.50, 0.08, -0.34, 0.80, -0.92};
static const double cs5 = -0.08;

#define RG_SQ(a) ((a) * (a))
#define RG_LERP(a, b, t) ((a) + ((b) - (a)) * (t))
#define RG_MIN(a, b) ((a) < (b) ? (a) : (b))
#define RG_MAX(a, b) ((a) > (b) ? (a) : (b))

static fp h1(const fp *v, int k) {
    return ((&v[k])[0] * (((0.98 < -0.435) ? (-0.75 * ((7 % 3) * 0.5) + ((*(v + (k))))) : (0.83 + 1.38))));
}
double f(int n, int m, const fp *x, fp *u, fp *y) {
    fp *tm1 = malloc((size_t)n * (size_t)m * sizeof(fp));
    double *tm2 = malloc((size_t)n * (size_t)m * sizeof(double));
    double vb3[n * m];
    int i7, i14, t17, j18;
    fp pt21;
    double s6 = 1.0;
    #pragma pargrad reduce(* : s6)
    for (i7 = 0; i7 < n; i7++) {
        s6 *= 1.0 + 0.2 * tanh((u[n - 1]));
    }
    float f8 = (float)((*u));
    for (i7 = 0; i7 < 4; i7++) {
        double wa11[4] = {0};
        int wk10;
        for (wk10 = 0; wk10 < 4 && wk10 < n; wk10++)
            wa11[wk10] = 0.5 * wa11[(wk10 + 3) % 4] + 0.25 * tanh(logf(1.0f + (float)fmax((0.25 * i7), (-1.29) - 0.25) * (float)fmax((0.25 * i7), (-1.29) - 0.25)) + 0.1 * wk10);
        for (int g12 = 0; g12 < n + 2; g12++) {
            int gk13 = (g12 * 5 + i7) % 7;
            if (gk13 < 4)
                wa11[gk13] = 0.5 * wa11[gk13] + 0.25 * tanh(logf(1.0f + (float)fmax((0.25 * i7), (-1.29) - 0.25) * (float)fmax((0.25 * i7), (-1.29) - 0.25)) - 0.1 * g12);
        }
        double wv9 = 0.5 * ((u[n / 2]) + (h1(x, n / 2))) + wa11[0] + wa11[wk10 % 4];
        wv9 = (log(2.0 + sin(x[0])) - pow(1.0 + (u[n / 2]) * (u[n / 2]), 0.5 + 0.3 * sin((x[2 * (n - 1) + 1]))));
        #pragma pargrad histogram(+ : u)
        for (i14 = 0; i14 != n; i14++) {
            if ((((cs5 + ctab4[3]) * (h1(x, i7 % n))) < 0.025)) {
                double wv15 = tanh((sqrt(1.0 + ((double)i14 / n) * ((double)i14 / n)) * (s6 / (1.0 + (-0.99 * (wv9 / (1.0 + wv9 * wv9)) + (-0.63)) * (-0.99 * (wv9 / (1.0 + wv9 * wv9)) + (-0.63))))));
                int wk16;
                for (wk16 = 0; wk16 * wk16 < 4 + (n + i7) % 5 && wv15 < 1.0e6; wk16++) {
                    wv15 = 0.5 * wv15 + 0.25 * tanh(atanf((float)(f8 / (1.0 + (x[(i14 * 5 + 3) & (n - 1)]) * (x[(i14 * 5 + 3) & (n - 1)])))) * 0.5f + 0.1 * wk16);
                    if (wk16 > n + 1)
                        break;
                }
            }
            for (t17 = 0; t17 <= m / 1.5; t17 += 1) {
                #pragma pargrad map
                for (j18 = 0; j18 < m; j18++) {
                    double v19 = tanh(hypot(s6, 0.5 + cos(((x[(0) * m + m - 1 - j18]) / (1.0 + (x[(n - 1) * m + j18]) * (x[(n - 1) * m + j18])))) * cos(((x[(0) * m + m - 1 - j18]) / (1.0 + (x[(n - 1) * m + j18]) * (x[(n - 1) * m + j18]))))));
                    tm1[i14 * m + j18] = (fmin(((double)i7 / n), (tanh(wv9) - 0.51) + 0.25) + (x[(n - 1) * m + j18]));
                }
                if ((i7 % 2 == 0)) {
                    int k20 = (i14 * 3 + 1) % 5;
                }
                if ((((0.25 * i7) * x[i14]) > -0.055))
                    break;
            }
            u[(i14 * 7 + 0) % n] += x[0];
        }
    }
    #pragma pargrad map
    for (i14 = 0; i14 < n; i14++) {
        pt21 = (log1p((u[n - 1 - i14]) * (u[n - 1 - i14])) - (1.35 * (0.1 * i7)));
        float f22 = (float)((expm1(0.5 * sin(((double)i14 / n))) * sin((x[n - 1]))));
        if (((0.90 * (x[2 * (i14) + 0]) + (u[(i14 + 1) % n])) < 0.135)) {
            y[i14] = (u[0] + pt21);
        } else {
            y[i14] = ((((0.1 * i7) > -0.365) ? ((double)i14 / n) : ((double)i14 / n)));
        }
    }
    if ((log(1.0 + cs5 * cs5) > 0.285)) {
        fp s23 = 1.0e3;
        #pragma pargrad reduce(min : s23)
        for (t17 = 0; t17 < n; t17++) {
            double wv24 = hypot(u[0], 0.5 + (((t17 < n / 2) ? tan(0.7 * tanh((x[(t17 * 5 + 3) & (n - 1)]))) : y[0])) * (((t17 < n / 2) ? tan(0.7 * tanh((x[(t17 * 5 + 3) & (n - 1)]))) : y[0])));
            int wk25;
            for (wk25 = 0; wk25 * wk25 < 4 + (n + t17) % 5 && wv24 < 1.0e6; wk25++) {
                wv24 = 0.5 * wv24 + 0.25 * tanh(atan(((y[t17] + ((double)t17 / n)) * (u[n - 1 - t17]))) + 0.1 * wk25);
                if (wk25 > n + 1)
                    break;
            }
            s23 = fmin(s23, (RG_MIN(sqrt(0.5 + wv24 * wv24), log1p((ctab4[1] - (y[n - 1])) * (ctab4[1] - (y[n - 1]))) + 0.25)));
        }
        fflush(stdout);
        double ret = tanh(((sin((RG_SQ(fabs(logf(1.0f + (float)(*y) * (float)(*y)))) - tanh((0.1 * i7)))) + s23) + 0.1 * tanh(s23)));
        free(tm1);
        free(tm2);
        return ret;
    } else {
        double ret = fmax((((f8 < -0.285) ? tanh((s6 + cs5)) : fmin(0.93, f8 + 0.25))), (expf(tanhf((float)(u[n / 2]))) * tan(0.7 * tanh(cs5))) - 0.25);
        free(tm1);
        free(tm2);
        return ret;
    }
}

#pragma pargrad reverse(f) wrt(x, u) out(u, y, return)
