/* random seed 47034: internal error (a carried sum read in its iteration was dropped) before the fix (see findings.list) */
/* pargrad_gen 47034 */
#include <math.h>
#include <stdint.h>
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>

#define RG_SQ(a) ((a) * (a))
#define RG_LERP(a, b, t) ((a) + ((b) - (a)) * (t))
#define RG_MIN(a, b) ((a) < (b) ? (a) : (b))
#define RG_MAX(a, b) ((a) > (b) ? (a) : (b))

static double *rg_new_vec(int k) {
    return (double *)malloc(sizeof(double) * (size_t)k);
}

static void rg_blend(double *dst, double v) {
    *dst = 0.5 * *dst + 0.25 * tanh(v);
}

static double rg_grid(int n, int m, const double g[n][m], int i) {
    double s = 0.0;
    if (i >= n)
        return 0.0;
    for (int j = 0; j < m; j++)
        s += g[i][j] * (0.5 + 0.1 * j);
    return s / m;
}

static double rg_rowdot(int m, const double *r) {
    double s = 0.0;
    for (int j = 0; j < m; j++)
        s += r[j] * (0.3 + 0.1 * j);
    return s / m;
}

static double rg_lse(double a, double b) {
    double m = a > b ? a : b;
    if (m == -INFINITY)
        return m;
    return m + log(exp(a - m) + exp(b - m));
}

static double rg_lsub(double z, double b) {
    return z + log1p(-exp(b - z));
}

typedef struct {
    double a, b;
} rg_pr;

static rg_pr rg_prc(rg_pr u, rg_pr v) {
    return (rg_pr){u.a + v.a + u.b * v.b, u.b + v.b};
}

#pragma pargrad declare op(rg_lse_op, double, rg_lse, -INFINITY) \
    commutative inverse(rg_lsub)
#pragma pargrad declare op(rg_pr_op, rg_pr, rg_prc, {0.0, 0.0}) commutative

