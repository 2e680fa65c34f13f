/* wrong gradient (random tester seed 1700109 on d82a802): a + histogram
 * into local bins initialised by a loop before it, in a function whose
 * output y the return sweep restores. The gradient re-runs the statements
 * from the first that saved anything to leave the primal outputs, and
 * left out the histogram's updates there (its bins, never saved, were
 * taken to hold their final values) although the initialising loop had
 * just run again: y ended up computed from the initial bins. The updates
 * are now left out only where no statement re-run before them wrote the
 * bins. e2e hist_rerun checks the outputs and the gradient. */
/* pargrad_gen 1700109 */
#include <math.h>
#include <stdint.h>
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct {
    double lo, hi;
    int tag;
} rg_pt;

static unsigned rg_step(unsigned *st) {
    *st = *st * 1664525u + 1013904223u;
    return (*st >> 8) & 0xffu;
}

double f(int n, int m, const double *x, const double *w, const rg_pt *sp, double p, double *y) {
    int i3, i8, t10;
    double v1 = expm1(0.5 * sin(sinf((float)(-0.36))));
    double la2[3] = {erf(((-1.11) * sp[0].lo))};
    #pragma pargrad map
    for (i3 = 0; i3 < n; ++i3) {
        if (((-1.17 * fmin(((double)i3 / n), (la2[i3 % 3]) + 0.25) + atan(p)) < -0.35)) {
            const uint64_t q4 = 1ULL << 40;
        } else {
            if (i3 == 0)
                printf("f: %g\n", expm1(0.5 * sin(expm1(0.5 * sin(((double)i3 / n))))));
        }
        if ((hypot((x[(i3 + 1) % n]), 0.5 + (w[(i3 + 1) % n]) * (w[(i3 + 1) % n])) < -0.01)) {
            y[i3] = w[0];
        } else {
            y[i3] = fmax((w[n - 1]), exp(tanh((w[(i3 + 1) % n]))) - 0.25);
        }
    }
    double hb5[5];
    for (int q6 = 0; q6 < 5; q6++)
        hb5[q6] = 0.5 * q6;
    #pragma pargrad histogram(hb5)
    for (i8 = n - 1; i8 >= 0; i8 -= 1) {
        double v9 = (0.1 * i3);
        for (t10 = 3 - 1; t10 >= 0; t10 -= 2) {
            unsigned st11 = (unsigned)(t10 * 7 + 1);
            int k12 = (int)((rg_step(&st11) ^ (st11 >> 3)) & 3u);
            if ((m < 3))
                break;
        }
        double v13 = erf((((float)((double)i8 / n)) + v1));
        hb5[(i8 * 1 + 1) % 5] = hb5[(i8 * 1 + 1) % 5] - (log(1.0 + exp(-v13 * v13) * exp(-v13 * v13)));
        hb5[(i8 * 1 + 0) % 5] = hb5[(i8 * 1 + 0) % 5] - (sqrt(0.5 + ((x[n - 1 - i8]) - sp[0].lo) * ((x[n - 1 - i8]) - sp[0].lo)));
    }
    double hs7 = 0.0;
    for (int q14 = 0; q14 < 5; q14++)
        hs7 += hb5[q14] * (q14 % 3 + 1);
    *y = 0.5 * *y + 0.25 * tanh((((hs7 / (1.0 + hs7 * hs7)) * (w[n / 2])) * 0.78));
    return (((((((-1.38) < -0.05) ? (hs7 / (1.0 + hs7 * hs7)) : tanh(hs7))) > 0.31) ? expm1(0.5 * sin((*w))) : hypot(((0.1 * i3) / (1.0 + w[0] * w[0])), 0.5 + ((*y) + v1) * ((*y) + v1))));
}

#pragma pargrad reverse(f) wrt(x, w, sp, p) out(y, return)
