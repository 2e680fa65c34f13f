/* random tester seed 109671 (campaign on 9c0d35b; shrunk by the campaign,
 * tidied): the output did not compile with clang-14 -Werror ("loop not
 * vectorized", -Wpass-failed). sin(s2) is computed before the inner reduce
 * (value numbering finds it there), and the emitter inlined it back into
 * the `omp simd` loop's update, `s13_1 += sin(s2)`: a call clang cannot
 * vectorise. Values computed before a loop are no longer inlined into its
 * updates. */
#include <math.h>
#include <stdlib.h>

double f(int n, int m, const double *x) {
    double *tm1 = malloc((size_t)n * (size_t)m * sizeof(double));
    double s2 = 0.0;
#pragma pargrad reduce(+ : s2)
    for (int i3 = 0; i3 < n; i3 += 1) {
    }
#pragma pargrad map
    for (int i11 = 1; i11 < n - 1; i11++) {
        if (sin(s2)) {
        }
        double s13 = 0.5 * x[0];
#pragma pargrad reduce(+ : s13)
        for (int j15 = 0; j15 < m; j15++) {
            s13 = s13 + sin(s2);
        }
        tm1[i11] = s13;
    }
    double ret = 0.5;
    free(tm1);
    return ret;
}

#pragma pargrad reverse(f) wrt(x) out(return)
