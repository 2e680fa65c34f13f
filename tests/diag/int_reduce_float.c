/* expect: 8:9: floating contribution to the integer reduce variable */
int f(int n, const double *x)
{
    int r = 0;
    double s = 0.0;
#pragma pargrad reduce(+ : r, s)
    for (int i = 0; i < n; i++) {
        r += x[i];
        s += x[i];
    }
    return r + (int)s;
}

double g(int n, const double *x)
{
    return f(n, x) * x[0];
}

#pragma pargrad reverse(g) wrt(x)
