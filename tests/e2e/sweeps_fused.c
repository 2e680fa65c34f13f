/* Sequential loops in parallel loops' bodies whose adjoint runs in one
 * loop with their forward work (rewrite/fuse_sweeps.c): where the seeds
 * of the loop's adjoint are known before it runs (what follows it uses its
 * results linearly), each iteration computes its part and its adjoint at
 * once, reading its inputs once, as XSBench's hand-written gradient does.
 * These check the gradients where that applies (a cross section summed
 * over a material's nuclides, an in-place row of a matrix product) and
 * where it must not: the results used through tanh, an array scaled in
 * place (adjoints flow between iterations), a weight read from the array
 * being summed, a sum carried in order. */
#include <math.h>

#define NXS 4

/* XSBench's macroscopic cross section: mx summed over nuclides, scored
 * linearly */
double xs_linear(int n, const double *x) {
    double total = 0.0;
#pragma pargrad reduce(+ : total)
#pragma omp parallel for reduction(+ : total)
    for (int i = 0; i < n; i++) {
        double mx[NXS] = {0.0};
        const int nucs = 1 + i % 3;
        for (int j = 0; j < nucs; j++) {
            const int nuc = (i * 7 + j * 3) % n;
            const double conc = 0.5 + 0.25 * cos(x[nuc]);
            const double f = 0.5 + 0.5 * tanh(x[(nuc + 1) % n]);
            for (int r = 0; r < NXS; r++)
                mx[r] += conc * (x[(nuc + r) % n] - f * x[(nuc + r + 1) % n]);
        }
        double score = 0.0;
        for (int r = 0; r < NXS; r++)
            score += (0.5 + 0.25 * r) * mx[r];
        total += score;
    }
    return total;
}

/* the score through tanh: the adjoint needs mx, the loops stay apart */
double xs_tanh(int n, const double *x) {
    double total = 0.0;
#pragma pargrad reduce(+ : total)
#pragma omp parallel for reduction(+ : total)
    for (int i = 0; i < n; i++) {
        double mx[NXS] = {0.0};
        for (int j = 0; j < 3; j++) {
            const double conc = 0.5 + 0.25 * cos(x[(i + j) % n]);
            for (int r = 0; r < NXS; r++)
                mx[r] += conc * x[(i + j + r) % n];
        }
        for (int r = 0; r < NXS; r++)
            total += tanh(mx[r]);
    }
    return total;
}

/* mx decays at every nuclide: each iteration's adjoint depends on the
 * later ones' */
double xs_decay(int n, const double *x) {
    double total = 0.0;
#pragma pargrad reduce(+ : total)
#pragma omp parallel for reduction(+ : total)
    for (int i = 0; i < n; i++) {
        double mx[NXS] = {0.0};
        for (int j = 0; j < 3; j++) {
            const double conc = 0.5 + 0.25 * cos(x[(i + j) % n]);
            for (int r = 0; r < NXS; r++)
                mx[r] = 0.75 * mx[r] + conc * x[(i + j + r) % n];
        }
        for (int r = 0; r < NXS; r++)
            total += (1.0 + r) * mx[r];
    }
    return total;
}

/* the weight reads the array it sums into */
double xs_feedback(int n, const double *x) {
    double total = 0.0;
#pragma pargrad reduce(+ : total)
#pragma omp parallel for reduction(+ : total)
    for (int i = 0; i < n; i++) {
        double mx[NXS] = {0.0};
        for (int j = 0; j < 3; j++) {
            const double conc = 0.5 + 0.25 * cos(x[(i + j) % n] + 0.5 * mx[0]);
            for (int r = 0; r < NXS; r++)
                mx[r] += conc * x[(i + j + r) % n];
        }
        for (int r = 0; r < NXS; r++)
            total += (1.0 + r) * mx[r];
    }
    return total;
}

/* a row of C = A B in i-k-j order, then the row's weighted sum: the k
 * loop and its adjoint as one, and inside it the j loops (8 trips: their
 * adjoint's sum a_b would gain little from vector lanes; of n trips they
 * stay apart, tests/e2e/simd_sums.c) */
double row_product(int n, const double *x) {
    double total = 0.0;
#pragma pargrad reduce(+ : total)
#pragma omp parallel for reduction(+ : total)
    for (int i = 0; i < n; i++) {
        double c[8] = {0.0};
        for (int k = 0; k < n; k++) {
            const double a = sin(x[(i + k) % n]);
            for (int j = 0; j < 8; j++)
                c[j] += a * x[(k + j) % n];
        }
        for (int j = 0; j < 8; j++)
            total += (0.5 + 0.125 * j) * c[j];
    }
    return total;
}

/* a sum carried in order beside the array: the loops stay apart */
double xs_carried(int n, const double *x) {
    double total = 0.0;
#pragma pargrad reduce(+ : total)
#pragma omp parallel for reduction(+ : total)
    for (int i = 0; i < n; i++) {
        double s = 0.0;
        for (int j = 0; j < 4; j++)
            s += x[(i + j) % n] * x[(i + 2 * j) % n];
        total += 2.0 * s;
    }
    return total;
}

#pragma pargrad reverse(xs_linear) wrt(x)
#pragma pargrad reverse(xs_tanh) wrt(x)
#pragma pargrad reverse(xs_decay) wrt(x)
#pragma pargrad reverse(xs_feedback) wrt(x)
#pragma pargrad reverse(row_product) wrt(x)
#pragma pargrad reverse(xs_carried) wrt(x)
