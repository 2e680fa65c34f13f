/* Checks the gradients of the + histograms in histogram_add.c against
 * central finite differences (one element, bins that receive nothing, many
 * values per bin) and, at a size where many threads hit the same bins,
 * along a random direction. */
#define _POSIX_C_SOURCE 200809L /* fork, pipe */
#include "gradcheck.h"

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

double hist_keys(int n, const double *x, const int *key);
double hist_keys_b(int n, const double *x, double *x_b, const int *key, double seed);

/* A key out of range stops the gradient with a message (abort), in a child
 * process forked before this one starts OpenMP threads. */
static void check_key_out_of_range(void) {
    int fd[2];
    gc_require(pipe(fd) == 0, "pipe");
    pid_t pid = fork();
    gc_require(pid >= 0, "fork");
    if (pid == 0) {
        dup2(fd[1], 2);
        close(fd[0]);
        double x[4] = {1, 2, 3, 4}, x_b[4] = {0};
        int key[4] = {0, 4, 9, 1};
        hist_keys_b(4, x, x_b, key, 1.0);
        _exit(0);
    }
    close(fd[1]);
    char msg[512] = {0};
    ssize_t got = 0, r;
    while ((r = read(fd[0], msg + got, sizeof msg - 1 - (size_t)got)) > 0)
        got += r;
    close(fd[0]);
    int status = 0;
    waitpid(pid, &status, 0);
    int aborted = WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT;
    int said = strstr(msg, "bin 9 is outside [0, 5)") && strstr(msg, "histogram 'h'");
    printf("%-40s %s: %s", "hist_keys: key 9 of 5 bins", aborted && said ? "ok" : "FAILED",
           msg[0] ? msg : "(no message)\n");
    gc_count(aborted && said);
}

GC_KERNEL(hist_weighted)
GC_KERNEL(hist_sparse)
GC_KERNEL(hist_steps)

static const struct gc_kernel kernels[] = {
    {"hist_weighted", hist_weighted, hist_weighted_b},
    {"hist_sparse", hist_sparse, hist_sparse_b},
    {"hist_steps", hist_steps, hist_steps_b},
};

int main(void) {
    check_key_out_of_range(); /* first: before OpenMP starts threads here */
    const int sizes[] = {1, 2, 7, 40};
    int nk = (int)(sizeof kernels / sizeof kernels[0]);
    gc_check_kernels(kernels, nk, sizes, 4, 2);
    for (int q = 0; q < nk; q++)
        gc_check_direction(&kernels[q], 20000, -1.0, 1.0, 5);
    return gc_finish();
}
