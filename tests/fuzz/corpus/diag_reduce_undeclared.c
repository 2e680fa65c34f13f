/* expect: 5:27: reduce variable 's' */
double f(int n, const double *x)
{
    double t = 0.0;
#pragma pargrad reduce(+: s)
    for (int i = 0; i < n; i++)
        t += x[i] * x[i];
    return t;
}

#pragma pargrad reverse(f) wrt(x)
