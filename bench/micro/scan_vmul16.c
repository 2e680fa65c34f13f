/* Micro benchmark scan_vmul16: prefix products on rows of 16 (BENCH.md micro
 * suite, scan with vectorised *): x and y hold n elements seen as n / 16
 * rows of 16 (row-major; n is a multiple of 16 at the suite's sizes, a
 * remainder is left out), y[i*16 + j] = x[j] x[16 + j] ... x[i*16 + j].
 * Inputs in [0.999, 1.001] (as scan_mul) so the products stay finite.
 * The natural program scans the row acc[16] (acc[j] *= x[i*16 + j], then
 * y[i*16 + j] = acc[j], under scan(* : acc), the inner loop a map); pargrad
 * takes it and interchanges the loops into the program here, but its
 * primal runs on one thread (GCC 12 has no inscan reduction of an array
 * section). So the primal is the interchanged form: a map over the 16
 * columns, each a scalar scan down its column, parallel over the columns
 * (its accesses are strided: each column reads a word of every 128-byte
 * row). pargrad's gradient runs the 16 columns side by side as vector
 * lanes, each scan once over the rows for all of them with the threads
 * sharing the rows (emit_lanes.c): every access contiguous.
 * Generated: void scan_vmul16_b(long n, const double *x, double *x_b,
 *                               double *y, double *y_b);
 *
 * Traffic floor 72n / 24n = 3.0, as scan_mul (rules in scan_driver.h):
 *   primal:   x read 8n + y written 16n = 24n
 *   gradient: the primal's 24n, then x_b[i] += (the sum of y_b[r] y[r] for
 *             rows r >= i, in i's column) / x[i] (without zeros): y 8n,
 *             y_b read and zeroed 16n, x 8n, x_b 16n = 72n */
void scan_vmul16(long n, const double *x, double *y) {
    long rows = n / 16;
#pragma pargrad map
#pragma omp parallel for
    for (int j = 0; j < 16; j++) {
        double acc = 1.0;
#pragma pargrad scan(* : acc)
        for (long i = 0; i < rows; i++) {
            acc *= x[i * 16 + j];
            y[i * 16 + j] = acc;
        }
    }
}
#pragma pargrad reverse(scan_vmul16) wrt(x) out(y)
