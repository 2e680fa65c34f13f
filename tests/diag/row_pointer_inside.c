/* expect: 12:13: a pointer into the middle of a row of the 2-D array 'A' */
#include <math.h>

/* A row pointer walking along the row: pargrad follows whole rows of 2-D
 * arrays (A[i], &A[i][0]) and indexes them, row[j]. */
double f(int n, int m, const double A[n][m]) {
    double s = 0.0;
    for (int i = 0; i < n; i++) {
        const double *p = A[i];
        for (int j = 0; j < m; j++) {
            s += *p * *p;
            p++;
        }
    }
    return s;
}

#pragma pargrad reverse(f) wrt(A)