double f(int n, int m, const double *x, const double *w, const double a[n][m], const double **rt, double *y) {
    double *tm1 = rg_new_vec(n * m);
    double vb2[n * m];
    int t3, t11, i13, i14, j29, i34, i41, j45;
    for (t3 = 0; t3 < 2; t3++) {
        double c4 = 0.0;
        #pragma pargrad scan(rg_lse_op : c4)
        for (int i5 = 0; i5 < n; i5++) {
            double r6 = ((float)0.96);
            rg_blend(&r6, (-1.44 * (float)0.1 + (x[(i5 * 5 + 3) & (n - 1)])));
            if (i5 == 0)
                assert(fabs(cbrt(2.0 + sin((x[(i5 ^ 1) % n])))) < 1.0e6);
            double v7 = exp(tanh(((float)erf(r6))));
            if ((m < 3)) {
                c4 = rg_lse(fmin(((((0.25 * i5) > 0.195) ? (a[t3 % n][m - 1]) : ((rt[(i5 + 1) % n][0]) - v7))), fabs(pow(1.5 + cos((0.25 * i5)), 1.5)) + 0.25), c4);
            }
            tm1[i5] = c4 * (tanh((RG_SQ(exp(tanh((0.25 * i5)))) - ((-0.09) + v7))));
        }
        fflush(stdout);
        for (int t8 = 0; t8 < n; t8++) {
            if (((sin((x[t3 % n])) + tanh(c4)) > -0.005)) {
                double la9[3];
                for (int t10 = 0; t10 < 3; t10++)
                    la9[t10] = (t10 == 1 ? (pow(1.0 + atan(c4) * atan(c4), 0.5 + 0.3 * sin(tanh(c4))) * (x[2 * (t3 % n) + 1])) : (a[(t8 ^ 1) % n][0])) * (0.5 + 0.25 * t10);
            } else {
                c4 = 0.5 * c4 + 0.5 * tanh((c4 / (1.0 + c4 * c4)));
            }
            for (t11 = m - 1; t11 >= 0; t11--) {
                double c12 = 1.0;
                #pragma pargrad scan(* : c12)
                for (i13 = n - 1; i13 > 0 - 1; --i13) {
                    if (i13 == 0)
                        fprintf(stderr, "f: n = %d, e = %.3f\n", n, log(1.0 + pow(1.5 + cos((rt[n - 1 - i13][t11])), 1.5) * pow(1.5 + cos((rt[n - 1 - i13][t11])), 1.5)));
                    c12 = c12 * (1.0 + 0.2 * tanh(sin(c4)));
                    y[i13] = sin(c12) + hypot((rt[(i13 ^ 1) % n][t11]), 0.5 + erf(1.17) * erf(1.17));
                }
            }
            if (((sin(c4) + (0.25 * t3)) < -0.395))
                continue;
            c4 = 0.5 * c4 + 0.5 * tanh(w[0]);
            #pragma pargrad map
            for (i14 = 1; i14 - 1 < n - 1 - 1; ++i14) {
                double wv15 = fabs((rg_grid(n, m, a, t3 % n)));
                int wk16;
                for (wk16 = 0; wk16 * wk16 < 4 + (n + t8) % 5 && wv15 < 1.0e6; wk16++) {
                    wv15 = 0.5 * wv15 + 0.25 * tanh(exp(tanh((RG_MIN((x[(i14 + 1) % n]), (x[n - 1]) + 0.25)))) + 0.1 * wk16);
                }
                vb2[i14] = log(1.0 + tanh((RG_LERP(fabs((rt[0][m - 1])), hypot(0.33, 0.5 + tm1[0] * tm1[0]), 0.25))) * tanh((RG_LERP(fabs((rt[0][m - 1])), hypot(0.33, 0.5 + tm1[0] * tm1[0]), 0.25))));
                for (int a17 = 0; a17 < 3; a17++)
                    vb2[i14] += (a17 + 1) * (((w[n - 1 - i14]) - (0.1 * t11)) / (1.0 + hypot(1.26, 0.5 + (rg_grid(n, m, a, i14 + 1)) * (rg_grid(n, m, a, i14 + 1))) * hypot(1.26, 0.5 + (rg_grid(n, m, a, i14 + 1)) * (rg_grid(n, m, a, i14 + 1)))));
            }
            if ((t3 % 2 == 0)) {
                vb2[0] = ((0.1 * t11) + sin(c4));
            } else {
                vb2[0] = 0.06;
            }
            double *pv18 = vb2 + (n - 1);
            pv18[0] = ((atanf((float)(0.1 * t11)) * 0.5f * w[t8]) + ((x[t3 % n]) - (((1u << 4) * 0.05) + 0.54)));
            if (((RG_SQ(vb2[t8]) - sin(c4)) < -0.205))
                break;
        }
        for (int t19 = 3 - 1; t19 >= 0; t19--) {
            #pragma pargrad map
            for (int i20 = 1; i20 - 1 < n - 1 - 1; ++i20) {
                vb2[i20] = 0.5 * tm1[i20] + 0.25 * (tm1[i20 - 1] + tm1[i20 + 1]) * tanh((((t19 < n / 2) ? ((((tm1[(i20 ^ 1) % n]) < -0.405) ? sin(c4) : atan(c4))) : exp(tanh((tm1[(i20 * 5 + 3) & (n - 1)]))))));
            }
            #pragma pargrad map
            for (int i21 = n - 1 - 1; i21 >= 1; i21 -= 1) {
                tm1[i21] = vb2[i21];
            }
        }
        double *pc23 = tm1, *pn24 = vb2, *ps25;
        for (i13 = 4 - 1; i13 >= 0; i13 -= 1) {
            #pragma pargrad map
            for (int i22 = 1; n - 1 > i22; i22++) {
                pn24[i22] = 0.5 * pc23[i22] + 0.25 * (pc23[i22 - 1] + pc23[i22 + 1]) * tanh(exp(tanh(((rt[(i22 ^ 1) % n][0]) + (0.25 * i22)))));
            }
            pn24[0] = pc23[0];
            pn24[n - 1] = pc23[n - 1];
            ps25 = pc23;
            pc23 = pn24;
            pn24 = ps25;
        }
        #pragma pargrad map
        for (i14 = 0; n > i14; i14++) {
            tm1[i14] = pc23[i14];
        }
        if (((0.1 * i14) < 0.075))
            continue;
        for (int t26 = 0; t26 < 3; t26++) {
            c4 = 0.5 * c4 + 0.5 * tanh(((0.25 * t26) * tan(0.7 * tanh((w[t26 % n])))));
            #pragma pargrad map
            for (int i27 = n - 1 - 1; i27 >= 1; i27--) {
                double s28 = -1.0e3;
                #pragma pargrad reduce(max : s28)
                for (j29 = 0; j29 < m; j29 = j29 + 1) {
                    double v30 = (cos(fmin(sin(c4), (0.1 * i14) + 0.25)) + sqrt(0.5 + log(1.0 + (w[(0) * m + j29]) * (w[(0) * m + j29])) * log(1.0 + (w[(0) * m + j29]) * (w[(0) * m + j29]))));
                    s28 = RG_MAX(sin(c4), s28);
                }
                const double a31 = 0.5 * ((exp(tanh(fmax(((*(tm1 + (i27)))), (w[2 * (i27 - 1) + 0]) - 0.25))) + tanh(((s28 / (1.0 + s28 * s28)) / (1.0 + (0.1 * i13) * (0.1 * i13)))))) + x[(i27) * m];
                double s32 = 0.0;
                for (int j33 = 0; j33 < m; j33++)
                    s32 += a31 * x[(i27) * m + j33];
                tm1[i27] = s32;
            }
        }
        c4 += (a[n / 2][0]);
    }
    #pragma pargrad map
    for (i34 = 0; i34 <= n - 1; i34++) {
        double s35 = 0.0;
        for (int k36 = 0; k36 < n; k36++) {
            const double a38 = ((w[(i34 + 1) % n])) * (0.5 + 0.125 * k36);
            double r39 = 0.0;
            for (int j37 = 0; j37 < m; j37++)
                r39 += x[k36 * m + j37];
            s35 += 0.02 * a38 * r39;
        }
        tm1[i34] = s35;
    }
    for (int t40 = 3 - 1; t40 >= 0; t40--) {
        fprintf(stderr, "f: n = %d, e = %.3f\n", n, (rg_rowdot(m, rt[0])));
        y[0] = fmax((0.1 * t3), ((((0.1 * t3) > 0.235) ? logf(1.0f + (float)(0.25 * t40) * (float)(0.25 * t40)) : sqrtf(1.0f + (float)(0.06 * 0.06)))) - 0.25);
        #pragma pargrad scan(affine : y)
        for (i41 = 1; i41 < n; i41++) {
            double s42 = 1.0;
            #pragma pargrad reduce(* : s42)
            for (int j43 = m - 1; j43 >= 0; j43--) {
                if ((j43 < n / 2)) {
                    s42 = s42 * (1.0 + 0.2 * tanh(((double)t40 / n)));
                }
            }
            if (((sqrtf(1.0f + (float)((-1.14) * (-1.14))) - (x[2 * (n - 1) + 0])) > 0.085)) {
                double s44 = -1.0e3;
                #pragma pargrad reduce(max : s44)
                for (j45 = 0; j45 - 1 < m - 1; ++j45) {
                    if (((0.1 * t3) > 0.205))
                        continue;
                    if ((((w[2 * (t40 % n) + 1]) + (tm1[(i41 + 1) % n])) > 0.155)) {
                        s44 = (s44 > (RG_LERP(sin((hypot((0.1 * t3), 0.5 + ((double)(1ULL << 40) * 1.0e-12) * ((double)(1ULL << 40) * 1.0e-12)) + (s42 * (0.1 * i34)))), log1p(cos((tm1[t40 % n])) * cos((tm1[t40 % n]))), 0.25))) ? s44 : (RG_LERP(sin((hypot((0.1 * t3), 0.5 + ((double)(1ULL << 40) * 1.0e-12) * ((double)(1ULL << 40) * 1.0e-12)) + (s42 * (0.1 * i34)))), log1p(cos((tm1[t40 % n])) * cos((tm1[t40 % n]))), 0.25));
                    }
                }
            }
            y[i41] = (0.5 + 0.4 * tanh((0.1 * i34))) * y[i41 - 1] + ((-0.39 * (((double)i41 / n) + (rg_rowdot(m, rt[i41]))) + (0.1 * i34)));
        }
        for (int t46 = 0; t46 < 3; t46++) {
            #pragma pargrad map
            for (j45 = 1; j45 < n - 1; j45++) {
                vb2[j45] = 0.5 * y[j45] + 0.25 * (y[j45 - 1] + y[j45 + 1]) * tanh(sqrt(1.0 + (((m < 3) ? 0.03 : (0.1 * i41))) * (((m < 3) ? 0.03 : (0.1 * i41)))));
            }
            #pragma pargrad map
            for (int i47 = 1; i47 < n - 1; i47++) {
                y[i47] = vb2[i47];
            }
        }
        for (j45 = 0; j45 < 2; j45++) {
            #pragma pargrad map
            for (int i48 = n - 1 - 1; i48 > 1 - 1; --i48) {
                vb2[i48] = 0.5 * tm1[i48] + 0.25 * (tm1[i48 - 1] + tm1[i48 + 1]) * tanh((0.78 * logf(1.0f + (float)(0.1 * i41) * (float)(0.1 * i41)) + (0.5 * (0.1 * i41))));
            }
            #pragma pargrad map
            for (int i49 = n - 1 - 1; i49 >= 1; i49--) {
                tm1[i49] = vb2[i49];
            }
        }
        rg_pr c50 = {0.0, 0.0};
        #pragma pargrad scan(c50)
        for (j45 = 0; j45 < n; j45++) {
            double v51 = (RG_MIN(((double)t40 / n), fabs(((0.25 * j45) - (x[t40 % n]))) + 0.25));
            double T53 = 1.30, dt54 = 0.40;
            for (int t52 = 0; t52 <= T53 / dt54; t52++) {
                double s55 = 1.0;
                #pragma pargrad reduce(* : s55)
                for (int j56 = 0; j56 < m; j56++) {
                    double wv57 = exp(-(-1.02 * (-0.72 * dt54 + (0.1 * i34)) + log1p((a[t52 % n][j56]) * (a[t52 % n][j56]))) * (-1.02 * (-0.72 * dt54 + (0.1 * i34)) + log1p((a[t52 % n][j56]) * (a[t52 % n][j56]))));
                    int wk58;
                    for (wk58 = 0; wk58 * wk58 < 4 + (n + t52) % 5 && wv57 < 1.0e6; wk58++) {
                        wv57 = 0.5 * wv57 + 0.25 * tanh(((double)j45 / n) + 0.1 * wk58);
                    }
                    if ((v51 < -0.275))
                        continue;
                    s55 *= 1.0 + 0.2 * tanh(y[0]);
                }
                if (((y[n - 1]) < 0.095))
                    continue;
                double s59 = 0.0;
                #pragma pargrad reduce(+ : s59)
                for (int j60 = 0; j60 < m; j60++) {
                    float f61 = (float)(((RG_SQ(((0.25 * t40) + (rt[j45][m - 1 - j60]))) - tan(0.7 * tanh(T53))) / (1.0 + (RG_SQ(((0.25 * t40) + (rt[j45][m - 1 - j60]))) - tan(0.7 * tanh(T53))) * (RG_SQ(((0.25 * t40) + (rt[j45][m - 1 - j60]))) - tan(0.7 * tanh(T53))))));
                    s59 += y[0];
                }
            }
            if ((tan(0.7 * tanh(exp(-(rt[j45][m - 1]) * (rt[j45][m - 1])))) > 0.415)) {
                double v62 = log(2.0 + sin(v51));
                double v63 = v62 > 0.5 ? v62 / (double)(int)(2.0 * v62) : 0.5 * v62;
            } else {
                double s64 = 0.5 * x[0];
                #pragma pargrad reduce(+ : s64)
                for (int j65 = 0; j65 < m; j65++) {
                    s64 += exp(-erf(((rt[n - 1][m - 1 - j65]) * (w[n - 1 - j45]))) * erf(((rt[n - 1][m - 1 - j65]) * (w[n - 1 - j45]))));
                }
                v51 = (expm1(0.5 * sin((tm1[(j45 * 5 + 3) & (n - 1)]))) * (1.0 + 0.1 * ceil(expm1(0.5 * sin((tm1[(j45 * 5 + 3) & (n - 1)])))) - 0.1 * trunc(expm1(0.5 * sin((tm1[(j45 * 5 + 3) & (n - 1)]))))));
            }
            vb2[j45] = tanh(c50.a) * (erf((RG_MIN(v51, (0.1 * i34) + 0.25))));
            c50 = rg_prc((rg_pr){0.2 * tanh((tm1[n - 1])), 0.5 + 0.25 * sin((tm1[n - 1]))}, c50);
        }
        double v66 = tanh(c50.a) + 0.1 * c50.b;
    }
    double *pc70 = tm1, *pn71 = vb2, *ps72;
    for (int t67 = 0; t67 < 1; t67++) {
        #pragma pargrad map
        for (int i68 = n - 1 - 1; i68 >= 1; i68--) {
            pn71[i68] = 0.5 * pc70[i68] + 0.25 * (pc70[i68 - 1] + pc70[i68 + 1]) * tanh((pow(1.5 + cos((0.1 * t3)), 1.5) + rt[i68][0]));
        }
        pn71[0] = pc70[0];
        pn71[n - 1] = pc70[n - 1];
        ps72 = pc70;
        pc70 = pn71;
        pn71 = ps72;
    }
    #pragma pargrad map
    for (int i69 = 0; i69 < n; i69++) {
        tm1[i69] = pc70[i69];
    }
    int k73 = (n * 2 + 3) % 5;
    #pragma pargrad scatter
    for (int i74 = n - 1; i74 >= 0; i74--) {
        double v75 = sqrt(0.5 + atanf((float)(((double)i74 / n) + (0.1 * k73))) * 0.5f * atanf((float)(((double)i74 / n) + (0.1 * k73))) * 0.5f);
        double v76 = v75 > 0.5 ? v75 / (double)(int)(2.0 * v75) : 0.5 * v75;
        const double a77 = 0.5 * (atanf((float)cbrt(2.0 + sin(hypot(0.93, 0.5 + v76 * v76)))) * 0.5f) + x[((i74 + 3) % n) * m];
        double s78 = 0.0;
        for (int j79 = 0; j79 < m; j79++)
            s78 += a77 * x[((i74 + 3) % n) * m + j79] * x[((i74 + 3) % n) * m + j79];
        y[(i74 + 3) % n] = tanh(s78) + 0.5 * a77;
    }
    double ret = (-1.32 * (((double)(uint64_t)1.0e10 * 1.0e-10) + (0.1 * t3)) + fabs(((0.1 * t3) * x[0])));
    free(tm1);
    return ret;
}

#pragma pargrad reverse(f) wrt(x, w, a, rt) out(y, return)
