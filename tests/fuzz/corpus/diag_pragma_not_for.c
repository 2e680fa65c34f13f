/* expect: 7:5: must be a for loop */
double f(int n, const double *x)
{
    double s = 0.0;
    int i = 0;
#pragma pargrad reduce(+: s)
    while (i < n) {
        s += x[i] * x[i];
        i++;
    }
    return s;
}

#pragma pargrad reverse(f) wrt(x)
