/* expect: 7:28: away from the bound */
double f(int n, const double *x)
{
    int i;
    double s = 0.0;
#pragma pargrad reduce(+: s)
    for (i = n - 1; i < n; i--)
        s += x[i] * x[i];
    return s;
}

#pragma pargrad reverse(f) wrt(x)
