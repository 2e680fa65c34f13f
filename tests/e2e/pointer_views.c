/* Pointer views as numerical C uses them: row pointers into a flat matrix
 * (`const double *Ai = &A[i * n];`), `a + off` passed to BLAS-like helpers,
 * a pointer declared at the top and set in each iteration (OpenMP's
 * private habit), a pointer walking a vector in a sequential loop,
 * `*(p + k)`, a view of a malloc'ed temporary, a conditional pointer and
 * an output written through a walking pointer. */
#include <math.h>
#include <stdlib.h>

static double ddot(int n, const double *a, const double *b) {
    double s = 0.0;
    int k;
    for (k = 0; k < n; k++)
        s += a[k] * b[k];
    return s;
}

static void daxpy(int n, double alpha, const double *x, double *y) {
    int k;
    for (k = 0; k < n; k++)
        y[k] += alpha * x[k];
}

/* One layer y = tanh(W x + b) and a squared loss, rows by pointer. */
double layer_loss(int n, int m, const double *W, const double *b, const double *x, double *y) {
    int i, j;
    double loss = 0.0;
    const double *Wi;
#pragma pargrad map
    for (i = 0; i < n; i++) {
        Wi = W + (size_t)i * m;
        y[i] = tanh(ddot(m, Wi, x) + b[i]);
    }
#pragma pargrad reduce(+ : loss)
    for (j = 0; j < n; j++) {
        const double *yj = &y[j];
        loss += *yj * *yj;
    }
    return loss;
}

/* Gram-like products of rows, with a scratch block written through row
 * pointers and updated by an axpy on views. */
double row_products(int n, int m, const double *A) {
    int i, j;
    double s = 0.0;
    double *T = malloc(sizeof(double) * (size_t)n * (size_t)m);
#pragma pargrad map
    for (i = 0; i < n; i++) {
        const double *Ai = &A[i * m];
        double *Ti = T + i * m;
        for (j = 0; j < m; j++)
            Ti[j] = Ai[j] * sin(Ai[j]);
    }
#pragma pargrad map
    for (i = 1; i < n; i++)
        daxpy(m, 0.5, &A[(i - 1) * m], T + i * m);
#pragma pargrad reduce(+ : s)
    for (i = 0; i < n; i++) {
        const double *Ti = T + i * m;
        s += ddot(m, Ti, &A[i * m]) + *(Ti + m - 1);
    }
    free(T);
    return s;
}

/* A recurrence reading its coefficients through a walking pointer, and a
 * window chosen by a conditional pointer. */
double walk(int n, const double *x, const double *c) {
    const double *p = c;
    const double *w;
    double v = 0.0;
    int k;
    for (k = 0; k < n; k++) {
        v = v * 0.5 + *p * sin(x[k]);
        p++;
    }
    w = n > 3 ? &x[n - 3] : x;
    return v + w[0] * w[0];
}

/* An in-place update through a pointer walking the output: the index of
 * each write is a value carried from the previous iteration. */
void scale_walk(int n, const double *x, double *y) {
    double *p = y;
    int k;
    for (k = 0; k < n; k++) {
        *p = sin(x[k]) * *p + 0.5 * x[k];
        p++;
    }
}

#pragma pargrad reverse(layer_loss) wrt(W, b, x) out(return )
#pragma pargrad reverse(row_products) wrt(A)
#pragma pargrad reverse(walk) wrt(x, c)
#pragma pargrad reverse(scale_walk) wrt(x, y) out(y)
