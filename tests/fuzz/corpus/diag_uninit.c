/* expect: 8:21: 't' is used before it is assigned */
double f(int n, const double *x)
{
    double s = 0.0;
    double t;
#pragma pargrad reduce(+: s)
    for (int i = 0; i < n; i++)
        s += x[i] * t;
    return s;
}

#pragma pargrad reverse(f) wrt(x)
