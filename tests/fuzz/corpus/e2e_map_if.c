/* A map whose body branches on an active value and writes y[i] in both
 * branches (a different smooth formula in each), differentiated with out(y).
 * The else branch also reads a neighbour x[i+1]. */
#include <math.h>

void map_if(int n, const double *x, const double *w, double *y) {
#pragma pargrad map
    for (int i = 0; i < n; i++) {
        double t = w[i] * x[i];
        if (t > 0.1) {
            y[i] = log(t) + x[i] * x[i];
        } else {
            double u = t - 0.1;
            y[i] = u * u * u + sin(w[i]) * x[i + 1];
        }
    }
}

#pragma pargrad reverse(map_if) wrt(x, w) out(y)
