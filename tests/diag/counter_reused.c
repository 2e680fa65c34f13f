/* expect: 8:14: already the counter of an enclosing loop */
double f(int n, const double *x)
{
    int i;
    double s = 0.0;
    for (i = 0; i < n; i++) {
        s += x[i];
        for (i = 0; i < 2; i++)
            s *= 0.5;
    }
    return s;
}

#pragma pargrad reverse(f) wrt(x)
