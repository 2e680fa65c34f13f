/* Loops annotated as maps whose promise pargrad cannot check: a ring
 * buffer shifted in place (y[(i + 1) % n] from y[i]), an in-place reversal
 * blended with the original (a[n - 1 - i] from a[i]), and a gather from a
 * neighbour through a table of indices, an element every iteration reads,
 * the whole array read in each iteration, pairs at twice the index, a
 * helper given the first row, a shift by a distance held in a variable,
 * an element written twice (y[i] and y[n - 1 - i]), a histogram reading
 * what its iterations write, branches writing neighbouring elements. C
 * runs each in order, its iterations depend on each other, and pargrad
 * must differentiate that order (with a warning), not a parallel map.
 * Next to them, a map over one row of a grid (reading its own row at
 * another column) and a map writing the second half of a buffer from its
 * first: both keep their promise and stay parallel. Also frexp and modf,
 * which split a value and store one part through a pointer. */
#include <math.h>
#include <stdlib.h>

double ring_shift(int n, const double *x) {
    double *y = malloc(sizeof(double) * (size_t)n);
    for (int i = 0; i < n; i++)
        y[i] = x[i];
#pragma pargrad map
    for (int i = 0; i < n; i++)
        y[(i + 1) % n] = 0.5 * y[i] + 0.25 * sin(x[i]);
    double s = 0.0;
    for (int i = 0; i < n; i++)
        s += y[i] * y[i] * (1.0 + 0.1 * i);
    free(y);
    return s;
}

double mirror_blend(int n, const double *x) {
    double a[n];
    int i;
    for (i = 0; i < n; i++)
        a[i] = x[i] * x[i];
#pragma pargrad map
    for (i = 0; i < n; i++)
        a[n - 1 - i] = 0.5 * (a[i] + tanh(x[i]));
    double s = 0.0;
    for (i = 0; i < n; i++)
        s += a[i] * (i + 1);
    return s;
}

double gather_neighbour(int n, const double *x) {
    int *next = malloc(sizeof(int) * (size_t)n);
    double *v = malloc(sizeof(double) * (size_t)n);
    for (int i = 0; i < n; i++) {
        next[i] = (i * 7 + 3) % n;
        v[i] = cos(x[i]);
    }
#pragma pargrad map
    for (int i = 0; i < n; i++)
        v[i] = v[i] * 0.75 + 0.5 * x[i] * v[next[i]];
    double s = 0.0;
    for (int i = 0; i < n; i++)
        s += v[i];
    free(next);
    free(v);
    return s;
}

/* an element every iteration reads, which the first writes; the sum of
 * the whole array in each iteration; pairs at twice the index; a helper
 * given the iteration's row and the first row */
double fixed_and_strided(int n, const double *x) {
    double *y = malloc(sizeof(double) * (size_t)(2 * n));
    for (int i = 0; i < 2 * n; i++)
        y[i] = x[i % n] + 0.1 * i;
#pragma pargrad map
    for (int i = 0; i < n; i++)
        y[i] = 0.5 * y[i] + 0.25 * y[0] * y[0];
#pragma pargrad map
    for (int i = 0; i < n; i++) {
        double t = 0.0;
        for (int j = 0; j < n; j++)
            t += y[j] * y[j];
        y[i] = y[i] + 0.01 * t;
    }
#pragma pargrad map
    for (int i = 0; i < n; i++)
        y[i] = y[i] + 0.5 * y[2 * i] * y[2 * i + 1];
    double s = 0.0;
    for (int i = 0; i < 2 * n; i++)
        s += y[i] * y[i];
    free(y);
    return s;
}

static void add_squares(int m, double *dst, const double *src) {
    for (int j = 0; j < m; j++)
        dst[j] = dst[j] + 0.5 * src[j] * src[j];
}

double row_helper(int n, const double *x) {
    int m = 3;
    double *a = malloc(sizeof(double) * (size_t)(n * m));
    for (int k = 0; k < n * m; k++)
        a[k] = x[k % n] + 0.1 * k;
#pragma pargrad map
    for (int i = 0; i < n; i++)
        add_squares(m, a + i * m, a);
    double s = 0.0;
    for (int k = 0; k < n * m; k++)
        s += a[k] * a[k];
    free(a);
    return s;
}

/* (kept their promise: parallel maps) */
double own_rows(int n, const double *x) {
    int m = 3;
    double *g = malloc(sizeof(double) * (size_t)(n * m));
    double *h = malloc(sizeof(double) * (size_t)(2 * n));
#pragma pargrad map
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < m; j++)
            g[i * m + j] = x[i] * (j + 1);
        for (int j = 1; j < m; j++)
            g[i * m + j] = g[i * m + j] + 0.5 * g[i * m + j - 1] * g[i * m];
    }
    for (int i = 0; i < n; i++)
        h[i] = x[i] + 1.0;
