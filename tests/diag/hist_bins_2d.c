/* expect: 4:32: the max histogram 'h' has bins in more than one dimension */
void f(int n, int nb, const double *x, const int *bin, double h[nb][4])
{
#pragma pargrad histogram(max: h)
    for (int i = 0; i < n; i++)
        for (int j = 0; j < 4; j++)
            h[bin[i]][j] = fmax(h[bin[i]][j], x[i]);
}

#pragma pargrad reverse(f) wrt(x) out(h)
