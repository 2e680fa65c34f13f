/* accepted-broken-promise: a map nested in a map writing the OUTER index bpa[i] from every inner iteration j is accepted. */
double f(int n, int m, const double *x) {
    double bpa[64];
#pragma pargrad map
    for (int i = 0; i < n; i++) {
#pragma pargrad map
        for (int j = 0; j < m; j++)
            bpa[i] = x[i] * (j + 1);
    }
    return bpa[0];
}
#pragma pargrad reverse(f) wrt(x)
