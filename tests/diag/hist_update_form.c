/* expect: 6:9: unsupported update of the + histogram 'h' */
void f(int n, const double *x, const int *bin, double *h)
{
#pragma pargrad histogram(+: h)
    for (int i = 0; i < n; i++)
        h[bin[i]] *= x[i];
}

#pragma pargrad reverse(f) wrt(x) out(h)
