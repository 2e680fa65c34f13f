/* An embedding lookup and a bag of its rows, as a language model's input
 * layer is written in C: the table declared with its length computed from
 * two parameters (C99, double table[nv * dim]), the tokens' rows gathered
 * in parallel, a per-document sum of them histogrammed into bags declared
 * the same way.
 *
 * What it guards (found by the random tester, random.batch seed 14): the
 * table's adjoint is summed into per-thread copies whose reduction prints
 * the table's length, nv * dim, a value of the body's first statements;
 * dead-code removal dropped it before the copies were chosen, and the
 * output did not compile ('t47' undeclared). */
#include <math.h>

void embed(int nv, int dim, int n, int ndoc, const double table[nv * dim], const int *tok,
           const int *doc, double *out, double bags[ndoc * dim]) {
#pragma pargrad map
#pragma omp parallel for
    for (int i = 0; i < n; i++)
        for (int k = 0; k < dim; k++)
            out[i * dim + k] = tanh(table[tok[i] * dim + k]) * (1.0 + 0.1 * k);

#pragma pargrad histogram(+ : bags)
#pragma omp parallel for
    for (int i = 0; i < n; i++)
        for (int k = 0; k < dim; k++)
            bags[doc[i] * dim + k] += out[i * dim + k] * table[tok[i] * dim + k];
}
#pragma pargrad reverse(embed) wrt(table) out(out, bags)
