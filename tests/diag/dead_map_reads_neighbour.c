/* expect: 18:30: read elements of 'w' that other iterations write */
/* The smoothing pass after a debugging switch's early return never runs
 * while DEBUG_RETURN is 1, but its map reads its neighbour, which another
 * iteration writes: the promise is checked in code that does not run too,
 * since it runs as soon as the switch changes. */
#define DEBUG_RETURN 1
double smooth(int n, const double *x, double *w) {
    double s = 0.0;
    for (int i = 0; i < n; i++)
        w[i] = x[i] * x[i];
    if (DEBUG_RETURN) {
        for (int i = 0; i < n; i++)
            s += w[i];
        return s;
    }
#pragma pargrad map
    for (int i = 1; i < n; i++)
        w[i] = 0.5 * (w[i] + w[i - 1]);
    for (int i = 0; i < n; i++)
        s += w[i];
    return s;
}
#pragma pargrad reverse(smooth) wrt(x)
