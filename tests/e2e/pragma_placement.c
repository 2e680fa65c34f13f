/* Regression (trust issue): pragmas are read as the compiler reads them. A
 * pragma inside `#if 0` or a comment does not apply (these loops are
 * recurrences, wrong as maps); a trailing comment on a pragma line is fine;
 * a pragma applies to the first loop of the next line only (here the inner
 * loop on the same line is a recurrence along a row). */
#include <math.h>
#include <stdlib.h>

double placement(int n, const double *x) {
    double *y = malloc(n * sizeof(double));
    y[0] = x[0];
#if 0
#pragma pargrad map
#endif
    for (int i = 1; i < n; i++)
        y[i] = 0.5 * y[i - 1] + sin(x[i]);
    /* this loop used to be annotated:
#pragma pargrad map
    */
    for (int i = 1; i < n; i++)
        y[i] = 0.9 * y[i] + 0.2 * y[i - 1];
    int rows = n / 4;
    double *A = malloc(n * sizeof(double));
    /* the two loops share a line on purpose */
    // clang-format off
#pragma pargrad map // rows are independent
    for (int r = 0; r < rows; r++) for (int c = 0; c < 4; c++) A[r * 4 + c] = (c == 0 ? 0.0 : 0.7 * A[r * 4 + c - 1]) + y[r * 4 + c];
    // clang-format on
    double s = 0.0;
#pragma pargrad reduce(+ : s) /* all of y */
    for (int i = 0; i < n; i++)
        s += y[i] * y[i];
#pragma pargrad reduce(+ : s)
    for (int i = 0; i < rows * 4; i++)
        s += cos(A[i]);
    free(A);
    free(y);
    return s;
}

#pragma pargrad reverse(placement) wrt(x)
