/* expect: 6:5: its term reads an array the loop writes */
void f(int n, const double *x, double *y, double *z)
{
    double acc = 0.0;
#pragma pargrad scan(+: acc)
    for (int i = 0; i < n; i++) {
        y[i] = 2.0 * x[i];
        acc += y[i];
        z[i] = acc;
    }
}

#pragma pargrad reverse(f) wrt(x) out(y, z)
