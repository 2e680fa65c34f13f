/* Scans of a row of accumulators (the papers' vectorised operators): the
 * outer loop scans rows, an inner map loop updates each column's
 * accumulator, acc[j] OP= e. Column running products, exclusive column
 * sums with the operator inferred, running maxima and minima
 * spelled with an if, an exponential moving average per channel (affine),
 * accumulators from malloc with a row pointer and C89 counters, a reverse
 * cumulative sum counting down, and a nest whose inner loop carries no map
 * annotation (differentiated as the sequential loop it is); and the
 * array forms of + and min, and a recurrence counting down. n elements
 * are n / W rows of W (the rest unused). */
#include <math.h>
#include <stdlib.h>

#define W 4

double rows_mul(int n, const double *x) {
    int rows = n / W;
    double *y = malloc((size_t)(rows * W + 1) * sizeof(double));
    double acc[W];
    for (int j = 0; j < W; j++)
        acc[j] = 1.0;
#pragma pargrad scan(* : acc)
    for (int i = 0; i < rows; i++) {
#pragma pargrad map
        for (int j = 0; j < W; j++) {
            acc[j] *= 1.0 + 0.5 * x[i * W + j];
            y[i * W + j] = acc[j];
        }
    }
    double s = 0.0;
    for (int k = 0; k < rows * W; k++)
        s += y[k] * (1.0 + 0.1 * k);
    for (int j = 0; j < W; j++)
        s += acc[j] * acc[j];
    free(y);
    return s;
}

/* exclusive: s[j] read before the update, the operator inferred */
double rows_add_exclusive(int n, const double *x) {
    int rows = n / W;
    double s[W] = {0.5, -0.25, 0.0, 1.0};
    double out = 0.0;
    double *z = malloc((size_t)(rows * W + 1) * sizeof(double));
#pragma pargrad scan(s)
    for (int i = 0; i < rows; i++)
#pragma pargrad map
        for (int j = 0; j < W; j++) {
            z[i * W + j] = sin(s[j]) * x[i * W + j];
            s[j] += x[i * W + j] * x[i * W + j];
        }
    for (int k = 0; k < rows * W; k++)
        out += z[k];
    free(z);
    return out + s[0] * s[3];
}

double rows_max_min(int n, const double *x) {
    int rows = n / W;
    double hi[W], lo[W];
    for (int j = 0; j < W; j++) {
        hi[j] = -2.0;
        lo[j] = 0.25;
    }
    double *a = malloc((size_t)(rows * W + 1) * sizeof(double));
    double *b = malloc((size_t)(rows * W + 1) * sizeof(double));
    double *q = malloc((size_t)(rows * W + 1) * sizeof(double));
    for (int k = 0; k < rows * W; k++)
        q[k] = x[k] * x[k] + 0.1 * x[k];
#pragma pargrad scan(max : hi)
    for (int i = 0; i < rows; i++) {
#pragma pargrad map
        for (int j = 0; j < W; j++) {
            hi[j] = fmax(hi[j], q[i * W + j]);
            a[i * W + j] = hi[j] * x[i * W + j];
        }
    }
#pragma pargrad scan(min : lo)
    for (int i = 0; i < rows; i++) {
#pragma pargrad map
        for (int j = 0; j < W; j++) {
            if (q[i * W + j] < lo[j])
                lo[j] = q[i * W + j];
            b[i * W + j] = lo[j];
        }
    }
    double s = 0.0;
    for (int k = 0; k < rows * W; k++)
        s += a[k] + b[k] * (1.0 + k % 3);
    free(a), free(b), free(q);
    return s + hi[1] - lo[2];
}

/* per-channel exponential moving average: acc[j] = (1 - a) acc[j] + a x */
double rows_ema(int n, const double *x) {
    int rows = n / W;
    double ema[W];
    double s = 0.0;
    for (int j = 0; j < W; j++)
        ema[j] = 0.5 + 0.1 * j;
#pragma pargrad scan(affine : ema)
    for (int i = 0; i < rows; i++) {
#pragma pargrad map
        for (int j = 0; j < W; j++) {
            double alpha = 0.3 + 0.2 * j / W;
            ema[j] = (1.0 - alpha) * ema[j] + alpha * tanh(x[i * W + j]);
        }
    }
    for (int j = 0; j < W; j++)
        s += ema[j] * (j + 1);
    return s;
}

