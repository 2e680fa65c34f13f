/* Runs a command and prints its wall-clock seconds and peak resident memory
 * in KiB ("1.234 56789"), for the scaling test:
 *
 *   scale_measure SECONDS MIB COMMAND ARGS...
 *
 * Exits 0 if the command succeeded within SECONDS and MIB, 1 otherwise (with
 * a message on stderr). A command still running at three times the limit
 * is killed, so that a regression fails the test instead of hanging it. */
#define _POSIX_C_SOURCE 200809L
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* Waits for the child, killing it past `deadline`; returns its status. */
static int wait_until(pid_t pid, double deadline) {
    int status = 0;
    for (;;) {
        pid_t r = waitpid(pid, &status, WNOHANG);
        if (r == pid)
            return status;
        if (r < 0) {
            perror("scale_measure: waitpid");
            exit(1);
        }
        if (now() > deadline)
            kill(pid, SIGKILL);
        struct timespec nap = {0, 5000000};
        nanosleep(&nap, NULL);
    }
}

int main(int argc, char **argv) {
    if (argc < 4) {
        fprintf(stderr, "usage: scale_measure SECONDS MIB COMMAND ARGS...\n");
        return 2;
    }
    double max_s = atof(argv[1]);
    long max_kib = atol(argv[2]) * 1024;
    double start = now();
    pid_t pid = fork();
    if (pid < 0) {
        perror("scale_measure: fork");
        return 1;
    }
    if (pid == 0) {
        execvp(argv[3], argv + 3);
        perror("scale_measure: exec");
        _exit(127);
    }
    int status = wait_until(pid, start + 3 * max_s);
    double secs = now() - start;
    struct rusage ru = {0};
    getrusage(RUSAGE_CHILDREN, &ru); /* the one child, reaped */
    long kib = ru.ru_maxrss;         /* KiB on Linux */
    printf("%.3f %ld\n", secs, kib);
    int bad = 0;
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        fprintf(stderr, "scale_measure: %s failed (status %d)\n", argv[3], status);
        bad = 1;
    }
    if (secs > max_s) {
        fprintf(stderr, "scale_measure: took %.2f s, more than %.0f s\n", secs, max_s);
        bad = 1;
    }
    if (kib > max_kib) {
        fprintf(stderr, "scale_measure: used %ld KiB, more than %ld KiB\n", kib, max_kib);
        bad = 1;
    }
    return bad;
}
