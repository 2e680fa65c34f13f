/* uncompilable (gcc -O2 -Wall -Werror): a map writing a VLA (double
 * vb3[n * m]) counting down; GCC's -Warray-bounds, following a path that
 * never runs in the function it outlines for the adjoint's OpenMP loop,
 * took the index t2 - k (k < t2 + 1) for -1: "array subscript -1 is below
 * array bounds". The output of the binary before 2026-12-02 warned the
 * same; the C output now turns that warning off for itself.
 * Campaign seed 110469, shrunk: pargrad_gen 110469 --drop=... */
#include <math.h>
#include <stdint.h>

double f(int n, int m, const double *x, double p) {
    double vb3[n * m];
#pragma pargrad map
    for (int i11 = n - 1; i11 >= 0; i11 -= 1) {
        vb3[i11] = (x[2 * (i11) + 0]);
        for (int a22 = 0; a22 < 3; a22++)
            vb3[i11] += (a22 + 1) * (0.5 / (1.0 + x[i11] * x[i11]));
    }
    double v28 = (vb3[n / 2]);
    return 0.5 + 0.1 * tanh(v28) + 0.0 * p;
}

#pragma pargrad reverse(f) wrt(x, p)
