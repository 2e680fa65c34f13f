/* expect: 5:21: not canonical */
void f(int n, const double *x, double *y)
{
#pragma pargrad map
    for (int i = 0; i * i < n; i++)
        y[i] = x[i] * x[i];
}

#pragma pargrad reverse(f) wrt(x) out(y)
