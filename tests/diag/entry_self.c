/* expect: 9:13: 'u' has a false dependence in the loop of checkpoint(entry: ...): this statement reads the element it overwrites */
double f(int n, const double *x) {
    double u[n];
    for (int j = 0; j < n; j++)
        u[j] = x[j];
#pragma pargrad loop checkpoint(entry: u)
    for (int t = 0; t < 10; t++)
        for (int j = 0; j < n; j++)
            u[j] += 0.1 * u[j] * u[j];
    double s = 0.0;
    for (int j = 0; j < n; j++)
        s += u[j];
    return s;
}
#pragma pargrad reverse(f) wrt(x)
