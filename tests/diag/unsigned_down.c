/* expect: 6:21: never ends */
double f(unsigned n, const double *x)
{
    unsigned i;
    double s = 0.0;
    for (i = n - 1; i >= 0; i--)
        s = s * 0.5 + x[i];
    return s;
}

#pragma pargrad reverse(f) wrt(x)
