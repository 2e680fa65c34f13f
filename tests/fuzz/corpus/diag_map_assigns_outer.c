/* expect: 8:9: read before the iteration assigns it */
double f(int n, const double *x)
{
    double acc = 0.0;
#pragma pargrad map
    for (int i = 0; i < n; i++) {
        double t = x[i] * x[i];
        acc += t;
    }
    return acc;
}

#pragma pargrad reverse(f) wrt(x)
