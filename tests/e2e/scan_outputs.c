/* Inclusive scans that store each running value, y[i] = acc after the
 * update: the array then holds the prefixes, and the return sweep reads
 * them back from it (the prefix before step i is y[i - 1], the seed before
 * the first) instead of a copy the scan keeps. Around them, the cases
 * where it may not: y stored before the update (exclusive), overwritten
 * later, updated again in the loop, a conditional update. Each kernel
 * reduces what it scanned to one number. */
#include <math.h>
#include <stdlib.h>

/* running products of 1 + x/2 */
double prod_inclusive(int n, const double *x) {
    double *y = malloc(n * sizeof(double));
    double pi = 1.0;
#pragma pargrad scan(* : pi)
    for (int i = 0; i < n; i++) {
        pi *= 1.0 + 0.5 * x[i];
        y[i] = pi;
    }
    double s = 0.0;
#pragma pargrad reduce(+ : s)
    for (int i = 0; i < n; i++)
        s += y[i] * cos(0.1 * i);
    free(y);
    return s;
}

/* a running minimum through fmin, from a seed that is a value */
double min_inclusive(int n, const double *x) {
    double *y = malloc(n * sizeof(double));
    double mi = 0.75 + 0.1 * x[0];
#pragma pargrad scan(min : mi)
    for (int i = 0; i < n; i++) {
        mi = fmin(mi, x[i] * x[i] - 0.5 * x[i]);
        y[i] = mi;
    }
    double s = 0.0;
#pragma pargrad reduce(+ : s)
    for (int i = 0; i < n; i++)
        s += y[i] * (1.0 + 0.01 * i);
    free(y);
    return s;
}

/* a running maximum from the top down: y[i] = max of the values at i and
 * above, written at the element the loop counts to */
double max_from_top(int n, const double *x) {
    double *y = malloc(n * sizeof(double));
    double h = -2.0;
    int i;
#pragma pargrad scan(max : h)
    for (i = n - 1; i >= 0; i--) {
        h = fmax(h, x[i] + 0.25 * x[i] * x[i]); /* increasing in x[i]: no near ties */
        y[i] = h;
    }
    double s = 0.0;
#pragma pargrad reduce(+ : s)
    for (i = 0; i < n; i++)
        s += y[i] * y[i] * sin(0.37 * i + 0.5);
    free(y);
    return s;
}

/* the linear recurrence c = a_i c + b_i, stored at an offset */
double affine_offset(int n, const double *x) {
    double *y = malloc((n + 2) * sizeof(double));
    y[0] = y[1] = 0.0;
    double c = 0.25;
#pragma pargrad scan(affine : c)
    for (int i = 0; i < n; i++) {
        c = (0.5 + 0.4 * tanh(x[i])) * c + x[i] * x[i];
        y[i + 2] = c;
    }
    double s = 0.0;
#pragma pargrad reduce(+ : s)
    for (int i = 0; i < n + 2; i++)
        s += sin(y[i]);
    free(y);
    return s;
}

/* stored before the update: y holds the prefix before each step, not after */
double prod_exclusive(int n, const double *x) {
    double *y = malloc(n * sizeof(double));
    double p = 1.0;
#pragma pargrad scan(* : p)
    for (int i = 0; i < n; i++) {
        y[i] = p;
        p *= 1.0 + 0.5 * x[i];
    }
    double s = p;
#pragma pargrad reduce(+ : s)
    for (int i = 0; i < n; i++)
        s += y[i] * x[i];
    free(y);
    return s;
}

/* y overwritten in place after the scan: the prefixes are gone from it by
 * the return sweep */
double prod_overwritten(int n, const double *x) {
    double *y = malloc(n * sizeof(double));
    double p = 1.0;
#pragma pargrad scan(* : p)
    for (int i = 0; i < n; i++) {
        p *= 1.0 + 0.5 * x[i];
        y[i] = p;
    }
#pragma pargrad map
    for (int i = 0; i < n; i++)
        y[i] = y[i] * y[i] + x[i];
    double s = 0.0;
#pragma pargrad reduce(+ : s)
    for (int i = 0; i < n; i++)
        s += y[i];
    free(y);
    return s;
}

