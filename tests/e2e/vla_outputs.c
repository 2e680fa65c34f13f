/* Outputs declared with their dimensions as users write them, whose seeds
 * the gradient consumes (zero on exit): bins of rows of 4 as a 2-D array
 * parameter `double h[nb][4]`, and as `double h[nb * 4]` (a length that is
 * an expression); a min histogram in the `if (v < h[k]) h[k] = v;`
 * spelling, in an inner loop over a row and alone, and a max one in the
 * mirror spelling, two of them in one function; a + histogram that leaves
 * the last bin alone. The rows' index `i * 4 + j` with an int j in a long i
 * row is each iteration's own. A max histogram with bins in two
 * dimensions is the sequential loop it is. (The keys do not depend on x: finite
 * differences would move values between bins.) */
#include <math.h>

void rows_add(int n, int nb, const double x[n][4], double h[nb][4]) {
#pragma pargrad histogram(+ : h)
#pragma omp parallel for reduction(+ : h[:nb][:4])
    for (int i = 0; i < n; i++) {
        int key = (int)((7 * i + i / 3) % nb);
        for (int j = 0; j < 4; j++)
            h[key][j] += x[i][j] * x[i][(j + 1) % 4];
    }
}

void rows_flat(int n, int nb, const double *x, double h[nb * 4]) {
#pragma pargrad histogram(+ : h)
    for (long i = 0; i < n; i++) {
        int key = (int)((5 * i + i / 7) % nb);
        for (int j = 0; j < 4; j++)
            h[key * 4 + j] += sin(x[i * 4 + j]);
    }
}

void rows_min_if(int n, int nb, const double *x, double h[nb * 4]) {
#pragma pargrad histogram(min : h)
    for (long i = 0; i < n; i++) {
        int key = (int)((3 * i + i / 5) % nb);
        for (int j = 0; j < 4; j++) {
            double v = 0.5 * x[i * 4 + j] + sin(x[i * 4 + j]);
            if (v < h[key * 4 + j])
                h[key * 4 + j] = v;
        }
    }
}

void cells_max_if(int n, int nb, const double *x, double h[nb * 4]) {
#pragma pargrad histogram(max : h)
    for (int i = 0; i < 4 * n; i++) {
        int cell = (11 * i + i / 2) % (4 * nb);
        double v = x[i] * x[i] - cos(x[i]);
        if (h[cell] < v) {
            h[cell] = v;
        }
    }
}
/* two histograms over rows in one function, then a max and a min */
void rows_two(int n, int nb, const double *x, double h[nb * 4]) {
#pragma pargrad histogram(max : h)
    for (long i = 0; i < n; i++) {
        int key = (int)((7 * i + i / 3) % nb);
        for (int j = 0; j < 4; j++)
            if (h[key * 4 + j] < x[i * 4 + j])
                h[key * 4 + j] = x[i * 4 + j];
    }
#pragma pargrad histogram(min : h)
    for (long i = 0; i < n; i++) {
        int key = (int)((2 * i + i / 5) % nb);
        for (int j = 0; j < 4; j++) {
            double v = 0.25 * sin(3.0 * x[i * 4 + j]);
            if (v < h[key * 4 + j])
                h[key * 4 + j] = v;
        }
    }
}

/* the last bin is never written: its seed is consumed all the same */
void cells_partial(int n, int nb, const double *x, double h[nb * 4]) {
#pragma pargrad histogram(+ : h)
    for (int i = 0; i < 4 * n; i++)
        h[i % (4 * nb - 1)] += x[i] * x[i];
}
/* a max histogram with bins in two dimensions: differentiated as the
 * sequential loop it is */
void cells_max_2d(int n, int nb, const double x[n][4], double h[nb][4]) {
#pragma pargrad histogram(max : h)
    for (int i = 0; i < n; i++)
        for (int j = 0; j < 4; j++)
            h[(3 * i + j) % nb][j] = fmax(h[(3 * i + j) % nb][j], x[i][j] - 0.1 * x[i][3 - j]);
}

#pragma pargrad reverse(rows_two) wrt(x) out(h)
#pragma pargrad reverse(cells_partial) wrt(x) out(h)
#pragma pargrad reverse(rows_add) wrt(x) out(h)
#pragma pargrad reverse(rows_flat) wrt(x) out(h)
#pragma pargrad reverse(rows_min_if) wrt(x) out(h)
#pragma pargrad reverse(cells_max_if) wrt(x) out(h)
#pragma pargrad reverse(cells_max_2d) wrt(x) out(h)
