/* Scans down the columns of row-major data, written as one writes them by
 * hand: a map over a few columns, each a scan over the rows of its column
 * (x[i * W + j]). pargrad runs the columns side by side as vector lanes
 * with the rows outermost (emit_lanes.c). Column products with the
 * start read from the data and the last value written back, exclusive
 * sums over columns 1..5 (a map not from 0), running maxima of a map
 * counting down, a scan from the last row up, and a linear recurrence
 * per column, and a rate per column read in every row; 5 and 7 columns
 * do not divide among 2 or 3 threads; 48 and 16 columns split into
 * groups among the threads, or not. */
#include <math.h>
#include <stdlib.h>

#define W 5

double columns_mul(int n, const double *x) {
    int rows = n / W;
    double y[W], last[W];
    double *out = malloc((size_t)(rows * W + 1) * sizeof(double));
#pragma pargrad map
    for (int j = 0; j < W; j++) {
        double acc = 1.0 + 0.1 * x[j];
#pragma pargrad scan(* : acc)
        for (int i = 0; i < rows; i++) {
            acc *= 1.0 + 0.3 * tanh(x[i * W + j]);
            out[i * W + j] = acc;
        }
        last[j] = acc;
        y[j] = acc * (1.0 + j);
    }
    double s = 0.0;
    for (int k = 0; k < rows * W; k++)
        s += out[k] * (1.0 + 0.1 * k);
    for (int j = 0; j < W; j++)
        s += last[j] * y[j];
    free(out);
    return s;
}

double columns_add_exclusive(int n, const double *x) {
    int rows = n / 7;
    double *out = malloc((size_t)(rows * 7 + 1) * sizeof(double));
    for (int k = 0; k < rows * 7; k++)
        out[k] = 0.0;
#pragma pargrad map
    for (int j = 1; j < 6; j++) {
        double acc = 0.0;
#pragma pargrad scan(acc)
        for (int i = 0; i < rows; i++) {
            out[i * 7 + j] = cos(acc) * x[i * 7 + j];
            acc += x[i * 7 + j] * x[i * 7 + j - 1];
        }
    }
    double s = 0.0;
    for (int k = 0; k < rows * 7; k++)
        s += out[k] * (1.0 + 0.05 * k);
    free(out);
    return s;
}

double columns_max_down(int n, const double *x) {
    int rows = n / W;
    double top[W];
    double *out = malloc((size_t)(rows * W + 1) * sizeof(double));
#pragma pargrad map
    for (int j = W - 1; j >= 0; j--) {
        double hi = -1.0e3;
#pragma pargrad scan(max : hi)
        for (int i = 0; i < rows; i++) {
            if (x[i * W + j] + 0.01 * j > hi)
                hi = x[i * W + j] + 0.01 * j;
            out[i * W + j] = hi * hi;
        }
        top[j] = hi;
    }
    double s = 0.0;
    for (int k = 0; k < rows * W; k++)
        s += out[k];
    for (int j = 0; j < W; j++)
        s += rows > 0 ? top[j] : 0.0;
    free(out);
    return s;
}

double columns_from_bottom(int n, const double *x) {
    int rows = n / W;
    double *out = malloc((size_t)(rows * W + 1) * sizeof(double));
#pragma pargrad map
    for (int j = 0; j < W; j++) {
        double tail = 0.0;
#pragma pargrad scan(+ : tail)
        for (int i = rows - 1; i >= 0; i--) {
            tail += exp(-x[i * W + j] * x[i * W + j]);
            out[i * W + j] = tail * x[i * W + j];
        }
    }
    double s = 0.0;
    for (int k = 0; k < rows * W; k++)
        s += out[k];
    free(out);
    return s;
}

double columns_ema(int n, const double *x) {
    int rows = n / W;
    double *out = malloc((size_t)(rows * W + 1) * sizeof(double));
#pragma pargrad map
    for (int j = 0; j < W; j++) {
        double ema = x[j];
#pragma pargrad scan(affine : ema)
        for (int i = 0; i < rows; i++) {
            ema = (0.5 + 0.1 * j) * ema + 0.3 * x[i * W + j];
            out[i * W + j] = ema;
        }
    }
    double s = 0.0;
    for (int k = 0; k < rows * W; k++)
        s += out[k] * out[k];
    free(out);
    return s;
}
/* x[j], the column's rate, read in every row: the rows of a column share
 * its adjoint, so threads take groups of columns, not rows */
double columns_scaled(int n, const double *x) {
    int rows = n / W;
    double *out = malloc((size_t)(rows * W + 1) * sizeof(double));
#pragma pargrad map
    for (int j = 0; j < W; j++) {
        double acc = 0.0;
#pragma pargrad scan(+ : acc)
        for (int i = 0; i < rows; i++) {
            acc += x[j] * 0.001 * (1 + i % 7);
            out[i * W + j] = sin(acc);
        }
    }
    double s = 0.0;
    for (int k = 0; k < rows * W; k++)
        s += out[k];
    free(out);
    return s;
}
/* 48 and 16 columns: groups of 16 lanes or more for every thread where
 * there are enough (48 at 1, 2 or 3 threads), else one group whose rows
 * the threads share (16 at 2 or 3; 48 at 4): pargrad emits both ways for
 * 48, chosen at run time */
double columns_wide48(int n, const double *x) {
    int rows = n / 48;
    double *out = malloc((size_t)(rows * 48 + 1) * sizeof(double));
#pragma pargrad map
    for (int j = 0; j < 48; j++) {
        double acc = 0.1 * j;
#pragma pargrad scan(+ : acc)
        for (int i = 0; i < rows; i++) {
            out[i * 48 + j] = acc * (0.5 + 0.1 * j);
            acc += tanh(x[i * 48 + j]) + 0.05 * j;
        }
    }
    double s = 0.0;
    for (int k = 0; k < rows * 48; k++)
        s += out[k] * out[k];
    free(out);
    return s;
}

double columns_wide16(int n, const double *x) {
    int rows = n / 16;
    double *out = malloc((size_t)(rows * 16 + 1) * sizeof(double));
#pragma pargrad map
    for (int j = 0; j < 16; j++) {
        double ema = x[j];
#pragma pargrad scan(affine : ema)
        for (int i = 0; i < rows; i++) {
            ema = (0.4 + 0.02 * j) * ema + sin(x[i * 16 + j]);
            out[i * 16 + j] = ema;
        }
    }
    double s = 0.0;
    for (int k = 0; k < rows * 16; k++)
        s += out[k] * (1.0 + 0.01 * k);
    free(out);
    return s;
}
#pragma pargrad reverse(columns_mul) wrt(x) out(return )
#pragma pargrad reverse(columns_add_exclusive) wrt(x) out(return )
#pragma pargrad reverse(columns_max_down) wrt(x) out(return )
#pragma pargrad reverse(columns_from_bottom) wrt(x) out(return )
#pragma pargrad reverse(columns_ema) wrt(x) out(return )
#pragma pargrad reverse(columns_scaled) wrt(x) out(return )
#pragma pargrad reverse(columns_wide48) wrt(x) out(return )
#pragma pargrad reverse(columns_wide16) wrt(x) out(return )
