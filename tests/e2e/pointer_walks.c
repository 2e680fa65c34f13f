/* Loops that walk arrays by pointer and stop at an end pointer, as C
 * code written before indices were fashionable does: `p != x + n`, `q <
 * end`, `r <= &x[n - 1]` (a while loop with *r++), and an output filled
 * through a pointer compared with its end. */
#include <math.h>
#include <stdlib.h>

double walks(int n, const double *x) {
    double s = 0.0;
    for (const double *p = x; p != x + n; ++p)
        s += *p * *p;
    const double *end = x + n;
    for (const double *q = x + 1; q < end; q++)
        s += sin(q[0] * q[-1]);
    const double *r = x;
    while (r <= &x[n - 1])
        s += 0.5 * tanh(*r++);
    double *y = malloc(sizeof(double) * n);
    double *w, *w_end = y + n;
    const double *v = x;
    for (w = y; w < w_end; w++, v++)
        *w = exp(-0.5 * *v * *v);
    for (int i = 0; i < n; i++)
        s += y[i] * (i + 1);
    free(y);
    return s;
}
#pragma pargrad reverse(walks) wrt(x)