/* the stored value changed again in the same iteration */
double prod_updated_again(int n, const double *x) {
    double *y = malloc(n * sizeof(double));
    double p = 1.0;
#pragma pargrad scan(* : p)
    for (int i = 0; i < n; i++) {
        p *= 1.0 + 0.5 * x[i];
        y[i] = p;
        y[i] += 0.5 * x[i];
    }
    double s = 0.0;
#pragma pargrad reduce(+ : s)
    for (int i = 0; i < n; i++)
        s += y[i] * y[i];
    free(y);
    return s;
}

/* an update under a condition: the stored value is not always a step */
double min_conditional(int n, const double *x) {
    double *y = malloc(n * sizeof(double));
    double mc = 1.5;
#pragma pargrad scan(min : mc)
    for (int i = 0; i < n; i++) {
        if (x[i] > -0.5)
            mc = fmin(mc, x[i] + 0.25 * x[i] * x[i]);
        y[i] = mc;
    }
    double s = 0.0;
#pragma pargrad reduce(+ : s)
    for (int i = 0; i < n; i++)
        s += y[i] * cos(0.2 * i);
    free(y);
    return s;
}

/* the scan inside a sequential loop, its output read in the same step */
double prod_in_steps(int n, const double *x) {
    double *y = malloc(n * sizeof(double));
    double s = 0.0;
    for (int t = 0; t < 3; t++) {
        double p = 1.0;
#pragma pargrad scan(* : p)
        for (int i = 0; i < n; i++) {
            p *= 1.0 + 0.25 * (t + 1) * x[i];
            y[i] = p;
        }
        double r = 0.0;
#pragma pargrad reduce(+ : r)
        for (int i = 0; i < n; i++)
            r += y[i] * sin(0.3 * i + t);
        s = 0.5 * s + r;
    }
    free(y);
    return s;
}

/* the columns of rows of 4, each scanned down in a map over the columns
 * (run as vector lanes), y[i * 4 + j] the running product */
double prod_columns(int n, const double *x) {
    int rows = n / 4;
    double *y = malloc(n * sizeof(double));
#pragma pargrad map
    for (int j = 0; j < 4; j++) {
        double acc = 1.0;
#pragma pargrad scan(* : acc)
        for (int i = 0; i < rows; i++) {
            acc *= 1.0 + 0.5 * x[i * 4 + j];
            y[i * 4 + j] = acc;
        }
    }
    double s = 0.5 * x[0];
#pragma pargrad reduce(+ : s)
    for (int i = 0; i < rows * 4; i++)
        s += y[i] * cos(0.1 * i);
    free(y);
    return s;
}

/* the same into an output, nothing after the loops: the forward sweep
 * and the adjoint in one loop over the columns, run as vector lanes */
void prod_columns_out(int n, const double *x, double *y) {
    int rows = n / 4;
#pragma pargrad map
    for (int j = 0; j < 4; j++) {
        double acc = 1.0;
#pragma pargrad scan(* : acc)
        for (int i = 0; i < rows; i++) {
            acc *= 1.0 + 0.5 * x[i * 4 + j];
            y[i * 4 + j] = acc;
        }
    }
}

#pragma pargrad reverse(prod_inclusive) wrt(x) out(return )
#pragma pargrad reverse(min_inclusive) wrt(x) out(return )
#pragma pargrad reverse(max_from_top) wrt(x) out(return )
#pragma pargrad reverse(affine_offset) wrt(x) out(return )
#pragma pargrad reverse(prod_exclusive) wrt(x) out(return )
#pragma pargrad reverse(prod_overwritten) wrt(x) out(return )
#pragma pargrad reverse(prod_updated_again) wrt(x) out(return )
#pragma pargrad reverse(min_conditional) wrt(x) out(return )
#pragma pargrad reverse(prod_in_steps) wrt(x) out(return )
#pragma pargrad reverse(prod_columns) wrt(x) out(return )
#pragma pargrad reverse(prod_columns_out) wrt(x) out(y)
