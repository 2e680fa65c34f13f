/* expect: 7:27: reduction variable 's' */
double f(int n, const double *x)
{
    double s = 0.0;
#pragma pargrad reduce(+: s)
    for (int i = 0; i < n; i++) {
        double t = x[i] * s;
        s += t;
    }
    return s;
}

#pragma pargrad reverse(f) wrt(x)
