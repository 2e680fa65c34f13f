/* expect: 17:13: 'w' has a false dependence in the loop of checkpoint(entry: ...): this statement writes the same elements in every iteration */
/* The time loop after a debugging switch's early return never runs while
 * DEBUG_RETURN is 1, but its entry clause names an array every step
 * writes again: the clause is checked in code that does not run too,
 * since it runs as soon as the switch changes. */
#include <math.h>
#define DEBUG_RETURN 1
double f(int n, const double *x) {
    double w[n];
    double s = 0.0;
    if (DEBUG_RETURN)
        return x[0] * x[0];
#pragma pargrad loop checkpoint(entry: w)
    for (int t = 0; t < 10; t++) {
#pragma pargrad map
        for (int j = 0; j < n; j++)
            w[j] = sin(x[j] * t);
        s += w[0] * w[n - 1];
    }
    return s;
}
#pragma pargrad reverse(f) wrt(x)
