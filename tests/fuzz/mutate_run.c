/* The loop of tests/fuzz/mutate.sh: pargrad on each mutant of a list, as
 *     pargrad MUTANT.c -o MUTANT.out.c
 * with the checks mutate.sh describes. The runs are made by JOBS worker
 * processes, forked from this one, each calling the tool's own
 * driver_main (what pargrad's main calls) for one mutant after another:
 * starting a pargrad process costs more than most translations (the
 * dynamic loader relocating libclang and LLVM, about 0.1 s), and so does
 * forking one per mutant from a process that has loaded them (half the
 * time of a run goes to the fork's page faults). The tool keeps no state
 * between calls, so the runs are those of the command line. A worker that
 * crashes, hangs (SIGALRM after TIMEOUT_S seconds of one mutant) or exits
 * inside the tool is reported against the mutant it was running, and a new
 * worker goes on with the next mutants.
 *
 * usage: pargrad_mutate JOBS TIMEOUT_S LIST  (in the directory of the mutants)
 * Prints, for each mutant, a "FAIL: ..." line per failed check and "ran". */
#define _POSIX_C_SOURCE 200809L
#include "driver.h"

#include <errno.h>
#include <fcntl.h>
#include <glob.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

typedef struct Worker {
    pid_t pid;    /* 0: none running in this slot */
    int to, from; /* the mutants it is given; the exit status of each */
    char *mutant; /* the one it runs now, or NULL */
    char *out;
} Worker;

static void *need(void *p) {
    if (!p) {
        perror("pargrad_mutate");
        exit(2);
    }
    return p;
}

/* NAME.c -> NAME.out.c */
static char *output_name(const char *mutant) {
    size_t n = strlen(mutant);
    if (n > 2 && strcmp(mutant + n - 2, ".c") == 0)
        n -= 2;
    char *out = need(malloc(n + 7));
    memcpy(out, mutant, n);
    strcpy(out + n, ".out.c");
    return out;
}

/* The worker: reads mutants' names, one a line, and answers each with
 * driver_main's exit status; its output silenced, killed by SIGALRM after
 * timeout_s seconds of one mutant (a hang). */
static void run_worker(int from_parent, int to_parent, unsigned timeout_s) {
    int null = open("/dev/null", O_WRONLY);
    if (null < 0 || dup2(null, 1) < 0 || dup2(null, 2) < 0)
        _exit(100);
    FILE *in = fdopen(from_parent, "r");
    char *line = NULL;
    size_t cap = 0;
    while (in && getline(&line, &cap, in) > 0) {
        line[strcspn(line, "\n")] = '\0';
        char *out = output_name(line);
        char *argv[] = {"pargrad", line, "-o", out, NULL};
        alarm(timeout_s);
        int rc = driver_main(4, argv);
        alarm(0);
        fflush(NULL);
        free(out);
        if (write(to_parent, &rc, sizeof rc) != (ssize_t)sizeof rc)
            _exit(101);
    }
    _exit(0);
}

/* Starts the worker of slot `slot`, which keeps none of the other
 * workers' pipes (each sees the end of its list when this process closes
 * it). */
static void start_worker(Worker *workers, int jobs, int slot, unsigned timeout_s) {
    Worker *w = &workers[slot];
    int down[2], up[2];
    if (pipe(down) != 0 || pipe(up) != 0) {
        perror("pargrad_mutate: pipe");
        exit(2);
    }
    fflush(stdout);
    w->pid = fork();
    if (w->pid < 0) {
        perror("pargrad_mutate: fork");
        exit(2);
    }
    if (w->pid == 0) {
        for (int i = 0; i < jobs; i++)
            if (i != slot && workers[i].pid)
                close(workers[i].to), close(workers[i].from);
        close(down[1]);
        close(up[0]);
        run_worker(down[0], up[1], timeout_s);
    }
    close(down[0]);
    close(up[1]);
    w->to = down[1];
    w->from = up[0];
}

/* The checks of one finished run: its exit status, or the signal that
 * stopped it (then exit_status is -1); then "ran". */
static void report(const Worker *w, int exit_status, int sig) {
    if (sig) {
        printf("FAIL: %s: %s (signal %d)\n", w->mutant,
               sig == SIGALRM ? "timed out" : "killed by a signal", sig);
    } else if (exit_status == 0) {
        if (access(w->out, F_OK) != 0)
            printf("FAIL: %s: accepted but wrote no %s\n", w->mutant, w->out);
    } else if (exit_status == 1) {
        if (access(w->out, F_OK) == 0)
            printf("FAIL: %s: rejected but wrote %s\n", w->mutant, w->out);
    } else {
        printf("FAIL: %s: exit status %d\n", w->mutant, exit_status);
    }
    size_t n = strlen(w->out);
    char *pattern = need(malloc(n + 6));
    memcpy(pattern, w->out, n);
    strcpy(pattern + n, ".tmp*");
    glob_t left;
    if (glob(pattern, 0, NULL, &left) == 0) {
        for (size_t i = 0; i < left.gl_pathc; i++)
            printf("FAIL: %s: left %s behind\n", w->mutant, left.gl_pathv[i]);
        globfree(&left);
    }
    free(pattern);
    printf("ran\n");
    fflush(stdout);
}

