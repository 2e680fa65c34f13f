/* expect: 7:25: is private to the iterations of the parallel loop around this one */
void f(int n, int m, const double *x, double *y)
{
    double acc = 0.0;
#pragma pargrad map
    for (int i = 0; i < n; i++) {
#pragma pargrad scan(+: acc)
        for (int j = 0; j < m; j++) {
            acc += x[i * m + j];
            y[i * m + j] = acc;
        }
    }
}
#pragma pargrad reverse(f) wrt(x) out(y)
