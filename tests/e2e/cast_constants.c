/* Regression (trust issue): constants convert as C converts. An
 * XSBench-style scale 1 / 2^63 from an unsigned 64-bit constant was
 * sign-flipped; (_Bool)0.5 is 1, (signed char)300 is 44 and (float)0.1 is
 * rounded to float. */
#include <math.h>
#include <stdint.h>

double cast_constants(int n, const double *x) {
    const uint64_t m = 1ULL << 63;
    double scale = (double)m * 1e-19;
    double b = (_Bool)0.5;
    double c = (signed char)300;
    double f = (float)0.1;
    double s = 0.0;
#pragma pargrad reduce(+ : s)
    for (int i = 0; i < n; i++)
        s += x[i] * x[i] * scale + b * x[i] + c * 1e-3 * x[i] + f * sin(x[i]);
    return s;
}

#pragma pargrad reverse(cast_constants) wrt(x)
