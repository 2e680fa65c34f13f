/* expect: 6:26: recursive */
double f(int n, const double *x)
{
    if (n <= 0)
        return 0.0;
    return x[0] * x[0] + f(n - 1, x + 1);
}

#pragma pargrad reverse(f) wrt(x)
