/* expect: 6:28: not canonical */
double f(int n, const double *x)
{
    double s = 0.0;
#pragma pargrad reduce(+: s)
    for (int i = 1; i < n; i *= 2)
        s += x[i] * x[i];
    return s;
}

#pragma pargrad reverse(f) wrt(x)
