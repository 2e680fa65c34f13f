/* expect: 6:5: its term depends on the value of 'acc' */
void f(int n, const double *x, double *y)
{
    double acc = 1.0;
#pragma pargrad scan(+: acc)
    for (int i = 0; i < n; i++) {
        double grow = 0.5 * acc;
        acc += grow * x[i];
        y[i] = acc;
    }
}

#pragma pargrad reverse(f) wrt(x) out(y)
