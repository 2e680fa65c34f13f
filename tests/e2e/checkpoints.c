/* Per-point scratch arrays in sequential loops inside parallel loops, as
 * feature and mixture codes write them. Where every iteration of such a
 * loop writes an array before reading it and reads only the values it
 * ends with, the return sweep pops those values from a checkpoint instead
 * of computing them again (rewrite/rev_kill.c, checkpoint_of); these check
 * the gradients where that applies (a row of a 2-D array, a stretch of a
 * longer VLA, beside carried scalars and logged writes, inside another
 * such loop) and where it must not (a value read before the array is
 * written again). */
#include <math.h>

/* a [3][4] table of features per point and layer, filled by a nest */
double ckpt_table(int n, const double *x) {
    double total = 0.0;
#pragma pargrad reduce(+ : total)
#pragma omp parallel for reduction(+ : total)
    for (int i = 0; i < n; i++) {
        double feat[3][4];
        double acc = 0.0;
        for (int layer = 0; layer < 3; layer++) {
            for (int r = 0; r < 3; r++)
                for (int a = 0; a < 4; a++)
                    feat[r][a] = sin(x[(i + a + r) % n] * (1.0 + 0.5 * layer)) + 0.1 * r;
            for (int r = 0; r < 3; r++)
                for (int a = 0; a < 4; a++)
                    acc += feat[r][a] * feat[r][a] * (0.2 + 0.1 * a);
            for (int a = 0; a < 4; a++)
                acc += feat[0][a] * feat[2][a];
        }
        total += acc;
    }
    return total;
}

/* t read for a product before it is overwritten in the same iteration:
 * no checkpoint of t (its first values are not its last) */
double ckpt_midread(int n, const double *x) {
    double total = 0.0;
#pragma pargrad reduce(+ : total)
#pragma omp parallel for reduction(+ : total)
    for (int i = 0; i < n; i++) {
        double t[3];
        double acc = 0.0;
        for (int c = 0; c < 4; c++) {
            for (int a = 0; a < 3; a++)
                t[a] = sin(x[(i + a) % n] + 0.3 * c);
            acc += t[0] * t[1];
            for (int a = 0; a < 3; a++)
                t[a] = t[a] * t[a] + x[(i + c) % n];
            acc += t[2] * t[0];
        }
        total += acc;
    }
    return total;
}

/* a VLA longer than the stretch each iteration fills ([1, m)), a scalar
 * carried from one iteration to the next, and a write at an index also
 * carried (logged as it runs) in the same iterations */
double ckpt_stretch(int n, const double *x) {
    double total = 0.0;
    const int m = 5;
#pragma pargrad reduce(+ : total)
#pragma omp parallel for reduction(+ : total)
    for (int i = 0; i < n; i++) {
        double buf[m + 3];
        double cnt[4] = {0.0, 0.0, 0.0, 0.0};
        double z = 0.5;
        int bin = i % 4;
        for (int c = 0; c < 3; c++) {
            for (int a = 1; a < m; a++)
                buf[a] = exp(0.3 * x[(i + a) % n]) * (z + 0.1 * a);
            cnt[bin] = cnt[bin] * 0.5 + buf[1] * buf[m - 1];
            bin = (bin * 3 + 1) % 4;
            double s = 0.0;
            for (int a = 1; a < m; a++)
                s += buf[a] * buf[a];
            z = 0.5 * z + 0.1 * sqrt(s);
        }
        total += z + cnt[0] + cnt[1] * cnt[2] + cnt[3];
    }
    return total;
}

/* an inner loop filling the array its outer loop then reads: each loop's
 * iterations leave it as their last values */
double ckpt_nested(int n, const double *x) {
    double total = 0.0;
#pragma pargrad reduce(+ : total)
#pragma omp parallel for reduction(+ : total)
    for (int i = 0; i < n; i++) {
        double s[4];
        double acc = 0.0;
        for (int c = 0; c < 3; c++) {
            for (int q = 0; q < 2; q++)
                for (int a = 0; a < 4; a++)
                    s[a] = cos(x[(i + a + q) % n]) * (1.0 + c + q);
            for (int a = 0; a < 4; a++)
                acc += s[a] * s[a] * (1.0 + 0.1 * a);
        }
        total += acc;
    }
    return total;
}

#pragma pargrad reverse(ckpt_table) wrt(x) out(return )
#pragma pargrad reverse(ckpt_midread) wrt(x) out(return )
#pragma pargrad reverse(ckpt_stretch) wrt(x) out(return )
#pragma pargrad reverse(ckpt_nested) wrt(x) out(return )
