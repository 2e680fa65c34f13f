/* expect: 5:5: 'while' */
double f(int n, const double *x)
{
    double s = x[0];
    while (s < 10.0)
        s = s * 2.0 + x[1];
    return s;
}

#pragma pargrad reverse(f) wrt(x)
