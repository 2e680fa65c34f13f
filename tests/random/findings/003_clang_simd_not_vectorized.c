/* uncompilable (clang-14 -O1 -Werror): the output's '#pragma omp parallel for simd' on a loop calling sin() is not vectorized: -Wpass-failed=transform-warning ("loop not vectorized"). */
#include <math.h>
void f(int n, const double *x, double *y) {
#pragma pargrad map
    for (int i = 0; i < n; i++)
        y[i] = sin(x[i]);
}
#pragma pargrad reverse(f) wrt(x) out(y)
