/* expect: 4:17: affine is not an operator of histograms */
double f(int n, const double *x, const int *bin, double h[8])
{
#pragma pargrad histogram(affine: h)
    for (int i = 0; i < n; i++)
        h[bin[i]] = 0.5 * h[bin[i]] + x[i];
    return h[0];
}

#pragma pargrad reverse(f) wrt(x)
