/* Regression (trust issue): user names that look generated. A parameter
 * already named x_b (the adjoint of x is then x_adj), a scalar parameter
 * s_b and locals t1 and s_b_local must give an output that compiles. */
#include <math.h>

double name_clash(int n, const double *x, const double *x_b, double s_b) {
    double t1 = 0.5;
    double s_b_local = 0.25;
    double s = 0.0;
#pragma pargrad reduce(+ : s)
    for (int i = 0; i < n; i++)
        s += sin(x[i]) * x_b[i] + s_b * x[i] * x[i] + t1 * s_b_local;
    return s;
}

#pragma pargrad reverse(name_clash) wrt(x, s_b)
