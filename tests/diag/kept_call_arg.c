/* expect: 9:24: argument of 'printf' that pargrad cannot keep */
#include <stdio.h>

double f(int n, const double *x)
{
    double s = 0.0;
    for (int i = 0; i < n; i++) {
        s += x[i] * x[i];
        printf("%p\n", (const void *)&x[i]);
    }
    return s;
}

#pragma pargrad reverse(f) wrt(x)
