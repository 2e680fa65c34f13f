/* expect: 14:9: 'cur' pointed into 'u' and here points into 'v' */
#include <math.h>

/* Ping-pong buffers swapped by pointer: pargrad follows a pointer into one
 * array only. */
void step(int n, int T, double *u, double *v) {
    double *cur = u, *nxt = v, *tmp;
    int t, i;
    for (t = 0; t < T; t++) {
#pragma pargrad map
        for (i = 1; i < n - 1; i++)
            nxt[i] = cur[i] + 0.1 * sin(cur[i - 1] - cur[i + 1]);
        tmp = cur;
        cur = nxt;
        nxt = tmp;
    }
}

#pragma pargrad reverse(step) wrt(u) out(u, v)
