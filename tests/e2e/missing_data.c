/* Missing data marked by NaN, as data-science code writes it: the labels
 * a regression skips with isnan(), weights clipped where isinf(), inputs
 * used only where isfinite(). glibc's math.h expands these to
 * __builtin_isnan and friends, which pargrad once took for the constants
 * NAN and INFINITY: the branches were dropped, and the gradient's value
 * was NaN where the primal's was not. */
#include <math.h>

/* squared error over the labels present */
double masked_mse(int n, const double *w, const double *x, const double *y) {
    double loss = 0.0;
    int i;
#pragma pargrad reduce(+ : loss)
#pragma omp parallel for reduction(+ : loss)
    for (i = 0; i < n; i++) {
        if (isnan(y[i]))
            continue;
        double pred = w[0] * x[i] + w[1] * tanh(x[i]);
        loss += (pred - y[i]) * (pred - y[i]);
    }
    return loss;
}

/* a weighted sum whose infinite weights count as 1, over finite inputs */
double clipped_sum(int n, const double *w, const double *x, const double *y) {
    double s = 0.0;
#pragma pargrad reduce(+ : s)
#pragma omp parallel for reduction(+ : s)
    for (int i = 0; i < n; i++) {
        double wi = isinf(y[i]) ? (y[i] > 0 ? 1.0 : -1.0) : y[i];
        if (isfinite(x[i]))
            s += wi * sin(w[0] * x[i]) + w[1] * x[i] * x[i];
    }
    return s;
}

#pragma pargrad reverse(masked_mse) wrt(w, x)
#pragma pargrad reverse(clipped_sum) wrt(w, x)
