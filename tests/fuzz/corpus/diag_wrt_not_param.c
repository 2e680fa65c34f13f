/* expect: 11:35: 'z' is not a parameter */
double f(int n, const double *x)
{
    double s = 0.0;
#pragma pargrad reduce(+: s)
    for (int i = 0; i < n; i++)
        s += x[i] * x[i];
    return s;
}

#pragma pargrad reverse(f) wrt(x, z)
