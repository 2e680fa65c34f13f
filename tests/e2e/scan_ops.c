/* Prefix scans as numerical code writes them: running sums, products,
 * minima and maxima, used inclusively (after the update) and exclusively
 * (before it), with the operator written or inferred, counting up and
 * down. Each kernel reduces what it scanned to one number. */
#include <math.h>
#include <stdlib.h>

/* y[i] = sin(x[0]^2 + ... + x[i]^2) */
double scan_add_inclusive(int n, const double *x) {
    double *y = malloc(n * sizeof(double));
    double acc = 0.0;
#pragma pargrad scan(+ : acc)
    for (int i = 0; i < n; i++) {
        acc += x[i] * x[i];
        y[i] = sin(acc);
    }
    double s = 0;
#pragma pargrad reduce(+ : s)
    for (int i = 0; i < n; i++)
        s += y[i] * (i + 1);
    free(y);
    return s + acc;
}

/* offsets: y[i] = x[0] + ... + x[i-1] (an exclusive use) */
double scan_add_exclusive(int n, const double *x) {
    double *y = malloc(n * sizeof(double));
    double off = 0.5 * x[0];
#pragma pargrad scan(+ : off)
    for (int i = 0; i < n; i++) {
        y[i] = off;
        off = off + exp(x[i]);
    }
    double s = 0;
#pragma pargrad reduce(+ : s)
    for (int i = 0; i < n; i++)
        s += cos(y[i]) * x[i];
    free(y);
    return s * off;
}

/* running products, the operator left out */
double scan_mul(int n, const double *x) {
    double *y = malloc(n * sizeof(double));
    double p = 1.0;
#pragma pargrad scan(p)
    for (int i = 0; i < n; i++) {
        p *= 1.0 + x[i];
        y[i] = p;
    }
    double s = 0;
#pragma pargrad reduce(+ : s)
    for (int i = 0; i < n; i++)
        s += y[i];
    free(y);
    return s;
}

/* running minimum, written as an if; it starts at x[0] */
double scan_min(int n, const double *x) {
    double *y = malloc(n * sizeof(double));
    double m = x[0] + 0.25;
#pragma pargrad scan(min : m)
    for (int i = 0; i < n; i++) {
        if (x[i] < m)
            m = x[i];
        y[i] = m * x[i];
    }
    double s = 0;
#pragma pargrad reduce(+ : s)
    for (int i = 0; i < n; i++)
        s += y[i];
    free(y);
    return s + m;
}

/* running maximum with fmax, the operator inferred */
double scan_max(int n, const double *x) {
    double *y = malloc(n * sizeof(double));
    double hi = -1.0;
#pragma pargrad scan(hi)
    for (int i = 0; i < n; i++) {
        y[i] = hi * x[i]; /* before the update: exclusive */
        hi = fmax(hi, sin(3.0 * x[i]));
    }
    double s = 0;
#pragma pargrad reduce(+ : s)
    for (int i = 0; i < n; i++)
        s += y[i];
    free(y);
    return s + 2.0 * hi;
}

/* a conditional update, two updates per iteration and reads between them */
double scan_branches(int n, const double *x) {
    double *y = malloc(n * sizeof(double));
    double *z = malloc(n * sizeof(double));
    double acc = 1.0;
#pragma pargrad scan(+ : acc)
    for (int i = 0; i < n; i++) {
        if (x[i] > 0)
            acc += x[i];
        else
            acc -= 0.5 * x[i] * x[i];
        y[i] = acc;
        acc += 0.1 * x[i];
        z[i] = acc * y[i];
    }
    double s = 0;
#pragma pargrad reduce(+ : s)
    for (int i = 0; i < n; i++)
        s += z[i] - y[i];
    free(y);
    free(z);
    return s;
}

/* suffix sums: the counter runs down, declared before the loop (C89) */
double scan_suffix(int n, const double *x) {
    int i;
    double *y = malloc(n * sizeof(double));
    double tail = 0.0;
#pragma pargrad scan(+ : tail)
    for (i = n - 1; i >= 0; i--) {
        tail += x[i];
        y[i] = tail * tail;
    }
    double s = 0;
#pragma pargrad reduce(+ : s)
    for (i = 0; i < n; i++)
        s += y[i] * x[i];
    free(y);
    return s;
}

/* a scan inside an if */
double scan_in_if(int n, const double *x) {
    double *y = malloc(n * sizeof(double));
    double s = 0;
    if (n > 2) {
        double c = 0.0;
#pragma pargrad scan(+ : c)
        for (int i = 0; i < n; i++) {
            c += x[i] * x[i];
            y[i] = c;
        }
#pragma pargrad reduce(+ : s)
        for (int i = 0; i < n; i++)
            s += sqrt(y[i] + 1.0);
    } else {
        s = x[0];
    }
    free(y);
    return s;
}

/* running extremes written with ?: (the max's operator inferred), and a
 * reduce written the same way */
double scan_ternary(int n, const double *x) {
    double *y = malloc(n * sizeof(double));
    double lo = 10.0, hi = -10.0, top = -10.0;
#pragma pargrad scan(min : lo)
    for (int i = 0; i < n; i++) {
        double v = x[i] * x[i] - x[i];
        lo = (v < lo) ? v : lo;
        y[i] = lo * x[i];
    }
#pragma pargrad scan(hi)
    for (int i = 0; i < n; i++) {
        hi = (hi > sin(2.0 * x[i])) ? hi : sin(2.0 * x[i]);
        y[i] += hi;
    }
#pragma pargrad reduce(max : top)
    for (int i = 0; i < n; i++)
        top = (x[i] * x[i] > top) ? x[i] * x[i] : top;
    double s = 0.0;
#pragma pargrad reduce(+ : s)
    for (int i = 0; i < n; i++)
        s += y[i] * cos(0.3 * i);
    free(y);
    return s + lo + hi + top;
}

#pragma pargrad reverse(scan_add_inclusive) wrt(x) out(return )
#pragma pargrad reverse(scan_ternary) wrt(x) out(return )
#pragma pargrad reverse(scan_add_exclusive) wrt(x) out(return )
#pragma pargrad reverse(scan_mul) wrt(x) out(return )
#pragma pargrad reverse(scan_min) wrt(x) out(return )
#pragma pargrad reverse(scan_max) wrt(x) out(return )
#pragma pargrad reverse(scan_branches) wrt(x) out(return )
#pragma pargrad reverse(scan_suffix) wrt(x) out(return )
#pragma pargrad reverse(scan_in_if) wrt(x) out(return )
