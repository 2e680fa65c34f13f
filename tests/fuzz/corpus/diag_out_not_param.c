/* expect: 11:39: 'q' is not a parameter */
void f(int n, const double *x, double *y)
{
#pragma pargrad map
    for (int i = 0; i < n; i++)
        y[i] = x[i] * x[i];
}

double q[4];

#pragma pargrad reverse(f) wrt(x) out(q)
