/* wrong-gradient (clang-14 only): the reduce becomes '#pragma omp parallel for simd reduction(+ : s_1)', which clang-14 -O1 miscompiles with the gather x[(i + 1) % n]: f_b returns 0.32398 instead of 0.34138 for x = {.1,.2,.3,.4,.5}, p = .25 (gcc correct). Without pargrad: the same loop with 'parallel for simd reduction' gives 9.5 instead of 15.5 under clang-14 -O1. */
#include <math.h>
double f(int n, const double *x, double p) {
    double s = 0.5 * x[0];
#pragma pargrad reduce(+ : s)
    for (int i = 0; i < n; i += 1)
        s = s + x[(i + 1) % n];
    return p + 0.1 * tanh(s);
}
#pragma pargrad reverse(f) wrt(x, p)
