/* Helpers called where C may not call them: right of && or ||, in an arm
 * of ?:. A helper that updates its caller's scalar through a pointer
 * (a running sum, a counter) must run exactly when C calls it, and its
 * own statements (a do-while counting its trips) stay statements there. */
#include <math.h>

/* adds v^2 to the running sum; whether it passed 1 */
static int bump(double *acc, double v) {
    *acc += v * v;
    return *acc > 1.0;
}

/* the sum only of the positive elements, and how often it passed 1 */
double positive_energy(int n, const double *x) {
    double acc = 0.0;
    int hits = 0;
    for (int i = 0; i < n; i++) {
        double v = x[i];
        if (v > 0.0 && bump(&acc, v))
            hits++;
    }
    return acc + 0.1 * hits + 0.05 * x[0]; /* (x[0] <= 0 alone: not constant) */
}
#pragma pargrad reverse(positive_energy) wrt(x)

/* the same with the element read in the condition itself */
double positive_energy_read(int n, const double *x) {
    double acc = 0.0;
    int hits = 0;
    for (int i = 0; i < n; i++)
        if (x[i] > 0.0 && bump(&acc, x[i]))
            hits++;
    return acc + 0.1 * hits + 0.05 * x[0]; /* (x[0] <= 0 alone: not constant) */
}
#pragma pargrad reverse(positive_energy_read) wrt(x)

/* || : the helper runs for the elements above -0.5 only */
double tail_energy(int n, const double *x) {
    double acc = 0.0;
    int low = 0;
    for (int i = 0; i < n; i++) {
        double v = sin(x[i]);
        if (v < -0.5 || bump(&acc, 0.5 * v))
            low++;
    }
    return acc + 0.01 * low + 0.05 * x[0];
}
#pragma pargrad reverse(tail_energy) wrt(x)

/* takes a share of the budget, which it reduces */
static double take(double *budget, double v) {
    double t = 0.5 * *budget * tanh(v);
    *budget -= t;
    return t;
}

/* ?: the budget shrinks only where an element is positive */
double shared_budget(int n, const double *x) {
    double budget = 1.0, s = 0.0;
    for (int i = 0; i < n; i++)
        s += x[i] > 0.0 ? take(&budget, x[i]) : 0.1 * x[i];
    return s + 0.5 * budget;
}
#pragma pargrad reverse(shared_budget) wrt(x)

/* a fixed-point iteration counting its trips in its condition */
static double settle(double a) {
    double v = a;
    int k = 0;
    do {
        v = 0.5 * v + 0.25 * tanh(a + 0.1 * k);
    } while (++k < 3);
    return v;
}

double settled_sum(int n, const double *x) {
    double s = 0.0;
    for (int i = 0; i < n; i++)
        s += x[i] > -0.3 ? settle(x[i]) : x[i] * x[i];
    return s;
}
#pragma pargrad reverse(settled_sum) wrt(x)
