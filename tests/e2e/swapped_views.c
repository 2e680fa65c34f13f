/* Pointers swapped within one array, found by an adversarial review: two
 * time levels in the halves of one malloc'ed block, and three leapfrog
 * levels in thirds of one block, the old level also read at a neighbour.
 * The pointers' offsets are carried values that take each other's values,
 * in one step. And a while loop that swaps with a continue after the swap. */
#include <math.h>
#include <stdlib.h>

double halves(int n, int T, const double *x) {
    double *buf = malloc(2 * n * sizeof(double));
    double *cur = buf, *nxt = buf + n, *tmp;
    double s = 0.0;
    int t, i;
#pragma pargrad map
    for (i = 0; i < n; i++)
        cur[i] = x[i];
    for (t = 0; t < T; t++) {
#pragma pargrad map
        for (i = 0; i < n; i++)
            nxt[i] = 0.6 * cur[i] + 0.3 * sin(cur[(i + 1) % n]) * cur[i];
        tmp = cur;
        cur = nxt;
        nxt = tmp;
    }
#pragma pargrad reduce(+ : s)
    for (i = 0; i < n; i++)
        s += cur[i] * cur[i] * (1.0 + 0.1 * i);
    free(buf);
    return s;
}

double thirds(int n, int T, const double *x) {
    double *buf = malloc(3 * n * sizeof(double));
    double *prev = buf, *curr = buf + n, *next = buf + 2 * n, *t3;
    double s = 0.0;
    int t, i;
#pragma pargrad map
    for (i = 0; i < n; i++) {
        prev[i] = x[i];
        curr[i] = x[i] + 0.05 * sin(x[i]);
    }
    for (t = 0; t < T; t++) {
#pragma pargrad map
        for (i = 0; i < n; i++)
            next[i] = 2.0 * curr[i] - 0.5 * (prev[i] + prev[(i + 1) % n]) +
                      0.2 * (curr[(i + n - 1) % n] - 2.0 * curr[i] + curr[(i + 1) % n]);
        t3 = prev;
        prev = curr;
        curr = next;
        next = t3;
    }
#pragma pargrad reduce(+ : s)
    for (i = 0; i < n; i++)
        s += curr[i] * curr[i] + 0.5 * prev[i];
    free(buf);
    return s;
}

double wcont(int n, int T, int skip, const double *x, double u[n], double w[n]) {
    double *cur = u, *nxt = w, *tmp;
    double s = 0.0;
    int t = 0, i;
#pragma pargrad map
    for (i = 0; i < n; i++)
        u[i] = x[i];
    while (t < T) {
#pragma pargrad map
        for (i = 0; i < n; i++)
            nxt[i] = 0.7 * cur[i] + 0.3 * cos(cur[(i + 1) % n]);
        tmp = cur;
        cur = nxt;
        nxt = tmp;
        t++;
        if (t == skip)
            continue;
        s += 0.1 * cur[0] * cur[1];
    }
    return s + cur[2];
}

#pragma pargrad reverse(halves) wrt(x)
#pragma pargrad reverse(thirds) wrt(x)
#pragma pargrad reverse(wcont) wrt(x)
