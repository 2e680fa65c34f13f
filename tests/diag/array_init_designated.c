/* expect: 5:20: designated initialisers are not supported */
double f(int n, const double *x)
{
    (void)n;
    double w[3] = {[2] = 1.0};
    return w[2] * x[0];
}

#pragma pargrad reverse(f) wrt(x)
