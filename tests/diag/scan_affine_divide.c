/* expect: 7:9: unsupported update of the recurrence 'h' */
double f(int n, const double *x)
{
    double h = 0.5;
#pragma pargrad scan(affine: h)
    for (int i = 0; i < n; i++)
        h = x[i] / (1.0 + h * h) + 0.5;
    return h;
}

#pragma pargrad reverse(f) wrt(x)
