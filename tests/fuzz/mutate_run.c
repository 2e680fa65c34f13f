/* The loop of tests/fuzz/mutate.sh: pargrad on each mutant of a list, as
 *     pargrad MUTANT.c -o MUTANT.out.c
 * with the checks mutate.sh describes. Each run is a child forked from this
 * process, which has loaded libclang once: starting a pargrad process costs
 * more than most translations (the dynamic loader relocating libclang and
 * LLVM, about 0.1 s), and there are tens of thousands of mutants. The child
 * runs the tool's own driver_main, so a crash, a hang or a wrong exit status
 * is seen as it would be from the command line.
 *
 * usage: pargrad_mutate JOBS TIMEOUT_S LIST  (in the directory of the mutants)
 * Prints, for each mutant, a "FAIL: ..." line per failed check and "ran". */
#define _POSIX_C_SOURCE 200809L
#include "driver.h"

#include <fcntl.h>
#include <glob.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

typedef struct Run {
    pid_t pid; /* 0: the slot is free */
    char *mutant, *out;
} Run;

/* The child: pargrad's main with its output silenced, killed by SIGALRM
 * after timeout_s seconds (a hang). */
static void run_child(const char *mutant, char *out, unsigned timeout_s) {
    int null = open("/dev/null", O_WRONLY);
    if (null < 0 || dup2(null, 1) < 0 || dup2(null, 2) < 0)
        _exit(100);
    alarm(timeout_s);
    char *argv[] = {"pargrad", (char *)mutant, "-o", out, NULL};
    int rc = driver_main(4, argv);
    fflush(NULL);
    _exit(rc);
}

/* Prints the FAIL lines of a finished run, then "ran". */
static void report(const Run *r, int status) {
    if (WIFSIGNALED(status)) {
        int sig = WTERMSIG(status);
        printf("FAIL: %s: %s (signal %d)\n", r->mutant,
               sig == SIGALRM ? "timed out" : "killed by a signal", sig);
    } else if (WEXITSTATUS(status) == 0) {
        if (access(r->out, F_OK) != 0)
            printf("FAIL: %s: accepted but wrote no %s\n", r->mutant, r->out);
    } else if (WEXITSTATUS(status) == 1) {
        if (access(r->out, F_OK) == 0)
            printf("FAIL: %s: rejected but wrote %s\n", r->mutant, r->out);
    } else {
        printf("FAIL: %s: exit status %d\n", r->mutant, WEXITSTATUS(status));
    }
    size_t n = strlen(r->out);
    char *pattern = malloc(n + 6);
    if (!pattern) {
        perror("pargrad_mutate");
        exit(2);
    }
    memcpy(pattern, r->out, n);
    strcpy(pattern + n, ".tmp*");
    glob_t left;
    if (glob(pattern, 0, NULL, &left) == 0) {
        for (size_t i = 0; i < left.gl_pathc; i++)
            printf("FAIL: %s: left %s behind\n", r->mutant, left.gl_pathv[i]);
        globfree(&left);
    }
    free(pattern);
    printf("ran\n");
    fflush(stdout);
}

/* Waits for one child and reports it. */
static void reap_one(Run *runs, int jobs) {
    int status;
    pid_t pid = waitpid(-1, &status, 0);
    if (pid < 0) {
        perror("pargrad_mutate: waitpid");
        exit(2);
    }
    for (int i = 0; i < jobs; i++)
        if (runs[i].pid == pid) {
            report(&runs[i], status);
            free(runs[i].mutant);
            free(runs[i].out);
            runs[i].pid = 0;
            return;
        }
}

/* NAME.c -> NAME.out.c */
static char *output_name(const char *mutant) {
    size_t n = strlen(mutant);
    if (n > 2 && strcmp(mutant + n - 2, ".c") == 0)
        n -= 2;
    char *out = malloc(n + 7);
    if (out) {
        memcpy(out, mutant, n);
        strcpy(out + n, ".out.c");
    }
    return out;
}

int main(int argc, char **argv) {
    if (argc != 4 || atoi(argv[1]) < 1 || atoi(argv[2]) < 1) {
        fprintf(stderr, "usage: pargrad_mutate JOBS TIMEOUT_S LIST\n");
        return 2;
    }
    int jobs = atoi(argv[1]);
    unsigned timeout_s = (unsigned)atoi(argv[2]);
    FILE *list = fopen(argv[3], "r");
    Run *runs = calloc((size_t)jobs, sizeof *runs);
    if (!list || !runs) {
        perror("pargrad_mutate");
        return 2;
    }
    int running = 0;
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    while ((len = getline(&line, &cap, list)) > 0) {
        line[strcspn(line, "\n")] = '\0';
        if (!line[0])
            continue;
        if (running == jobs) {
            reap_one(runs, jobs);
            running--;
        }
        int slot = 0;
        while (runs[slot].pid)
            slot++;
        Run *r = &runs[slot];
        r->mutant = strdup(line);
        r->out = output_name(line);
        if (!r->mutant || !r->out) {
            perror("pargrad_mutate");
            return 2;
        }
        fflush(stdout);
        r->pid = fork();
        if (r->pid < 0) {
            perror("pargrad_mutate: fork");
            return 2;
        }
        if (r->pid == 0)
            run_child(r->mutant, r->out, timeout_s);
        running++;
    }
    while (running-- > 0)
        reap_one(runs, jobs);
    free(line);
    free(runs);
    fclose(list);
    return 0;
}
