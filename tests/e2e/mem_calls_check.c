/* Checks the gradients of mem_calls.c against central finite differences,
 * and that a copy between overlapping rows of one grid stops the gradient
 * with a message. */
#define _POSIX_C_SOURCE 200809L /* fork, pipe */
#include "gradcheck.h"

#include "gc_child.h"

double copy_rows_within(int n, int to, int from, const double *x);
double copy_rows_within_b(int n, int to, int from, const double *x, double *x_b, double seed);

enum { ROWS = 8 };
static double rows_x[ROWS];

static double rows_apart(void *ctx) {
    (void)ctx;
    return copy_rows_within(ROWS, 5, 1, rows_x);
}

static void rows_overlapping(void *ctx) {
    (void)ctx;
    double x_b[ROWS] = {0};
    copy_rows_within_b(ROWS, 2, 1, rows_x, x_b, 1.0);
}

/* rows 1 and 2 onto 5 and 6: against finite differences; rows 1 and 2
 * onto 2 and 3: an abort with the message, in a child process forked
 * before this one starts OpenMP threads */
static void check_rows_within(void) {
    char msg[512];
    gc_fill(rows_x, ROWS, -1.0, 1.0);
    int aborted = gc_aborted(gc_in_child(rows_overlapping, NULL, msg, sizeof msg));
    int said = strstr(msg, "the parts overlap") && strstr(msg, "'g' at mem_calls.c");
    printf("%-40s %s: %s", "copy_rows_within: rows 1, 2 onto 2, 3",
           aborted && said ? "ok" : "FAILED", msg[0] ? msg : "(no message)\n");
    gc_count(aborted && said);
    double x_b[ROWS] = {0}, fd[ROWS];
    copy_rows_within_b(ROWS, 5, 1, rows_x, x_b, 1.0);
    gc_fd_grad(rows_apart, NULL, rows_x, ROWS, fd);
    gc_compare("copy_rows_within: rows 1, 2 onto 5, 6", x_b, fd, ROWS);
}

GC_KERNEL(diffuse)
GC_KERNEL(binned_energy)
GC_KERNEL(row_copies)
GC_KERNEL(grid_copies)

int main(void) {
    check_rows_within();
    const struct gc_kernel k[] = {{"diffuse", diffuse, diffuse_b},
                                  {"binned_energy", binned_energy, binned_energy_b},
                                  {"row_copies", row_copies, row_copies_b},
                                  {"grid_copies", grid_copies, grid_copies_b}};
    const int sizes[] = {1, 2, 7, 40};
    gc_check_kernels(k, 4, sizes, 4, 2);
    gc_check_direction(&k[0], 20000, -1.0, 1.0, 5);
    return gc_finish();
}
