/* expect: 9:13: 'break' */
void f(int n, const double *x, double *y)
{
#pragma pargrad map
    for (int i = 0; i < n; i++) {
        double t = x[i] * x[i];
        y[i] = t;
        if (t > 4.0)
            break;
    }
}

#pragma pargrad reverse(f) wrt(x) out(y)
