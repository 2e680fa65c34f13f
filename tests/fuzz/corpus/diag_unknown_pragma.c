/* expect: 4:17: unknown pargrad pragma */
void f(int n, const double *x, double *y)
{
#pragma pargrad mapp
    for (int i = 0; i < n; i++)
        y[i] = x[i] * x[i];
}

#pragma pargrad reverse(f) wrt(x) out(y)
