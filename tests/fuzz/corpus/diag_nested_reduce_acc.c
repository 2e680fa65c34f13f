/* expect: 11:13: updates the reduce variable 's' of an enclosing loop */
double f(int n, int m, const double *A)
{
    double s = 0.0;
#pragma pargrad reduce(+ : s)
    for (int i = 0; i < n; i++) {
        double r = 0.0;
#pragma pargrad reduce(+ : r)
        for (int j = 0; j < m; j++) {
            r += A[i * m + j];
            s += A[i * m + j] * A[i * m + j];
        }
        s += r;
    }
    return s;
}

#pragma pargrad reverse(f) wrt(A)
