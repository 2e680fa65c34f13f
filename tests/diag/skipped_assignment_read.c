/* expect: 9:5: 'v' is assigned only if the statements from line 18 on run */
#include <math.h>

/* The next iteration reads v: after a continue it would be the map's last
 * iteration's value, which pargrad does not keep. */
void f(int n, const double *x, double *y)
{
    double v = 0.0;
    for (int t = 0; t < n; t++) {
        y[t] = v;
#pragma pargrad map
        for (int i = 0; i < n; i++) {
            v = sin(x[i]);
            y[i] += v * v;
        }
        if (x[t] < 0.0)
            continue;
        v = 2.0 * x[t];
    }
}

#pragma pargrad reverse(f) wrt(x) out(y)
