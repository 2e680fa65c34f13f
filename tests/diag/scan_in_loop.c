/* expect: 7:17: inside a loop or a called function is not supported yet */
void f(int n, int steps, const double *x, double *y)
{
    for (int t = 0; t < steps; t++) {
        double acc = t;
        /* a scan per time step: the scan's arrays are allocated once, at the top */
#pragma pargrad scan(+: acc)
        for (int i = 0; i < n; i++) {
            acc = acc + x[i];
            y[i] += acc;
        }
    }
}

#pragma pargrad reverse(f) wrt(x) out(y)
