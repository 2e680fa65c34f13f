/* expect: 8:16: y[i-1] is read after the recurrence updated y[i] */
void f(int n, const double *x, double *y, double *z)
{
    y[0] = x[0];
#pragma pargrad scan(affine : y)
    for (int i = 1; i < n; i++) {
        y[i] = 0.5 * y[i - 1] + x[i];
        z[i] = y[i - 1] * x[i];
    }
}

#pragma pargrad reverse(f) wrt(x) out(y, z)
