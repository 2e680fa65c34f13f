/* expect: 8:13: assigns to the loop index 'i' */
double f(int n, const double *x)
{
    double s = 0.0;
    for (int i = 0; i < n; i++) {
        s += x[i] * x[i];
        if (s > 1.0)
            i++;
    }
    return s;
}

#pragma pargrad reverse(f) wrt(x)
