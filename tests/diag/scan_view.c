/* expect: 11:31: scan variable 'x' is a pointer into another array */
/* The Thomas algorithm's back substitution on a column of T through a
 * pointer into it: the array form of the scan takes arrays, not views;
 * the hint (a scalar carries the recurrence) works when followed. */
#include <stddef.h>

void back_substitute(int ncol, int nlev, const double *cp, const double *dp, double *T) {
    for (int c = 0; c < ncol; c++) {
        double *x = T + (size_t)c * nlev;
        x[nlev - 1] = dp[c * nlev + nlev - 1];
#pragma pargrad scan(affine : x)
        for (int k = nlev - 2; k >= 0; k--)
            x[k] = dp[c * nlev + k] - cp[c * nlev + k] * x[k + 1];
    }
}

#pragma pargrad reverse(back_substitute) wrt(dp) out(T)
