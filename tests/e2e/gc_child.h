/* Runs a gradient that must stop (or must not) in a child process, for
 * the e2e checks of run-time errors: the child's stderr comes back as a
 * message. Fork before the check starts OpenMP threads. Include after
 * defining _POSIX_C_SOURCE (fork, pipe) and gradcheck.h. */
#ifndef GC_CHILD_H
#define GC_CHILD_H

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

/* Runs body(ctx) in a child with stderr into msg (cap bytes, terminated);
 * returns the child's wait status. */
static inline int gc_in_child(void (*body)(void *), void *ctx, char *msg, size_t cap) {
    int fd[2];
    gc_require(pipe(fd) == 0, "pipe");
    fflush(NULL); /* nothing buffered twice, the dump's lines in order */
    pid_t pid = fork();
    gc_require(pid >= 0, "fork");
    if (pid == 0) {
        dup2(fd[1], 2);
        close(fd[0]);
        body(ctx);
        if (gc_state()->dump)
            fflush(gc_state()->dump);
        _exit(0);
    }
    close(fd[1]);
    memset(msg, 0, cap);
    ssize_t got = 0, r;
    while ((r = read(fd[0], msg + got, cap - 1 - (size_t)got)) > 0)
        got += r;
    close(fd[0]);
    int status = 0;
    waitpid(pid, &status, 0);
    return status;
}

/* The status of a child that stopped with abort(). */
static inline int gc_aborted(int status) {
    return WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT;
}

#endif
