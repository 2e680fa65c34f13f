/* Local arrays sized at run time (C99 VLAs), as numerical code declares its
 * scratch: a row per iteration of a parallel loop, a 2-D grid at the top of
 * the function, a table of points with a constant inner dimension, a
 * buffer sized by an expression inside a sequential loop, and per-point
 * scratch handed to helpers inside a reduce. pargrad declares them where
 * the input does, their adjoints beside them, zeroed by memset (C allows
 * no initialiser on them). */
#include <math.h>

static double dot(int m, const double *a, const double *b) {
    double s = 0.0;
    for (int j = 0; j < m; j++)
        s += a[j] * b[j];
    return s;
}

/* each iteration's own row */
double vla_rows(int n, const double *x) {
    int m = 3;
    double out = 0.0;
    double y[n];
#pragma pargrad map
    for (int i = 0; i < n; i++) {
        double row[m];
        for (int j = 0; j < m; j++)
            row[j] = sin(x[i] + 0.5 * j);
        y[i] = dot(m, row, row) + row[m - 1] * x[(i + 1) % n];
    }
    for (int i = 0; i < n; i++)
        out += y[i] * (1.0 + 0.1 * i);
    return out;
}

/* a grid at the top, smoothed in place by a time loop */
double vla_grid(int n, const double *x) {
    int rows = n / 2 + 1, cols = 3;
    double g[rows][cols];
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++)
            g[r][c] = x[(r * cols + c) % n] * (1.0 + 0.1 * c);
    for (int t = 0; t < 3; t++)
        for (int r = 1; r < rows; r++)
            for (int c = 0; c < cols; c++)
                g[r][c] = 0.5 * g[r][c] + 0.25 * tanh(g[r - 1][c]);
    double s = 0.0;
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++)
            s += g[r][c] * g[r][c];
    return s;
}

/* points with a constant inner dimension, filled by a map */
double vla_points(int n, const double *x) {
    double pts[n][3];
#pragma pargrad map
    for (int i = 0; i < n; i++) {
        pts[i][0] = x[i];
        pts[i][1] = x[i] * x[i];
        pts[i][2] = cos(x[i]);
    }
    double s = 0.0;
    for (int i = 0; i < n; i++)
        s += pts[i][0] * pts[(i + 1) % n][2] + pts[i][1];
    return s;
}

/* a buffer sized by an expression, declared in every step */
double vla_steps(int n, const double *x) {
    double acc = 0.5;
    for (int t = 0; t < 4; t++) {
        double w[2 * t + 1];
        for (int j = 0; j < 2 * t + 1; j++)
            w[j] = x[(t + j) % n] * acc;
        acc = 0.5 * acc + 0.1 * dot(2 * t + 1, w, w);
    }
    return acc;
}

/* per-point scratch handed to helpers inside a reduce (GMM's shape) */
double vla_reduce(int n, const double *x) {
    int k = 3, d = 2;
    double total = 0.0;
#pragma pargrad reduce(+ : total)
#pragma omp parallel for reduction(+ : total)
    for (int i = 0; i < n; i++) {
        double centred[d], terms[k];
        for (int c = 0; c < k; c++) {
            for (int j = 0; j < d; j++)
                centred[j] = x[(i + j) % n] - 0.3 * c;
            terms[c] = -0.5 * dot(d, centred, centred);
        }
        double mx = terms[0];
        for (int c = 1; c < k; c++)
            if (terms[c] > mx)
                mx = terms[c];
        double se = 0.0;
        for (int c = 0; c < k; c++)
            se += exp(terms[c] - mx);
        total += log(se) + mx;
    }
    return total;
}

#pragma pargrad reverse(vla_rows) wrt(x) out(return )
#pragma pargrad reverse(vla_grid) wrt(x) out(return )
#pragma pargrad reverse(vla_points) wrt(x) out(return )
#pragma pargrad reverse(vla_steps) wrt(x) out(return )
#pragma pargrad reverse(vla_reduce) wrt(x) out(return )
