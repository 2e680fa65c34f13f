/* accepted-broken-promise: a map writing an output array at a loop-invariant index y[0] is accepted (same as 005, through out(y)). */
void f(int n, const double *x, double *y) {
#pragma pargrad map
    for (int i = 0; i < n; i++)
        y[0] = x[i] * x[i];
}
#pragma pargrad reverse(f) wrt(x) out(y)
