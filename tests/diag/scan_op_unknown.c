/* expect: 5:17: cannot tell the operator of the scan of 'acc' */
void f(int n, const double *x, double *y)
{
    double acc = 1.0;
#pragma pargrad scan(acc)
    for (int i = 0; i < n; i++) {
        y[i] = acc * x[i];
    }
}

#pragma pargrad reverse(f) wrt(x) out(y)
