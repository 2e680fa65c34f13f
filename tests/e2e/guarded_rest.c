/* The rest of a function after its guard clauses (`if (n <= 0) return
 * 0.0;`): an if around the rest, the function's last statement. It runs
 * once, as the function's body does, so its forward and return sweeps run
 * one after the other inside it; they ran the rest's loops once more,
 * the return sweep computing the forward sweep's values again (a Monte
 * Carlo loop over paths three times, not two). A sum as the rest's last
 * loop is computed with its adjoint in one loop, as without the guard. */
#include <math.h>

double guarded_sum(int n, const double *x) {
    if (n <= 0)
        return 0.0;
    double s = 0.0;
#pragma pargrad reduce(+ : s)
    for (int i = 0; i < n; i++)
        s += exp(0.5 * sin(x[i]));
    return s;
}

/* two guards (the second on data), a time loop of maps over a local
 * state, then a sum */
double guarded_steps(int n, int steps, const double *x, const double *k) {
    if (n < 2 || steps < 0)
        return 0.0;
    double v[n];
#pragma pargrad map
    for (int i = 0; i < n; i++)
        v[i] = x[i];
    if (x[0] > 10.0)
        return -1.0;
    for (int t = 0; t < steps; t++) {
#pragma pargrad map
        for (int i = 0; i < n; i++)
            v[i] = v[i] + 0.1 * tanh(k[i] * v[i]);
    }
    double e = 0.0;
#pragma pargrad reduce(+ : e)
    for (int i = 0; i < n; i++)
        e += v[i] * v[i] * k[i];
    return e;
}

#pragma pargrad reverse(guarded_sum) wrt(x)
#pragma pargrad reverse(guarded_steps) wrt(x, k)
