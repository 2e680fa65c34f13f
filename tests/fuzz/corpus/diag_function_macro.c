/* expect: 9:14: inside a macro */
#define SQ(a) ((a) * (a))

double f(int n, const double *x)
{
    double s = 0.0;
#pragma pargrad reduce(+: s)
    for (int i = 0; i < n; i++)
        s += SQ(x[i] - 1.0);
    return s;
}

#pragma pargrad reverse(f) wrt(x)
