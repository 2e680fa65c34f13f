/* expect: 18:9: 'nxt' names an array as a whole (a parameter or an allocation): pargrad does not point it elsewhere */
#include <math.h>
#include <stdlib.h>

/* The allocation itself swapped with the input: pargrad follows pointers
 * declared as pointers into arrays (double *cur = u, *nxt = buf;), not the
 * arrays' own names. */
double smooth(int n, int T, double *u) {
    double *nxt = malloc(n * sizeof(double)), *cur = u, *tmp;
    double s = 0.0;
    int t, i;
    for (t = 0; t < T; t++) {
#pragma pargrad map
        for (i = 0; i < n; i++)
            nxt[i] = cur[i] + 0.1 * sin(cur[(i + 1) % n]);
        tmp = cur;
        cur = nxt;
        nxt = tmp;
    }
#pragma pargrad reduce(+ : s)
    for (i = 0; i < n; i++)
        s += cur[i];
    free(nxt);
    return s;
}

#pragma pargrad reverse(smooth) wrt(u)