/* A busy worker has answered or stopped: reports its mutant. A worker
 * that stopped is waited for, its slot freed for a new one. */
static void collect(Worker *w) {
    int rc;
    ssize_t got;
    do
        got = read(w->from, &rc, sizeof rc);
    while (got < 0 && errno == EINTR);
    if (got == (ssize_t)sizeof rc) {
        report(w, rc, 0);
    } else {
        int status = 0;
        waitpid(w->pid, &status, 0);
        if (WIFSIGNALED(status))
            report(w, -1, WTERMSIG(status));
        else
            report(w, WEXITSTATUS(status), 0);
        close(w->to);
        close(w->from);
        w->pid = 0;
    }
    free(w->mutant);
    free(w->out);
    w->mutant = w->out = NULL;
}

/* Gives an idle worker (started if its slot is empty) the next mutant. */
static void hand_out(Worker *workers, int jobs, int slot, const char *mutant, unsigned timeout_s) {
    Worker *w = &workers[slot];
    if (!w->pid)
        start_worker(workers, jobs, slot, timeout_s);
    w->mutant = need(strdup(mutant));
    w->out = output_name(mutant);
    if (dprintf(w->to, "%s\n", mutant) < 0) {
        perror("pargrad_mutate: write");
        exit(2);
    }
}

/* The list's non-empty lines, read before any worker starts: a worker
 * that exits inside the tool flushes the streams it inherited, which for
 * a stream being read moves the file's offset, shared with this process,
 * back to where the stream was when the worker was forked. */
static char **read_list(const char *path, size_t *count) {
    FILE *list = fopen(path, "r");
    if (!list) {
        perror(path);
        exit(2);
    }
    char **names = NULL, *line = NULL;
    size_t n = 0, cap = 0, line_cap = 0;
    while (getline(&line, &line_cap, list) > 0) {
        line[strcspn(line, "\n")] = '\0';
        if (!line[0])
            continue;
        if (n == cap) {
            cap = cap ? 2 * cap : 1024;
            names = need(realloc(names, cap * sizeof *names));
        }
        names[n++] = need(strdup(line));
    }
    free(line);
    fclose(list);
    *count = n;
    return names;
}

int main(int argc, char **argv) {
    if (argc != 4 || atoi(argv[1]) < 1 || atoi(argv[2]) < 1) {
        fprintf(stderr, "usage: pargrad_mutate JOBS TIMEOUT_S LIST\n");
        return 2;
    }
    int jobs = atoi(argv[1]);
    unsigned timeout_s = (unsigned)atoi(argv[2]);
    size_t count, next = 0;
    char **mutants = read_list(argv[3], &count);
    Worker *workers = calloc((size_t)jobs, sizeof *workers);
    struct pollfd *busy = calloc((size_t)jobs, sizeof *busy);
    if (!workers || !busy) {
        perror("pargrad_mutate");
        return 2;
    }
    signal(SIGPIPE, SIG_IGN);
    for (;;) {
        for (int i = 0; i < jobs && next < count; i++)
            if (!workers[i].mutant)
                hand_out(workers, jobs, i, mutants[next++], timeout_s);
        int nbusy = 0;
        for (int i = 0; i < jobs; i++)
            if (workers[i].mutant)
                busy[nbusy++] = (struct pollfd){.fd = workers[i].from, .events = POLLIN};
        if (!nbusy)
            break;
        if (poll(busy, (nfds_t)nbusy, -1) < 0 && errno != EINTR) {
            perror("pargrad_mutate: poll");
            return 2;
        }
        for (int i = 0, k = 0; i < jobs; i++) {
            if (!workers[i].mutant)
                continue;
            if (busy[k++].revents)
                collect(&workers[i]);
        }
    }
    for (int i = 0; i < jobs; i++)
        if (workers[i].pid) {
            close(workers[i].to); /* the worker's end of the list */
            waitpid(workers[i].pid, NULL, 0);
            close(workers[i].from);
        }
    for (size_t i = 0; i < count; i++)
        free(mutants[i]);
    free(mutants);
    free(workers);
    free(busy);
    return 0;
}
