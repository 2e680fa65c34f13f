/* expect: 9:13: 'w' has a false dependence in the loop of checkpoint(entry: ...): this statement writes the same elements in every iteration */
#include <math.h>
double f(int n, const double *x) {
    double w[n];
    double s = 0.0;
#pragma pargrad loop checkpoint(entry: w)
    for (int t = 0; t < 10; t++) {
        for (int j = 0; j < n; j++)
            w[j] = sin(x[j] * t);
        s += w[0] * w[n - 1];
    }
    return s;
}
#pragma pargrad reverse(f) wrt(x)
