/* Class-balanced recentring of a classifier's scores, written as one does
 * for one's own OpenMP code: the scores shifted in place, the classes
 * counted (an int histogram into a local array), a balance term from the
 * counts, the scores rescaled in place walking down, and a ring of
 * neighbour scores written two places on, again walking down.
 *
 * What it guards (both found by the random tester):
 * - u is updated twice in place, so the return sweep restores it and the
 *   statements after the first save run again; the local counts are
 *   declared again there and must be counted again (seed 119082: the
 *   re-run declared them zeroed and skipped the histogram, leaving u
 *   wrong after the gradient);
 * - ring is written at (i + 2) % n by a loop running down from n - 1: its
 *   n elements are known from that (every residue is met), to consume
 *   the seeds of the elements it reads back (seed 118016: rejected, its
 *   length unknown). */
#include <math.h>

#define NCLS 6

void recentre(int n, const int *label, const double *x, double *u, double *ring) {
    int i;
#pragma pargrad map
#pragma omp parallel for
    for (i = 0; i < n; i++)
        u[i] = u[i] - 0.5 * x[i % NCLS];

    int counts[NCLS] = {0};
#pragma pargrad histogram(+ : counts)
#pragma omp parallel for reduction(+ : counts[:NCLS])
    for (i = 0; i < n; i++)
        counts[label[i]]++;

    double balance = 0.0;
    for (int c = 0; c < NCLS; c++)
        balance += counts[c] * tanh(x[c]);

#pragma pargrad map
#pragma omp parallel for
    for (i = n - 1; i >= 0; --i)
        u[i] = fma(u[i], tanh(balance / n), 0.25);

#pragma pargrad scatter
#pragma omp parallel for
    for (i = n - 1; i >= 0; --i) {
        const int j = (i + 2) % n;
        ring[j] = u[i] * x[label[i]];
        if (ring[j] < 0.0) /* leaky: read back from the ring */
            ring[j] *= 0.5;
    }
}
#pragma pargrad reverse(recentre) wrt(x, u) out(u, ring)
