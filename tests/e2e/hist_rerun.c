/* A + histogram into local bins that a loop before it initialises, in a
 * function whose output the return sweep restores: the gradient re-runs
 * the statements after the sweep to leave the primal outputs, and the
 * histogram's updates must run again there since the initialisation ran
 * again (random tester seed 1700109 on d82a802: y ended with the bins'
 * initial values in it). The bins start from zeros and are added into,
 * so that the loop saves and restores them (set once, as `hb[q] = 0.5 *
 * q`, they are never restored: nothing re-runs). */
#include <math.h>

double hist_rerun(int n, const double *x, double *y) {
#pragma pargrad map
    for (int i = 0; i < n; i++)
        y[i] = 0.5 * x[i];
    double hb[5] = {0.0};
    for (int q = 0; q < 5; q++)
        hb[q] += 0.5 * q;
#pragma pargrad histogram(hb)
    for (int i = n - 1; i >= 0; i -= 1)
        hb[(i + 1) % 5] = hb[(i + 1) % 5] - log(1.0 + x[i] * x[i]);
    double hs = 0.0;
    for (int q = 0; q < 5; q++)
        hs += hb[q] * (q % 3 + 1);
    *y = 0.5 * *y + 0.25 * tanh(hs);
    return hs * hs;
}

#pragma pargrad reverse(hist_rerun) wrt(x) out(y, return )
