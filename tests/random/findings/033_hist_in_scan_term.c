/* uncompilable (random tester seed 1510518 on 4ed6f37): the term of a scan
 * uses the bins of a histogram of max built in its body. The terms' map is
 * the slice of the body that computes the term; it kept the histogram
 * (S_HIST) but not the arrays of its keys and values nor the map filling
 * them ("'hb10_keys' undeclared"). A histogram in the slice now needs its
 * input arrays, as a nested scan does (finding 032). */
#include <math.h>

double f(int n, int m, const double *x, double *y) {
    (void)m;
    double c3 = 0.0;
#pragma pargrad scan(+ : c3)
    for (int i = 0; i < n; i++) {
        double hb[5];
        for (int q = 0; q < 5; q++)
            hb[q] = -4.0 + 0.1 * q;
#pragma pargrad histogram(hb)
        for (int j = 0; n > j; j++)
            hb[(j * 2 + i) % 5] = fmax(0.5 * x[j], hb[(j * 2 + i) % 5]);
        double hs = 0.0;
        for (int q = 0; q < 5; q++)
            hs += hb[q] * (q % 3 + 1);
        c3 = c3 + 0.5 * hs * x[i];
        y[i] = c3;
    }
    return c3;
}

#pragma pargrad reverse(f) wrt(x) out(y, return)
