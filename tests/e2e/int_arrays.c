/* Integer arrays as index and counting code has them: a permutation in a
 * malloc'ed int array, counters in a local int array updated in a
 * sequential loop, indices read from both inside a reduce, and an
 * assert on an index. */
#include <assert.h>
#include <math.h>
#include <stdlib.h>

double permuted_counts(int n, const double *x) {
    int *order = malloc(sizeof(int) * (size_t)n);
    int count[4] = {0};
    int i;
    double s = 0.0, t = 0.0;
    for (i = 0; i < n; i++)
        order[i] = (i * 7 + 3) % n;
    for (i = 0; i < n; i++) {
        int b = i % 4;
        assert(order[i] >= 0 && order[i] < n);
        count[b] += 1;
        s += sin(x[order[i]]) * count[b];
    }
#pragma pargrad reduce(+ : t)
    for (i = 0; i < n; i++)
        t += x[order[i]] * x[i] * (1.0 + 0.1 * count[i % 4]);
    free(order);
    return s + t;
}

/* An output that also reads itself at indices from an int array: its
 * extent comes from its writes, and y_b is consumed all the same. */
void picked(int n, const double *x, double *y) {
    int pick[2] = {0, n - 1};
    int i;
    for (i = 0; i < n; i++)
        y[i] = sin(x[i]);
    for (i = 0; i < n; i++)
        y[i] = y[i] * 0.5 + 0.25 * y[pick[i % 2]] * x[i];
}

#pragma pargrad reverse(permuted_counts) wrt(x)
#pragma pargrad reverse(picked) wrt(x) out(y)
