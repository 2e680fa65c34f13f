/* accepted-broken-promise: a map reading the element the previous iteration wrote (bpa[i - 1]: a loop-carried recurrence) is accepted. */
double f(int n, const double *x) {
    double bpa[64];
    bpa[0] = x[0];
#pragma pargrad map
    for (int i = 1; i < n; i++)
        bpa[i] = 0.5 * bpa[i - 1] + x[i];
    return bpa[n - 1];
}
#pragma pargrad reverse(f) wrt(x)
