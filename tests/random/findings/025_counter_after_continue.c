/* random tester seed 200167 (campaign on 470d28e, shrunk by hand): a valid
 * program rejected ("'i' is assigned in only one branch of the if at line
 * 25 and has no value before it", the if being the guard pargrad puts
 * after the `continue` at line 23). The counter i, declared at the top,
 * counts a map after a `continue` in the inner loop k: at the end of an
 * iteration of k it holds the map's exit value, or its value from before
 * when the iteration continued. That phi made the time loop t look as if it
 * read i's value from its previous iteration, which the nested map (where i
 * is private) leaves unknown; but the phi's result, carried out of k, is
 * never read: every loop assigns i before reading it. */
#include <math.h>

void f(int n, int m, const double *x, double *u, double *z) {
    int t, k, i, j;
    for (t = 0; t < 2; t++) {
        for (k = 0; k < 3; k++) {
            if (x[k % n] < 0.0)
                continue;
#pragma pargrad map
            for (i = 1; i < n - 1; i++)
                u[i] = 0.5 * u[i] + 0.25 * sin(x[i]);
        }
        if (x[0] > 2.0)
            continue;
#pragma pargrad map
        for (j = 0; j < n; j++) {
#pragma pargrad map
            for (i = 0; i < m; i++)
                z[j * m + i] = u[j] * x[i % n];
        }
    }
}

#pragma pargrad reverse(f) wrt(x, u) out(u, z)
