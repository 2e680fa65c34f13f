/* if/else and ?: on active values inside nested reduces: a +-reduce over rows
 * whose body holds a +-reduce over columns with a three-way if/else on an
 * active value, then a ?: and an if on the row's (active) result. x[0] is read
 * by every row (an accumulation at an index invariant in the parallel loop). */
#include <math.h>

double branchy(int n, int m, const double *W, const double *x) {
    double s = 0.0;
#pragma pargrad reduce(+ : s)
    for (int i = 0; i < n; i++) {
        double r = 0.0;
#pragma pargrad reduce(+ : r)
        for (int j = 0; j < m; j++) {
            double t = W[i * m + j] * x[j];
            double e;
            if (t > 0.0) {
                e = t * t;
            } else if (t > -0.5) {
                e = sin(t);
            } else {
                e = -0.5 * t * x[j];
            }
            r += e;
        }
        double v = r > 0.0 ? log1p(r) : 0.5 * r * r;
        if (v > 0.3)
            v = v * x[0];
        s += v;
    }
    return s;
}

#pragma pargrad reverse(branchy) wrt(W, x)
