/* expect: 7:13: 'goto' is not supported */
double f(int n, const double *x)
{
    double s = 0.0;
    for (int i = 0; i < n; i++) {
        if (x[i] < 0.0)
            goto done;
        s += x[i] * x[i];
    }
done:
    return s;
}

#pragma pargrad reverse(f) wrt(x)
