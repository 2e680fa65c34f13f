/* expect: 4:19: expected ';' */
double f(int n, const double *x)
{
    double s = 0.0
    for (int i = 0; i < n; i++)
        s += x[i] * x[i];
    return s;
}

#pragma pargrad reverse(f) wrt(x)
