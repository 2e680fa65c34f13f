/* expect: 5:17: scan(+: acc)' is not supported yet */
void f(int n, const double *x, double *y)
{
    double acc = 0.0;
#pragma pargrad scan(+: acc)
    for (int i = 0; i < n; i++) {
        acc = acc + x[i];
        y[i] = acc;
    }
}

#pragma pargrad reverse(f) wrt(x) out(y)
