/* Histograms of *, min, max and declared operators into the caller's
 * bins, `double h[nb]`, the way a binning kernel is written: the gradient
 * leaves h with the histogram's final bins (copied back from the return
 * sweep, not recombined), and gives h_b, the adjoint of the bins' values
 * from before, and x_b. */
#include <math.h>
#include <stdlib.h>

double softmax2(double a, double b) {
    double m = fmax(a, b);
    return m + log(exp(a - m) + exp(b - m));
}

double softmax2_inv(double z, double b) {
    return z + log1p(-exp(b - z));
}

#pragma pargrad declare op(smax, double, softmax2, -INFINITY) commutative inverse(softmax2_inv)
#pragma pargrad declare op(smax_general, double, softmax2, -INFINITY) commutative

/* the lowest energy per cell; x[i] a particle's coordinate */
void cell_min(int n, int nb, const double *x, double h[nb]) {
#pragma pargrad histogram(min : h)
#pragma omp parallel for reduction(min : h[:nb])
    for (int i = 0; i < n; i++) {
        int cell = (int)(fabs(x[i]) * 7.0 + i) % nb;
        double e = x[i] * x[i] - 0.5 * cos(x[i]);
        h[cell] = fmin(h[cell], e);
    }
}

/* the largest value per cell, two updates per particle */
void cell_max(int n, int nb, const double *x, double h[nb]) {
#pragma pargrad histogram(max : h)
    for (int i = 0; i < n; i++) {
        double v = sin(2.0 * x[i]);
        h[i % nb] = fmax(h[i % nb], v);
        if (x[i] > 0.0)
            h[(i + 1) % nb] = fmax(h[(i + 1) % nb], 0.5 * v + x[i]);
    }
}

/* survival probabilities multiplied per cell */
void cell_product(int n, int nb, const double *x, double h[nb]) {
#pragma pargrad histogram(* : h)
    for (int i = 0; i < n; i++)
        h[(3 * i) % nb] *= 1.0 - 0.3 * tanh(x[i]);
}

/* a smooth maximum per cell, by the invertible rule and by the general one */
void cell_smax(int n, int nb, const double *x, double h[nb]) {
#pragma pargrad histogram(smax : h)
    for (int i = 0; i < n; i++)
        h[i % nb] = softmax2(h[i % nb], x[i] * x[i]);
}

void cell_smax_general(int n, int nb, const double *x, double h[nb]) {
#pragma pargrad histogram(smax_general : h)
    for (int i = 0; i < n; i++)
        h[(i * 5) % nb] = softmax2(h[(i * 5) % nb], 0.5 * x[i]);
}

/* a product per cell, then a sum into the same cells: the sums are left
 * in h by the return sweep (they save nothing), so the product's final
 * bins are not the ones it left and it runs again instead */
void cell_product_sum(int n, int nb, const double *x, double h[nb]) {
#pragma pargrad histogram(* : h)
    for (int i = 0; i < n; i++)
        h[i % nb] *= 1.0 + 0.2 * sin(x[i]);
#pragma pargrad histogram(+ : h)
    for (int i = 0; i < n; i++)
        h[(2 * i + 1) % nb] += 0.5 * x[i] * x[i];
}

/* the smallest of a short windowed sum per cell, some particles skipped:
 * a local array and inner loops in the iterations, which the min rule
 * runs again for each bin's first entry */
void cell_min_window(int n, int nb, const double *x, double h[nb]) {
#pragma pargrad histogram(min : h)
    for (int i = 0; i < n; i++) {
        if (x[i] > 0.8)
            continue;
        double w[3];
        for (int j = 0; j < 3; j++)
            w[j] = x[(i + j) % n] * (j + 1);
        double s = 0.0;
        for (int j = 0; j < 3; j++)
            s += sin(w[j]);
        h[i % nb] = fmin(h[i % nb], s);
    }
}

/* the iterations also store their values in an array of the function's:
 * they write more than the bins, so the rule keeps every update's key and
 * value instead of running iterations again */
void cell_max_stored(int n, int nb, const double *x, double h[nb]) {
    double *e = malloc((size_t)n * sizeof(double));
#pragma pargrad histogram(max : h)
    for (int i = 0; i < n; i++) {
        e[i] = x[i] * x[i] - 0.3 * x[i];
        h[(3 * i + 1) % nb] = fmax(h[(3 * i + 1) % nb], e[i]);
    }
    free(e);
}

#pragma pargrad reverse(cell_min) wrt(x, h) out(h)
#pragma pargrad reverse(cell_min_window) wrt(x, h) out(h)
#pragma pargrad reverse(cell_max_stored) wrt(x, h) out(h)
#pragma pargrad reverse(cell_max) wrt(x, h) out(h)
#pragma pargrad reverse(cell_product) wrt(x, h) out(h)
#pragma pargrad reverse(cell_smax) wrt(x, h) out(h)
#pragma pargrad reverse(cell_smax_general) wrt(x, h) out(h)
#pragma pargrad reverse(cell_product_sum) wrt(x, h) out(h)
