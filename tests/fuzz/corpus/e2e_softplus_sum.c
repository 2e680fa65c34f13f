/* Sum of softplus: a +-reduce of a smooth scalar function of x[i]. */
#include <math.h>

double softplus_sum(int n, const double *x) {
    double s = 0.0;
#pragma pargrad reduce(+ : s)
    for (int i = 0; i < n; i++)
        s += log1p(exp(x[i]));
    return s;
}

#pragma pargrad reverse(softplus_sum) wrt(x)
