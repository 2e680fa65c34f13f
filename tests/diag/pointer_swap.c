/* expect: 20:12: after the loop at line 10, 'cur' points into one array or another depending on how many iterations ran and where it stopped */
#include <math.h>

/* Ping-pong buffers swapped until a step changes little: after the break,
 * which array holds the result depends on the iteration that broke out
 * (before its swap). */
double settle(int n, int T, double *u, double *v) {
    double *cur = u, *nxt = v, *tmp;
    int t, i;
    for (t = 0; t < T; t++) {
#pragma pargrad map
        for (i = 1; i < n - 1; i++)
            nxt[i] = cur[i] + 0.1 * sin(cur[i - 1] - cur[i + 1]);
        if (fabs(nxt[1] - cur[1]) < 1e-12)
            break;
        tmp = cur;
        cur = nxt;
        nxt = tmp;
    }
    return cur[1] + cur[n - 2];
}

#pragma pargrad reverse(settle) wrt(u)
