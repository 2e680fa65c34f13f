/* uncompilable (random tester seed 116 of the fixed batch on 4d2495d): the
 * term of an outer scan uses the result of a scan nested in its body. The
 * terms' map is the slice of the body that computes the term; it kept the
 * inner scan and its prefix array but not the array of the inner scan's
 * terms nor the map filling it ("'c5_terms' undeclared"). A scan in the
 * slice now needs its input arrays like any read. */
#include <math.h>

double f(int n, int m, const double *x, double *y) {
    double c2 = 1.0e3;
#pragma pargrad scan(min : c2)
    for (int i = 0; i < n; i++) {
        double c5 = 1.0e3;
#pragma pargrad scan(c5)
        for (int j = 0; j < m; j++) {
            if (1.2 * x[i * m + j] < c5)
                c5 = 1.2 * x[i * m + j];
            y[i * m + j] = c5 * c5;
        }
        c2 = fmin(c2, sin(c5) + 0.25 * i);
    }
    return c2;
}

#pragma pargrad reverse(f) wrt(x) out(return, y)
