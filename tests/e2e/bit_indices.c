/* Index code with bit operations writing outputs, as multigrid and FFT
 * codes write it: a restriction to half the points (y[i >> 1]), a pair
 * swap (y[i ^ 1]), and unsigned masks and shifts (1u << k). The outputs'
 * seeds are consumed exactly over the elements written, never past them
 * (y holds n / 2 elements). */
#include <math.h>

void restrict_half(int n, const double *x, double *y) {
    int i;
    for (i = 0; i + 1 < n; i += 2)
        y[i >> 1] = 0.5 * (x[i] + x[i + 1]) * sin(x[i]);
}

void pair_swap(int n, const double *x, double *y) {
    int i;
    for (i = 0; i < n; i++)
        y[i ^ 1] = 2.0 * x[i] * x[i];
}

/* 1u << (28 + i) needs its unsigned type: 1 << 31 is not an int. */
double shifted(int n, const double *x) {
    int i;
    unsigned b, mask = 0u;
    double s = 0.0;
    for (i = 0; i < n && i < 4; i++) {
        b = (1u << (28 + i)) >> 28;
        mask |= 1u << (31 - i);
        s += x[i] * (double)b + 1.0e-9 * (double)(mask >> 28) * x[i];
    }
    return s;
}

#pragma pargrad reverse(restrict_half) wrt(x) out(y)
#pragma pargrad reverse(pair_swap) wrt(x) out(y)
#pragma pargrad reverse(shifted) wrt(x)
