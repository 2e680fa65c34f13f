/* expect: 9:5: 'cur' points into different arrays depending on the path an iteration of the loop at line 9 takes */
#include <math.h>

/* Buffers swapped only in some iterations: the next iteration reads a
 * pointer whose array depends on a condition. */
void smooth(int n, int T, double *u, double *v) {
    double *cur = u, *nxt = v, *tmp;
    int t, i;
    for (t = 0; t < T; t++) {
#pragma pargrad map
        for (i = 1; i < n - 1; i++)
            nxt[i] = cur[i] + 0.1 * sin(cur[i - 1] - cur[i + 1]);
        if (t % 3 != 2) {
            tmp = cur;
            cur = nxt;
            nxt = tmp;
        }
    }
}

#pragma pargrad reverse(smooth) wrt(u, v) out(u, v)
