/* expect: 2:6: cannot tell how many elements of the output 'h' there are */
void f(int n, const double *x, const int *key, double (*h)[4])
{
#pragma pargrad histogram(+ : h)
    for (int i = 0; i < n; i++)
        for (int j = 0; j < 4; j++)
            h[key[i]][j] += x[i] * j;
}

#pragma pargrad reverse(f) wrt(x) out(h)
