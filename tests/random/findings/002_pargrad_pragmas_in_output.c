/* uncompilable (gcc and clang, -Werror): the output copies the input's #pragma pargrad map/reduce lines next to the omp pragmas: -Wunknown-pragmas. */
#include <math.h>
void f(int n, const double *x, double *y) {
#pragma pargrad map
    for (int i = 0; i < n; i++)
        y[i] = sin(x[i]);
}
#pragma pargrad reverse(f) wrt(x) out(y)
