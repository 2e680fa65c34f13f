/* expect: 4:17: only + histograms are supported yet */
void f(int n, const double *x, const int *bin, double *h)
{
#pragma pargrad histogram(max: h)
    for (int i = 0; i < n; i++)
        h[bin[i]] = fmax(h[bin[i]], x[i]);
}

#pragma pargrad reverse(f) wrt(x) out(h)
