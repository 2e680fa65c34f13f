/* Found writing test programs (a second pair of eyes): three buffers
 * rotated in a time loop with a scalar carried through it; the loop runs
 * one version of its body per rotation, an if whose results the frame
 * keeps: results of the if and of the if in its else were named in the
 * scopes of different kernels, and took the same name (nvcc: "probe_8"
 * has already been declared). */
#include <stdlib.h>
double m5(int n, int T, const double *u0) {
    double *a = malloc(sizeof(double) * (size_t)n);
    double *b = malloc(sizeof(double) * (size_t)n);
    double *d = malloc(sizeof(double) * (size_t)n);
#pragma pargrad map
    for (int i = 0; i < n; i++) {
        a[i] = u0[i];
        b[i] = u0[i];
        d[i] = 0.0;
    }
    double *prev = a, *cur = b, *next = d;
    double probe = 0.0;
    for (int t = 0; t < T; t++) {
#pragma pargrad map
        for (int i = 0; i < n; i++)
            next[i] = cur[i] * prev[i];
        probe = 0.5 * probe + next[0];
        double *tmp = prev;
        prev = cur;
        cur = next;
        next = tmp;
    }
    free(a);
    free(b);
    free(d);
    return probe;
}
#pragma pargrad reverse(m5) wrt(u0)
