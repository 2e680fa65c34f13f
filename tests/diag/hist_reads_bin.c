/* expect: 8:20: reads the histogram 'h' inside its loop */
void f(int n, int nb, const double *x, const int *bin, double *h)
{
#pragma pargrad histogram(+: h)
    for (int i = 0; i < n; i++) {
        int k = bin[i];
        /* normalising by the bin's running value is not a histogram */
        double v = h[k] + 1.0;
        h[k] += x[i] / v;
    }
}

#pragma pargrad reverse(f) wrt(x) out(h)
