/* expect: 5:26: a scan of the array 'y': a scan of a row of accumulators is not supported yet */
void f(int n, const double *x, double *y)
{
    y[0] = x[0];
#pragma pargrad scan(+ : y)
    for (int i = 1; i < n; i++)
        y[i] = y[i - 1] + x[i];
}

#pragma pargrad reverse(f) wrt(x) out(y)
