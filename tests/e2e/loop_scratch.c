/* A sequential loop overwriting an array that a statement before the loop
 * read (its adjoint needs the old values), where the loop's body reads the
 * array again after an inner loop writes it (campaign seed 99187). The
 * loop's iterations are put back before they run again in the return
 * sweep, not after: the inner loop must keep its own saves. */
#include <math.h>

/* the shape the campaign found: an inner loop overwrites v, an if reads it */
double scratch_read_before(int n, const double *x) {
    double v[n];
    for (int i = 0; i < n; i++)
        v[i] = x[i];
    double s = 0.0;
    for (int i = 0; i < n; i++)
        s += sin(v[i]);
    for (int t = 0; t < 2; t++) {
        for (int j = 0; j < n; j++)
            v[j] = 0.5 * v[j] + 0.25;
        if (v[0] > 0.0)
            s += 0.1 * v[n - 1] * v[0];
    }
    return s;
}

/* a time loop whose step fills a scratch array and reads it back, after
 * the same array fed a product before the loop */
double scratch_time_loop(int n, const double *x) {
    double w[n];
    double s = 0.0;
#pragma pargrad map
    for (int i = 0; i < n; i++)
        w[i] = x[i] * x[i];
#pragma pargrad reduce(+ : s)
    for (int i = 0; i < n; i++)
        s += w[i] * x[i];
    for (int t = 0; t < 3; t++) {
#pragma pargrad map
        for (int i = 0; i < n; i++)
            w[i] = tanh(x[i] + 0.1 * t);
        double m = 0.0;
#pragma pargrad reduce(+ : m)
        for (int i = 0; i < n; i++)
            m += w[i];
        s += 0.01 * m * m;
    }
    return s;
}

#pragma pargrad reverse(scratch_read_before) wrt(x)
#pragma pargrad reverse(scratch_time_loop) wrt(x)
