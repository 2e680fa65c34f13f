/* uncompilable + leak: a guard clause (if (n < 2) return;) before a malloc'ed temporary: the output allocates tm with pg_calloc inside 'if (t1) {' and never frees it; here tm is only freed in the primal, so the output also has 'unused variable tm' (-Werror=unused-variable). Found by pargrad_gen 2199 (void_return). Without the guard the output frees (pg_free). */
#include <math.h>
#include <stdlib.h>
void f(int n, const double *x, double *y) {
    if (n < 2)
        return;
    double *tm = malloc((size_t)n * sizeof(double));
#pragma pargrad map
    for (int i = 0; i < n; i++)
        y[i] = sin(x[i]);
    free(tm);
}
#pragma pargrad reverse(f) wrt(x) out(y)
