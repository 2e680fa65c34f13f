/* Regression (trust issue, findings 014 and 015): returns where the function
 * cannot be split into if/else: inside sequential loops (also from an inner
 * loop, and inside a helper inlined in a reduce), nested in an if that falls
 * through, and a void function's early `return;` (nested, too). */
#include <math.h>

/* a search loop: the running sum's first crossing */
double first_pass(int n, const double *x) {
    double s = 0.0;
    for (int i = 0; i < n; i++) {
        s += x[i] * x[i];
        if (s > 2.0)
            return s * x[i];
    }
    return 0.5 * s;
}

/* a return from the inner loop ends both loops */
double nested_search(int n, const double *x) {
    double acc = 1.0;
    for (int k = 0; k < 3; k++) {
        for (int i = 0; i < n; i++) {
            acc = acc * 0.9 + sin(x[i]) * 0.3;
            if (acc < -0.2)
                return acc + x[0];
        }
        acc += 0.1 * x[k];
    }
    return acc * acc;
}

/* a helper returning from inside its loop, inlined into a reduce */
static double grow_until(double v, int m) {
    for (int j = 0; j < m; j++) {
        v = v * 1.5;
        if (v > 1.0)
            return 1.0 + 0.1 * v;
    }
    return v;
}

double reduce_helper(int n, const double *x) {
    double s = 0.0;
#pragma pargrad reduce(+ : s)
    for (int i = 0; i < n; i++)
        s += grow_until(x[i], 4);
    return s;
}

/* a return nested in an if that falls through */
double nested_if(int n, const double *x) {
    double t = x[0];
    if (x[1] > 0.0) {
        t = t * x[1];
        if (t > 0.3)
            return t;
        t = t + 1.0;
    }
    return t * x[n - 1];
}

/* void: a guard clause, and a return nested in a loop body's if */
void clipped_out(int n, const double *x, double *y) {
#pragma pargrad map
    for (int i = 0; i < n; i++)
        y[i] = 0.5 * x[i];
    if (n < 3)
        return;
    for (int i = 1; i < n; i++) {
        if (y[i - 1] > 0.6) {
            y[i] = y[i] * y[i - 1];
            return;
        }
        y[i] = y[i] + sin(y[i - 1]);
    }
}

#pragma pargrad reverse(first_pass) wrt(x)
#pragma pargrad reverse(nested_search) wrt(x)
#pragma pargrad reverse(reduce_helper) wrt(x)
#pragma pargrad reverse(nested_if) wrt(x)
#pragma pargrad reverse(clipped_out) wrt(x) out(y)
