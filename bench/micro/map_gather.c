/* Micro benchmark map_gather: y[i] = f(x[idx[i]]) with f(v) = v*v and random
 * idx in [0, n) (BENCH.md micro suite, map with gathers).  x, y and idx
 * have n elements; idx is int (4 bytes). x is declared with its length,
 * as C99 allows: the iterations share x_b's elements, and pargrad gives
 * each thread a copy of x_b of its own where it knows that length (a
 * `const double *x` gets atomics, as its output's comment says).
 * Generated: void map_gather_b(long n, const double x[n], double x_b[n],
 *                              const int *idx, double *y, double *y_b);
 * (y_b: seed on entry, zero on exit; x_b incremented; y written.)
 *
 * Traffic floor 60n / 28n = 2.14 (BENCH.md rules: each input read once, each
 * output written once, write-allocate, incremented adjoints read + written):
 *   primal:   idx read 4n + x read 8n + y written 8n (+8n write-allocate)
 *             = 28n
 *   gradient: idx 4n + x 8n + y 16n (it writes the primal output too)
 *             + y_b read 8n and zeroed 8n (the store hits the line just read,
 *               no extra allocate) + x_b read 8n and written 8n = 60n
 * Assumptions: x and x_b counted once each although random idx touches only
 * about 63% of their elements, and at element, not cache-line, granularity.
 * Counting a whole 64-byte line per random access of x / x_b (what a DRAM
 * gather really moves once x exceeds the LLC) gives instead
 * (4 + 64 + 128 + 16 + 16) / (4 + 64 + 16) = 228/84 = 2.71. */
void map_gather(long n, const double x[n], const int *idx, double *y) {
#pragma pargrad map
#pragma omp parallel for simd
    for (long i = 0; i < n; i++)
        y[i] = x[idx[i]] * x[idx[i]];
}
#pragma pargrad reverse(map_gather) wrt(x) out(y)
