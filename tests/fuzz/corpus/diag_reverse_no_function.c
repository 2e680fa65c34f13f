/* expect: 11:25: no function named 'g' */
double f(int n, const double *x)
{
    double s = 0.0;
#pragma pargrad reduce(+: s)
    for (int i = 0; i < n; i++)
        s += x[i] * x[i];
    return s;
}

#pragma pargrad reverse(g) wrt(x)
