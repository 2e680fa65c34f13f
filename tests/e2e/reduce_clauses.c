/* Loops that reduce into several scalars with several operators at once,
 * written as OpenMP users write them: one reduce clause per operator. */
#include <math.h>

/* the spread of the data, and its mean square */
double spread(int n, const double *x) {
    double lo = x[0], hi = x[0], ss = 0.0;
#pragma pargrad reduce(min : lo) reduce(max : hi) reduce(+ : ss)
    for (int i = 0; i < n; i++) {
        lo = fmin(lo, x[i]);
        hi = fmax(hi, x[i]);
        ss += x[i] * x[i];
    }
    return (hi - lo) * (1.0 + ss / n) + 0.1 * ss;
}

/* log-sum-exp against a running maximum taken in the same loop, and a
 * product of terms kept away from zero */
double lse_and_product(int n, const double *x) {
    double s = 0.0, m = -1e300, p = 1.0;
#pragma pargrad reduce(+ : s) reduce(max : m) reduce(* : p)
    for (int i = 0; i < n; i++) {
        s += exp(0.5 * x[i]);
        if (x[i] > m)
            m = x[i];
        p *= 1.0 + 0.25 * sin(x[i]) / n;
    }
    return log(s) + 0.3 * m + p;
}

/* a minimum with the comparison written out, beside a sum, over a 2-D
 * array's rows */
double row_extremes(int n, const double *x) {
    int rows = n / 2 > 0 ? n / 2 : 1, cols = n / rows;
    double best = 1e300, total = 0.0;
#pragma pargrad reduce(min : best) reduce(+ : total)
    for (int r = 0; r < rows; r++) {
        double row = 0.0;
        for (int c = 0; c < cols; c++)
            row += x[r * cols + c] * (c + 1);
        if (row < best)
            best = row;
        total += row * row;
    }
    return best + 0.01 * total;
}

#pragma pargrad reverse(spread) wrt(x)
#pragma pargrad reverse(lse_and_product) wrt(x)
#pragma pargrad reverse(row_extremes) wrt(x)
