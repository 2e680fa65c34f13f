/* expect: 12:22: unsupported array argument */
static double sq(int n, const double *p)
{
    double s = 0.0;
    for (int i = 0; i < n; i++)
        s += p[i] * p[i];
    return s;
}

double f(int n, const double *x)
{
    return sq(n - 1, x + 1);
}

#pragma pargrad reverse(f) wrt(x)
