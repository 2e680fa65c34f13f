/* rejected (a valid program; README: early return works): a void function's early 'return;' is rejected with "only one branch returns". */
void f(int n, const double *x, double *y) {
    if (x[0] > 0.5)
        return;
#pragma pargrad map
    for (int i = 0; i < n; i++)
        y[i] = x[i] * x[i];
}
#pragma pargrad reverse(f) wrt(x) out(y)
