/* random tester seed 620242 (campaign on 0ee5eec, shrunk by hand): a valid
 * program rejected ("'i' is assigned inside the parallel loop at line 17:
 * after the loop it would hold the last iteration's value"). The counter i,
 * declared at the top, counts a map in an inner sequential loop and a map
 * nested in another map (where it is private) inside the time loop t. The
 * time loop carried i, whose value after the nested map is unknown, only
 * because the inner loop k started its own carried i with it, a value
 * nobody reads: every loop assigns i before reading it. */
#include <math.h>

void f(int n, int m, const double *x, double *u, double *z) {
    int t, k, i, j;
    for (t = 0; t < 2; t++) {
        for (k = 0; k < 2; k++) {
#pragma pargrad map
            for (i = 1; i < n - 1; i++)
                u[i] = 0.5 * u[i] + 0.25 * sin(x[i]);
        }
#pragma pargrad map
        for (j = 0; j < n; j++) {
#pragma pargrad map
            for (i = 0; i < m; i++)
                z[j * m + i] = u[j] * x[i % n];
        }
    }
}

#pragma pargrad reverse(f) wrt(x, u) out(u, z)
