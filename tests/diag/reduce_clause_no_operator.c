/* expect: 6:34: reduce needs an operator */
/* A second reduce clause without its operator (the first one's is not
 * carried over); the hint works: reduce(max : hi). */
double range(int n, const double *x) {
    double lo = x[0], hi = x[0];
#pragma pargrad reduce(min : lo) reduce(hi)
    for (int i = 0; i < n; i++) {
        lo = lo < x[i] ? lo : x[i];
        hi = hi > x[i] ? hi : x[i];
    }
    return hi - lo;
}

#pragma pargrad reverse(range) wrt(x)
