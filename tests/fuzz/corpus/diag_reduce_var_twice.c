/* expect: 6:31: 's' is listed twice */
double f(int n, const double *x)
{
    double s = 0.0;
    double p = 1.0;
#pragma pargrad reduce(+ : s, s)
    for (int i = 0; i < n; i++)
        s += x[i];
    return s + p;
}

#pragma pargrad reverse(f) wrt(x)
