/* expect: 9:5: memcpy between overlapping parts of one array */
#include <stdlib.h>
#include <string.h>

/* A shift by one element with memcpy: source and destination overlap,
 * which C leaves undefined (memmove is the call for it). */
double shifted(int n, const double *x) {
    double *b = malloc(2 * n * sizeof(double));
    memcpy(b + 1, b, n * sizeof(double));
    double s = 0.0;
    for (int i = 0; i < n; i++)
        s += b[i] * x[i];
    free(b);
    return s;
}

#pragma pargrad reverse(shifted) wrt(x)
