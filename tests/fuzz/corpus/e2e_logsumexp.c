/* log-sum-exp with the max shift: a max-reduce followed by a +-reduce that
 * reads the max. */
#include <math.h>

double logsumexp(int n, const double *x) {
    double m = -INFINITY;
#pragma pargrad reduce(max : m)
    for (int i = 0; i < n; i++)
        m = fmax(m, x[i]);
    double s = 0.0;
#pragma pargrad reduce(+ : s)
    for (int i = 0; i < n; i++)
        s += exp(x[i] - m);
    return m + log(s);
}

#pragma pargrad reverse(logsumexp) wrt(x)
