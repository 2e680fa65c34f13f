/* expect: 4:32: the number of bins of the max histogram 'h' is not known */
void f(int n, const double *x, const int *bin, double *h)
{
#pragma pargrad histogram(max: h)
    for (int i = 0; i < n; i++)
        h[bin[i]] = fmax(h[bin[i]], x[i]);
}

#pragma pargrad reverse(f) wrt(x) out(h)