#pragma pargrad map
    for (int i = 0; i < n; i++)
        h[n + i] = sqrt(h[i] * h[i] + 0.5);
    double s = 0.0;
    for (int k = 0; k < n * m; k++)
        s += g[k] * g[k];
    for (int k = n; k < 2 * n; k++)
        s += h[k];
    free(g);
    free(h);
    return s;
}

static double mantissa(double v, int *e) {
    return frexp(v, e);
}

double split_parts(int n, const double *x) {
    double s = 0.0;
#pragma pargrad reduce(+ : s)
    for (int i = 0; i < n; i++) {
        int e;
        double whole;
        double m = mantissa(1.5 + x[i] * x[i], &e);
        double frac = modf(4.0 * x[i], &whole);
        double mb;
        int eb;
        mb = frexp(2.0 + x[i], &eb);
        s += m * m * e + frac * frac + 0.25 * whole * x[i] + mb * eb;
    }
    return s;
}
/* the parts stored into arrays, one element per iteration of a map */
double split_into_arrays(int n, const double *x) {
    double *frac = malloc(sizeof(double) * (size_t)n), *whole = malloc(sizeof(double) * (size_t)n);
    int *expo = malloc(sizeof(int) * (size_t)n);
#pragma pargrad map
    for (int i = 0; i < n; i++) {
        frac[i] = modf(3.3 * x[i] + 10.0, &whole[i]);
        frac[i] += frexp(7.3 * x[i] + 10.0, &expo[i]);
    }
    double s = 0.0;
    for (int i = 0; i < n; i++)
        s += frac[i] * frac[i] * expo[i] + whole[i] * x[i];
    free(frac);
    free(whole);
    free(expo);
    return s;
}
/* a shift by a distance known only as it runs: iteration i reads the
 * element iteration i + k writes (k = 0, or k past the loop's end, would
 * keep the promise; pargrad cannot tell which) */
double shifted_by(int n, const double *x) {
    int k = n / 3 + 1;
    double *y = malloc(sizeof(double) * (size_t)n);
    for (int i = 0; i < n; i++)
        y[i] = cos(x[i]);
#pragma pargrad map
    for (int i = 0; i < n - k; i++)
        y[i] = 0.5 * y[i + k] * y[i] + 0.25 * sin(x[i]);
    double s = 0.0;
    for (int i = 0; i < n; i++)
        s += y[i] * y[i] * (1.0 + 0.1 * i);
    free(y);
    return s;
}

/* two writes per iteration, y[i] and its mirror y[n - 1 - i]: iteration
 * n - 1 - i writes both again, and C's order says which value stays */
double mirrored_writes(int n, const double *x) {
    double *y = calloc((size_t)n, sizeof(double));
#pragma pargrad map
    for (int i = 0; i < n; i++) {
        y[i] = sin(x[i]);
        y[n - 1 - i] = 2.0 * x[i] * x[i];
    }
    double s = 0.0;
    for (int i = 0; i < n; i++)
        s += y[i] * (1.0 + 0.1 * i);
    free(y);
    return s;
}

/* a histogram whose iterations also write an array and read it mirrored */
double binned_mirror(int n, const double *x) {
    double h[4] = {0.0, 0.0, 0.0, 0.0};
    double *v = malloc(sizeof(double) * (size_t)n);
    for (int i = 0; i < n; i++)
        v[i] = 1.0;
#pragma pargrad histogram(+ : h)
    for (int i = 0; i < n; i++) {
        v[i] = 2.0 * x[i];
        h[i % 4] += v[n - 1 - i] * x[i];
    }
    double s = h[0] + 2.0 * h[1] + 3.0 * h[2] + 4.0 * h[3];
    free(v);
    return s;
}

/* the branches of an if writing neighbouring elements: an even
 * iteration writes y[i + 1], the odd one after it reads and writes it */
double branch_neighbours(int n, const double *x) {
    double *y = malloc(sizeof(double) * (size_t)(n + 1));
    for (int i = 0; i < n + 1; i++)
        y[i] = 1.0 + 0.1 * i;
#pragma pargrad map
    for (int i = 0; i < n; i++) {
        if (i % 2 == 0)
            y[i + 1] = sin(x[i]);
        else
            y[i] = y[i] * x[i];
    }
    double s = 0.0;
    for (int i = 0; i < n + 1; i++)
        s += y[i] * y[i];
    free(y);
    return s;
}

#pragma pargrad reverse(ring_shift) wrt(x)
#pragma pargrad reverse(split_into_arrays) wrt(x)
#pragma pargrad reverse(mirror_blend) wrt(x)
#pragma pargrad reverse(gather_neighbour) wrt(x)
#pragma pargrad reverse(own_rows) wrt(x)
#pragma pargrad reverse(fixed_and_strided) wrt(x)
#pragma pargrad reverse(row_helper) wrt(x)
#pragma pargrad reverse(split_parts) wrt(x)
#pragma pargrad reverse(shifted_by) wrt(x)
#pragma pargrad reverse(mirrored_writes) wrt(x)
#pragma pargrad reverse(binned_mirror) wrt(x)
#pragma pargrad reverse(branch_neighbours) wrt(x)
