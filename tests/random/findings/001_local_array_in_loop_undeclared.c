/* uncompilable: a fixed-size local array declared inside a reduce (or map) body is "saved" before the loop, outside its scope: 'la' undeclared in f_b. */
#include <math.h>
double f(int n, const double *x) {
    double s = 0.0;
#pragma pargrad reduce(+ : s)
    for (int i = 0; i < n; i++) {
        double la[2];
        la[0] = x[i];
        la[1] = sin(x[i]);
        s += la[0] * la[1];
    }
    return s;
}
#pragma pargrad reverse(f) wrt(x)
