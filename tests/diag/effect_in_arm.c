/* expect: 7:26: 'printf' where C may not call it */
#include <stdio.h>
double f(int n, const double *x) {
    double s = 0.0;
    for (int i = 0; i < n; i++) {
        double v = x[i];
        if (v > 100.0 && printf("big %g\n", v) > 0)
            s += 1.0;
        s += v * v;
    }
    return s;
}
#pragma pargrad reverse(f) wrt(x)
