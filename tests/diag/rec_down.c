/* expect: 5:31: unsupported recurrence over the array 'y' */
void f(int n, const double *x, double *y)
{
    y[n - 1] = x[n - 1];
#pragma pargrad scan(affine : y)
    for (int i = n - 2; i >= 0; i--)
        y[i] = 0.5 * y[i + 1] + x[i];
}

#pragma pargrad reverse(f) wrt(x) out(y)
