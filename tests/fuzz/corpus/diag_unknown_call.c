/* expect: 9:14: call to 'foo' */
double foo(double);

double f(int n, const double *x)
{
    double s = 0.0;
#pragma pargrad reduce(+: s)
    for (int i = 0; i < n; i++)
        s += foo(x[i]);
    return s;
}

#pragma pargrad reverse(f) wrt(x)