/* C89 style: counters at the top, w accumulators from malloc, a row
 * pointer */
double rows_malloc(int n, const double *x) {
    int i, j, w = 3, rows = n / 3;
    double *acc = malloc((size_t)w * sizeof(double));
    double s = 0.0;
    double *cum = malloc((size_t)(rows * w + 1) * sizeof(double));
    for (j = 0; j < w; j++)
        acc[j] = 0.0;
#pragma pargrad scan(+ : acc)
    for (i = 0; i < rows; i++) {
        const double *row = &x[i * w];
#pragma pargrad map
        for (j = 0; j < w; j++) {
            acc[j] += row[j] * row[j];
            cum[i * w + j] = sqrt(1.0 + acc[j]);
        }
    }
    s += 0.01 * j; /* the column counter after the nest: w if a row ran */
    for (i = 0; i < rows * w; i++)
        s += cum[i];
    free(cum);
    free(acc);
    return s;
}

/* reverse cumulative sums, the rows counted down */
double rows_reverse(int n, const double *x) {
    int rows = n / W;
    double tail[W] = {0.0, 0.0, 0.0, 0.0};
    double *r = malloc((size_t)(rows * W + 1) * sizeof(double));
#pragma pargrad scan(+ : tail)
    for (int i = rows - 1; i >= 0; i--) {
#pragma pargrad map
        for (int j = 0; j < W; j++) {
            tail[j] += exp(0.5 * x[i * W + j]);
            r[i * W + j] = log(tail[j]);
        }
    }
    double s = 0.0;
    for (int k = 0; k < rows * W; k++)
        s += r[k] * cos(0.3 * k);
    free(r);
    return s;
}

/* no map annotation on the columns: the sequential loop, correct */
double rows_unannotated(int n, const double *x) {
    int rows = n / W;
    double acc[W] = {1.0, 1.0, 1.0, 1.0};
    double s = 0.0;
#pragma pargrad scan(* : acc)
    for (int i = 0; i < rows; i++)
        for (int j = 0; j < W; j++) {
            acc[j] *= cos(x[i * W + j]);
            s += acc[j];
        }
    return s + acc[0];
}
/* the array forms: scan(+: y) of y[i] = y[i - 1] + e is the affine
 * recurrence; scan(min: y) of y[i] = fmin(y[i - 1], e) is not a scan
 * pargrad runs in parallel (the sequential loop) */
double array_sum_min(int n, const double *x) {
    double *y = malloc((size_t)n * sizeof(double));
    double *m = malloc((size_t)n * sizeof(double));
    y[0] = x[0];
    m[0] = x[0] * x[0];
#pragma pargrad scan(+ : y)
    for (int i = 1; i < n; i++)
        y[i] = y[i - 1] + sin(x[i]);
#pragma pargrad scan(min : m)
    for (int i = 1; i < n; i++)
        m[i] = fmin(m[i - 1], x[i] * x[i] - 0.1 * y[i]);
    double s = 0.0;
    for (int i = 0; i < n; i++)
        s += y[i] * m[i];
    free(y), free(m);
    return s;
}

/* a recurrence counting down: the sequential loop */
double array_down(int n, const double *x) {
    double *y = malloc((size_t)n * sizeof(double));
    y[n - 1] = x[n - 1];
#pragma pargrad scan(affine : y)
    for (int i = n - 2; i >= 0; i--)
        y[i] = 0.5 * y[i + 1] + x[i] * x[i];
    double s = 0.0;
    for (int i = 0; i < n; i++)
        s += y[i] * (1.0 + 0.25 * i);
    free(y);
    return s;
}

#pragma pargrad reverse(rows_mul) wrt(x) out(return )
#pragma pargrad reverse(rows_add_exclusive) wrt(x) out(return )
#pragma pargrad reverse(rows_max_min) wrt(x) out(return )
#pragma pargrad reverse(rows_ema) wrt(x) out(return )
#pragma pargrad reverse(rows_malloc) wrt(x) out(return )
#pragma pargrad reverse(rows_reverse) wrt(x) out(return )
#pragma pargrad reverse(rows_unannotated) wrt(x) out(return )
#pragma pargrad reverse(array_sum_min) wrt(x) out(return )
#pragma pargrad reverse(array_down) wrt(x) out(return )
