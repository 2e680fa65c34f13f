/* campaign: runs pargrad on random programs and classifies what happens.
 *
 *   campaign PARGRAD FIRST_SEED COUNT [--workdir D] [--jobs J] [--no-shrink]
 *            [--break-every K] [--shrink-budget SECONDS] [--gen PATH]
 *            [--src DIR] [--gen-args "ARGS"] [--excuse-warning NAME]...
 *            [--max-shrinks N] [--resume] [--cuda]
 *
 * For each seed: pargrad_gen writes D/sSEED/prog.c and check.c (every K-th
 * seed, default 5, a --break-promise program); pargrad runs with a 10 s
 * timeout; the output is compiled by gcc -O3 and clang-14 -O1 with -Wall -Wextra
 * -Werror -fopenmp (clang's with AddressSanitizer: an access outside an array
 * is a wrong gradient) and the driver runs with OMP_NUM_THREADS=1 and 3 (with 3, also
 * PARGRAD_MIN_PARALLEL=1: the runtime's threaded paths on small inputs). Classes:
 *
 *   ok               gradient checked (maybe with "unreliable FD" components)
 *   rejected         a valid program rejected with a well-formed diagnostic
 *                    (not a failure: counted, messages summarised)
 *   rejected-ok      a --break-promise program rejected at the broken promise
 *   rejected-elsewhere  a --break-promise program rejected at another line
 *                    (inconclusive: the rest of the program was rejected)
 *   internal         exit status other than 0/1, a signal, "internal error"
 *   hang             pargrad ran past 10 s
 *   bad-diagnostic   exit 1 without `prog.c:L:C: error:`, or with an output
 *   uncompilable     the output does not compile warning-free (warnings the
 *                    primal itself has, e.g. an unused variable, are excused)
 *                    (--excuse-warning unknown-pragmas excuses one more, for a
 *                    known tool bug that would otherwise hide everything else)
 *   wrong-gradient   the driver fails (any compiler, 1 or 3 threads)
 *   accepted-broken-promise  a --break-promise program was accepted
 *   gen-invalid      the generator's own fault (primal does not compile,
 *                    values not finite): a bug in tests/random
 *
 * After all seeds ran, the first failing seed of each failure signature (class
 * and kind of message; at most --max-shrinks) is shrunk: greedy delta
 * debugging over the generator's node ids with --drop, keeping a drop when the
 * signature stays the same. The minimal program is saved as
 * D/min_SEED_CLASS.c and printed. --resume skips seeds that already have a
 * result. Exit status 1 when any seed failed.
 *
 * --cuda: the CUDA backend instead (pargrad --backend=cuda), its output built
 * for the CPU (PG_CUDA_EMULATE, g++: kernels' threads on OpenMP threads,
 * atomics real; -Wvla, which nvcc rejects) and the driver run with 1 and 3
 * threads; programs the backend does not support yet count as rejected. */
#define _XOPEN_SOURCE 700
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#ifndef RANDOM_SRC_DIR
#define RANDOM_SRC_DIR "."
#endif

enum cls {
    C_OK,
    C_REJECTED,
    C_REJECTED_OK,
    C_REJECTED_ELSEWHERE,
    C_INTERNAL,
    C_HANG,
    C_BAD_DIAG,
    C_UNCOMPILABLE,
    C_WRONG,
    C_BROKEN_ACCEPTED,
    C_GEN_INVALID,
    C_COUNT
};

static const char *const cls_name[C_COUNT] = {
    "ok",         "rejected",       "rejected-ok",  "rejected-elsewhere", "internal",
    "hang",       "bad-diagnostic", "uncompilable", "wrong-gradient",     "accepted-broken-promise",
    "gen-invalid"};

static int is_failure(enum cls c) {
    return c != C_OK && c != C_REJECTED && c != C_REJECTED_OK && c != C_REJECTED_ELSEWHERE;
}

struct options {
    const char *pargrad, *gen, *src, *workdir, *gen_args;
    char excused[512]; /* --excuse-warning NAME: " NAME NAME " */
    unsigned long long first;
    long count;
    int jobs, shrink, break_every, shrink_budget, max_shrinks, resume, cuda;
    char cflags[1024], libs[1024];
};

static struct options opt;

/* ------------------------------------------------------------------ */
/* small helpers                                                       */

static char *fmt(const char *f, ...) {
    va_list ap;
    va_start(ap, f);
    int len = vsnprintf(NULL, 0, f, ap);
    va_end(ap);
    char *s = malloc((size_t)len + 1);
    if (!s)
        exit(2);
    va_start(ap, f);
    vsnprintf(s, (size_t)len + 1, f, ap);
    va_end(ap);
    return s;
}

/* runs a shell command, returns its exit status (128 + signal if killed) */
static int sh(const char *cmd) {
    int st = system(cmd);
    if (st == -1)
        return 127;
    if (WIFEXITED(st))
        return WEXITSTATUS(st);
    return 128 + WTERMSIG(st);
}

static char *slurp(const char *path) {
    FILE *f = fopen(path, "r");
    if (!f)
        return fmt("%s", "");
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *s = malloc((size_t)n + 1);
    size_t got = fread(s, 1, (size_t)n, f);
    s[got] = 0;
    fclose(f);
    return s;
}

static int exists(const char *path) {
    struct stat st;
    return stat(path, &st) == 0;
}

/* the first line of text containing needle (without the newline) */
static char *line_with(const char *text, const char *needle) {
    const char *p = strstr(text, needle);
    if (!p)
        return NULL;
    const char *b = p;
    while (b > text && b[-1] != '\n')
        b--;
    const char *e = strchr(p, '\n');
    int len = e ? (int)(e - b) : (int)strlen(b);
    return fmt("%.*s", len > 300 ? 300 : len, b);
}

static void write_text(const char *path, const char *text) {
    FILE *f = fopen(path, "w");
    if (f) {
        fputs(text, f);
        fclose(f);
    }
}

/* ------------------------------------------------------------------ */
/* warnings                                                            */

/* the -W names in compiler output: gcc [-Werror=NAME], clang [-Werror,-WNAME] */
static void warning_names(const char *text, char *out, size_t size) {
    out[0] = 0;
    for (const char *p = text; (p = strstr(p, "[-Werror")) != NULL; p++) {
        const char *s = p + 8;
        if (*s == '=')
            s++;
        else if (strncmp(s, ",-W", 3) == 0)
            s += 3;
        else
            continue;
        const char *e = strchr(s, ']');
        if (!e)
            continue;
        const char *eq = memchr(s, '=', (size_t)(e - s)); /* pass-failed=transform-warning */
        if (eq)
            e = eq;
        char *name = fmt(" %.*s ", (int)(e - s), s);
        if (!strstr(out, name) && strlen(out) + strlen(name) < size)
            strcat(out, name + (out[0] ? 1 : 0));
        free(name);
    }
}

/* the first error line that is not a warning (a real compile error), or NULL */
static char *hard_error(const char *text) {
    for (const char *p = text; (p = strstr(p, "error: ")) != NULL; p++) {
        const char *e = strchr(p, '\n');
        const char *w = strstr(p, "[-Werror");
        if (strncmp(p, "error: too many errors emitted", 30) == 0)
            continue; /* clang's error limit: the warnings before it count */
        if (!w || (e && w > e))
            return line_with(p, "error: ");
    }
    return NULL;
}

/* ------------------------------------------------------------------ */
/* one program                                                         */

struct result {
    enum cls cls;
    int unreliable; /* the driver reported unreliable FD components */
    char detail[600];
};

static void set(struct result *r, enum cls c, const char *detail) {
    r->cls = c;
    snprintf(r->detail, sizeof r->detail, "%s", detail ? detail : "");
}

/* the program's files that a diagnostic may point into: prog.c and (the
 * generator's header construct) the header it includes */
static const char *diag_file(const char *diag) {
    static const char *const files[] = {"prog.c:", "prog_helpers.h:"};
    for (size_t i = 0; diag && i < sizeof files / sizeof files[0]; i++)
        if (strncmp(diag, files[i], strlen(files[i])) == 0)
            return files[i];
    return NULL;
}

/* whether the diagnostic FILE:LINE:... is inside the broken promise, which
 * the generator marks with comments */
static int at_promise(const char *dir, const char *diag) {
    const char *file = diag_file(diag);
    int line = atoi(diag + strlen(file)), first = 0, last = 0, k = 1;
    char *text = slurp(fmt("%s/%.*s", dir, (int)strlen(file) - 1, file));
    for (char *p = text; *p; p++) {
        if (strncmp(p, "/* broken promise", 17) == 0)
            first = k;
        if (strncmp(p, "/* end */", 9) == 0)
            last = k;
        k += *p == '\n';
    }
    return first > 0 && line > first && line < last;
}

static enum cls run_pargrad(const char *dir, int broken, struct result *r) {
    sh(fmt("rm -f %s/prog_b.c", dir));
    int rc = sh(fmt("cd %s && timeout 10 %s%s prog.c -o prog_b.c >pargrad.out 2>pargrad.err", dir,
                    opt.pargrad, opt.cuda ? " --backend=cuda" : ""));
    char *err = slurp(fmt("%s/pargrad.err", dir));
    char *all = fmt("%s%s", err, slurp(fmt("%s/pargrad.out", dir)));
    char *first = line_with(err, "error:");
    if (rc == 124)
        set(r, C_HANG, "pargrad ran past 10 s");
    else if (strstr(all, "internal error"))
        set(r, C_INTERNAL, line_with(all, "internal error"));
    else if (rc != 0 && rc != 1)
        set(r, C_INTERNAL, fmt("exit status %d: %s", rc, first ? first : ""));
    else if (rc == 1 && exists(fmt("%s/prog_b.c", dir)))
        set(r, C_BAD_DIAG, "rejected but wrote an output file");
    else if (rc == 1 && !diag_file(first))
        set(r, C_BAD_DIAG, fmt("no `prog.c:LINE:COL: error:` line: %s", first ? first : ""));
    else if (rc == 1)
        set(r,
            !broken                  ? C_REJECTED
            : at_promise(dir, first) ? C_REJECTED_OK
                                     : C_REJECTED_ELSEWHERE,
            strstr(first, "error:"));
    else if (broken)
        set(r, C_BROKEN_ACCEPTED,
            fmt("accepted %s", line_with(slurp(fmt("%s/prog.c", dir)), "/* broken promise")));
    else if (!exists(fmt("%s/prog_b.c", dir)))
        set(r, C_INTERNAL, "exit status 0 but no output file");
    else
        return C_OK;
    return r->cls;
}

/* the warnings the primal itself has with gcc or clang (only asked for when
 * the output warns) */
static void primal_warnings(const char *dir, char *out, size_t size) {
    char one[512];
    out[0] = 0;
    static const char *const ccs[2] = {"gcc", "clang-14"};
    for (int k = 0; k < 2; k++) {
        sh(fmt("cd %s && %s -std=c11 -O1 -Wall -Wextra -Werror -Wno-unknown-pragmas "
               "-fsyntax-only prog.c 2>primal_%s.err",
               dir, ccs[k], ccs[k]));
        warning_names(slurp(fmt("%s/primal_%s.err", dir, ccs[k])), one, sizeof one);
        if (strlen(out) + strlen(one) + 2 < size)
            strcat(strcat(out, " "), one);
    }
    /* an unused local of the primal may be "set but not used" in one and
     * "unused" in the other: one family */
    if (strstr(out, "unused-but-set-variable") && strlen(out) + 20 < size)
        strcat(out, " unused-variable ");
    else if (strstr(out, "unused-variable") && strlen(out) + 30 < size)
        strcat(out, " unused-but-set-variable ");
}

/* builds DIR/check_CC; returns 0, or the class on failure. Output warnings
 * that the primal has as well are excused; unexcused ones are recorded in
 * *uncompilable and the build goes on without them so that the gradient is
 * still checked. */
static enum cls build(const char *dir, const char *cc, struct result *r, char *uncompilable,
                      size_t size) {
    const char *lenient = "-Wno-unknown-pragmas -Wno-unused-variable -Wno-unused-parameter "
                          "-Wno-unused-function -Wno-unused-but-set-variable "
                          "-Wno-maybe-uninitialized -Wno-unknown-warning-option";
    /* gcc at -O3 as users build numerical code: its loop distribution once
     * broke gradients that -O1 and -O2 computed right */
    /* clang's build checks the output's memory accesses too (AddressSanitizer:
     * a save or a restore outside an array passes finite differences where
     * the heap around it is unused) */
    const char *strict = strcmp(cc, "gcc") == 0 ? "-std=c11 -O3 -Wall -Wextra -Werror -fopenmp"
                                                : "-std=c11 -O1 -Wall -Wextra -Werror -fopenmp "
                                                  "-fsanitize=address -fno-omit-frame-pointer";
    char primal_w[1024] = "", out_w[512], off[1024] = "", bad[512] = "";
    int rc = 1;
    /* clang reports optimizer warnings only once the front end is quiet:
     * several rounds, each turning off the warnings of the previous one */
    for (int round = 0; round < 4 && rc != 0; round++) {
        rc = sh(fmt("cd %s && %s %s %s %s -c prog_b.c -o b_%s.o 2>out_%s_%d.err", dir, cc, strict,
                    off, opt.cflags, cc, cc, round));
        if (rc == 0)
            break;
        char *err = slurp(fmt("%s/out_%s_%d.err", dir, cc, round));
        char *hard = hard_error(err);
        warning_names(err, out_w, sizeof out_w);
        if (hard || !out_w[0] || round == 3) {
            set(r, C_UNCOMPILABLE, fmt("%s: %s", cc, hard ? hard : line_with(err, "error")));
            return C_UNCOMPILABLE;
        }
        int all_excused = 1;
        for (char *p = out_w; *p;) {
            size_t len = strcspn(p, " ");
            if (len && !strstr(opt.excused, fmt(" %.*s ", (int)len, p)))
                all_excused = 0;
            p += len + (p[len] != 0);
        }
        if (!primal_w[0] && !all_excused) /* (two more compiles: only when needed) */
            primal_warnings(dir, primal_w, sizeof primal_w);
        for (char *tok = strtok(out_w, " "); tok; tok = strtok(NULL, " ")) {
            strcat(off, fmt(" -Wno-%s", tok));
            if (!strstr(primal_w, tok) && !strstr(opt.excused, fmt(" %s ", tok)) &&
                strlen(bad) + strlen(tok) + 2 < sizeof bad)
                strcat(strcat(bad, " -W"), tok);
        }
        if (bad[0] && !uncompilable[0])
            snprintf(uncompilable, size, "%s: output warns%s: %s", cc, bad,
                     line_with(err, "error:"));
    }
    /* the primal and the driver: compiled once, by gcc, linked with each output */
    if (!exists(fmt("%s/check.o", dir)))
        rc = sh(fmt("cd %s && gcc -std=c11 -O0 -Wall -Wextra -Werror %s -I%s -c prog.c check.c "
                    "2>build.err",
                    dir, lenient, opt.src));
    if (rc == 0)
        rc = sh(fmt("cd %s && %s -fopenmp%s prog.o check.o b_%s.o %s -lm -o check_%s "
                    "2>>build.err",
                    dir, cc, strcmp(cc, "gcc") ? " -fsanitize=address" : "", cc, opt.libs, cc));
    if (rc != 0) {
        set(r, C_GEN_INVALID,
            fmt("%s: primal or driver: %s", cc,
                line_with(slurp(fmt("%s/build.err", dir)), "error")));
        return C_GEN_INVALID;
    }
    return C_OK;
}

/* --cuda: DIR/check_cuda, the output built for the CPU by g++ */
static enum cls build_cuda(const char *dir, struct result *r) {
    /* (unused variables warned of as nvcc does; kernels take every parameter) */
    if (sh(fmt("cd %s && g++ -x c++ -std=c++17 -DPG_CUDA_EMULATE -O1 -Wall -Wextra -Werror -Wvla "
               "-Wno-unused-parameter %s -c prog_b.c -o b_cuda.o 2>out_cuda.err",
               dir, opt.cflags)) != 0) {
        set(r, C_UNCOMPILABLE,
            fmt("g++ (emulated CUDA): %s", line_with(slurp(fmt("%s/out_cuda.err", dir)), "error")));
        return C_UNCOMPILABLE;
    }
    if (sh(fmt("cd %s && gcc -std=c11 -O0 -w -I%s -c prog.c check.c 2>build.err && g++ -fopenmp "
               "prog.o check.o b_cuda.o -lm -o check_cuda 2>>build.err",
               dir, opt.src)) != 0) {
        set(r, C_GEN_INVALID,
            fmt("primal or driver: %s", line_with(slurp(fmt("%s/build.err", dir)), "error")));
        return C_GEN_INVALID;
    }
    return C_OK;
}

/* With threads, PARGRAD_MIN_PARALLEL=1: the runtime gives the program's few
 * elements threads too, so its threaded paths run (a histogram's loop
 * with atomics or copies of the bins, the runtime's parallel scans), not
 * only the one-thread copies that small inputs take otherwise. */
static enum cls run_driver(const char *dir, const char *cc, int threads, struct result *r) {
    int rc = sh(fmt("cd %s && ASAN_OPTIONS=detect_leaks=0 OMP_NUM_THREADS=%d "
                    "PARGRAD_MIN_PARALLEL=%d timeout 20 ./check_%s >run_%s_%d.txt 2>&1",
                    dir, threads, threads > 1 ? 1 : 8192, cc, cc, threads));
    char *out = slurp(fmt("%s/run_%s_%d.txt", dir, cc, threads));
    if (strstr(out, "UNRELIABLE FD"))
        r->unreliable = 1;
    if (rc == 0)
        return C_OK;
    if (rc == 3) {
        set(r, C_GEN_INVALID, line_with(out, "SETUP"));
        return C_GEN_INVALID;
    }
    const char *why = line_with(out, "FAIL");
    if (strstr(out, "ERROR: AddressSanitizer"))
        why = line_with(out, "ERROR: AddressSanitizer");
    if (rc == 124)
        why = "the gradient ran past 20 s";
    else if (rc >= 128)
        why = fmt("the driver died with signal %d", rc - 128);
    set(r, C_WRONG, fmt("%s OMP_NUM_THREADS=%d: %s", cc, threads, why ? why : "failed"));
    return C_WRONG;
}

static void classify(const char *dir, unsigned long long seed, int broken, const char *drops,
                     struct result *r) {
    memset(r, 0, sizeof *r);
    sh(fmt("mkdir -p %s && rm -f %s/*.o", dir, dir));
    int rc = sh(fmt("%s %llu %s%s%s%s %s >%s/gen.err 2>&1", opt.gen, seed, dir,
                    broken ? " --break-promise" : "", drops[0] ? " --drop=" : "", drops,
                    opt.gen_args, dir));
    if (rc != 0) {
        set(r, C_GEN_INVALID, "pargrad_gen failed");
        return;
    }
    enum cls c = run_pargrad(dir, broken, r);
    if ((c == C_REJECTED || c == C_REJECTED_ELSEWHERE) &&
        sh(fmt("cd %s && gcc -std=c11 -w -fsyntax-only prog.c 2>syntax.err", dir)) != 0) {
        /* a rejection of a program that is not even valid C is our fault */
        set(r, C_GEN_INVALID,
            fmt("prog.c is not valid C: %s", line_with(slurp(fmt("%s/syntax.err", dir)), "error")));
        return;
    }
    if (c != C_OK)
        return;
    if (opt.cuda) {
        if (build_cuda(dir, r) != C_OK)
            return;
        for (int t = 1; t <= 3; t += 2)
            if (run_driver(dir, "cuda", t, r) != C_OK)
                return;
        r->cls = C_OK;
        return;
    }
    static const char *const ccs[2] = {"gcc", "clang-14"};
    char uncompilable[600] = "";
    for (int k = 0; k < 2; k++)
        if (build(dir, ccs[k], r, uncompilable, sizeof uncompilable) != C_OK)
            return;
    for (int k = 0; k < 2; k++)
        for (int t = 1; t <= 3; t += 2)
            if (run_driver(dir, ccs[k], t, r) != C_OK) {
                if (r->cls == C_WRONG && uncompilable[0]) {
                    size_t len = strlen(r->detail);
                    snprintf(r->detail + len, sizeof r->detail - len, " (also %s)", uncompilable);
                }
                return;
            }
    if (uncompilable[0])
        set(r, C_UNCOMPILABLE, uncompilable);
    else
        r->cls = C_OK;
}

/* ------------------------------------------------------------------ */
/* shrinking                                                           */

static int read_ids(const char *dir, int *ids, int max) {
    FILE *f = fopen(fmt("%s/ids.txt", dir), "r");
    int n = 0;
    if (!f)
        return 0;
    while (n < max && fscanf(f, "%d", &ids[n]) == 1)
        n++;
    fclose(f);
    return n;
}

static char *join(const int *v, int n, const char *extra) {
    size_t size = (size_t)n * 8 + strlen(extra) + 2;
    char *s = malloc(size);
    s[0] = 0;
    size_t len = 0;
    for (int i = 0; i < n; i++)
        len += (size_t)snprintf(s + len, size - len, "%s%d", len ? "," : "", v[i]);
    if (extra[0])
        snprintf(s + len, size - len, "%s%s", len ? "," : "", extra);
    return s;
}

enum { MAX_IDS = 20000 };

static char *signature(enum cls c, const char *detail);

/* Greedy delta debugging: chunks of the live node ids, halving the chunk
 * size; a chunk is dropped when the program still fails with the same
 * signature (class and kind of message). */
static char *shrink(const char *dir, unsigned long long seed, int broken, enum cls want,
                    const char *want_sig) {
    static int live[MAX_IDS];
    char *drops = fmt("%s", "");
    char *sdir = fmt("%s/shrink", dir);
    int nlive = read_ids(dir, live, MAX_IDS);
    time_t start = time(NULL);
    int tests = 0;
    for (int chunk = nlive / 2 > 0 ? nlive / 2 : 1; chunk >= 1; chunk /= 2) {
        for (int at = 0; at < nlive; at += chunk) {
            if (time(NULL) - start > opt.shrink_budget)
                goto done;
            int len = at + chunk <= nlive ? chunk : nlive - at;
            char *cand = join(live + at, len, drops);
            struct result r;
            classify(sdir, seed, broken, cand, &r);
            tests++;
            if (r.cls == want && strcmp(signature(r.cls, r.detail), want_sig) == 0) {
                drops = cand;
                nlive = read_ids(sdir, live, MAX_IDS);
                at -= chunk; /* the ids moved up: retry at the same place */
                if (at < -chunk)
                    at = -chunk;
            }
        }
        if (chunk == 1)
            break;
    }
done:
    fprintf(stderr, "seed %llu: shrunk in %d tests (%ld s)\n", seed, tests,
            (long)(time(NULL) - start));
    return drops;
}

/* ------------------------------------------------------------------ */
/* one seed in a worker process                                        */

static int is_broken(unsigned long long seed) {
    return opt.break_every > 0 && seed % (unsigned long long)opt.break_every == 0;
}

/* phase 1: classify one seed, result in D/sSEED/result */
static void do_seed(unsigned long long seed) {
    char *dir = fmt("%s/s%llu", opt.workdir, seed);
    if (opt.resume && exists(fmt("%s/result", dir)))
        return; /* classified by an earlier run */
    struct result r;
    classify(dir, seed, is_broken(seed), "", &r);
    write_text(fmt("%s/result", dir), fmt("%s %d %s\n", cls_name[r.cls], r.unreliable, r.detail));
}

static enum cls cls_of(const char *name) {
    for (int k = 0; k < C_COUNT; k++)
        if (strcmp(cls_name[k], name) == 0)
            return (enum cls)k;
    return C_GEN_INVALID;
}

/* the class and detail recorded for a seed */
static enum cls read_result(unsigned long long seed, int *unreliable, char **detail) {
    char *line = slurp(fmt("%s/s%llu/result", opt.workdir, seed));
    char name[64] = "";
    int used = 0;
    *unreliable = 0;
    if (sscanf(line, "%63s %d %n", name, unreliable, &used) < 2)
        snprintf(name, sizeof name, "gen-invalid");
    *detail = used ? line + used : fmt("%s", "no result\n");
    return cls_of(name);
}

/* phase 2: shrink a failing seed, save D/min_SEED_CLASS.c */
static void do_shrink(unsigned long long seed) {
    char *dir = fmt("%s/s%llu", opt.workdir, seed);
    int broken = is_broken(seed), unreliable;
    char *detail;
    enum cls c = read_result(seed, &unreliable, &detail);
    char *drops = shrink(dir, seed, broken, c, signature(c, detail));
    char *mdir = fmt("%s/min", dir);
    struct result m;
    classify(mdir, seed, broken, drops, &m);
    char *text = slurp(fmt("%s/prog.c", mdir));
    const char *include = "#include \"prog_helpers.h\"\n";
    char *at = strstr(text, include);
    if (at) /* the header's text in its place: one file to read and keep */
        text = fmt("%.*s%s%s", (int)(at - text), text, slurp(fmt("%s/prog_helpers.h", mdir)),
                   at + strlen(include));
    char *head = fmt("/* %s: %s\n * pargrad_gen %llu%s %s --drop=%s */\n", cls_name[m.cls],
                     m.detail, seed, broken ? " --break-promise" : "", opt.gen_args, drops);
    write_text(fmt("%s/min_%llu_%s.c", opt.workdir, seed, cls_name[c]), fmt("%s%s", head, text));
}

/* what makes two failures "the same" for shrinking one of each: the class
 * and the detail without numbers, names in quotes, compiler and threads */
static char *signature(enum cls c, const char *detail) {
    const char *d = detail;
    const char *fail = strstr(d, "FAIL ");
    if (fail)
        d = fail;
    char *s = fmt("%s %s", cls_name[c], d);
    char *o = s;
    int quoted = 0;
    for (const char *p = s; *p && *p != '\n'; p++) {
        if (strncmp(p, "\xe2\x80\x98", 3) == 0 || strncmp(p, "\xe2\x80\x99", 3) == 0 || *p == '\'')
            quoted = !quoted;
        if (quoted || (*p >= '0' && *p <= '9') || *p == '[' || *p == ']')
            continue;
        if (fail && *p == ':' && o > s + 10) /* "FAIL what[i]: got ..." */
            break;
        *o++ = *p;
    }
    *o = 0;
    return s;
}

/* ------------------------------------------------------------------ */
/* main                                                                */

static void usage(void) {
    fprintf(stderr, "usage: campaign PARGRAD FIRST_SEED COUNT [--workdir D] [--jobs J]\n"
                    "       [--no-shrink] [--break-every K] [--shrink-budget S] [--gen PATH]\n"
                    "       [--src DIR] [--gen-args \"ARGS\"] [--excuse-warning NAME]\n"
                    "       [--max-shrinks N] [--resume] [--cuda]\n");
    exit(2);
}

static void self_dir_gen(void) {
    char buf[4096];
    ssize_t n = readlink("/proc/self/exe", buf, sizeof buf - 1);
    if (n <= 0) {
        opt.gen = "pargrad_gen";
        return;
    }
    buf[n] = 0;
    char *slash = strrchr(buf, '/');
    if (slash)
        *slash = 0;
    opt.gen = fmt("%s/pargrad_gen", buf);
}

static void query_flags(void) {
    FILE *p = popen(fmt("%s --cflags", opt.pargrad), "r");
    if (!p || !fgets(opt.cflags, sizeof opt.cflags, p))
        opt.cflags[0] = 0;
    if (p)
        pclose(p);
    p = popen(fmt("%s --libs", opt.pargrad), "r");
    if (!p || !fgets(opt.libs, sizeof opt.libs, p))
        opt.libs[0] = 0;
    if (p)
        pclose(p);
    opt.cflags[strcspn(opt.cflags, "\n")] = 0;
    opt.libs[strcspn(opt.libs, "\n")] = 0;
}

static void parse_args(int argc, char **argv) {
    if (argc < 4)
        usage();
    opt.pargrad = argv[1];
    opt.first = strtoull(argv[2], NULL, 10);
    opt.count = strtol(argv[3], NULL, 10);
    opt.workdir = "campaign-work";
    opt.jobs = 2;
    opt.shrink = 1;
    opt.break_every = 5;
    opt.shrink_budget = 300;
    opt.max_shrinks = 40;
    opt.src = RANDOM_SRC_DIR;
    opt.gen_args = "";
    self_dir_gen();
    for (int i = 4; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(a, "--no-shrink") == 0)
            opt.shrink = 0;
        else if (strcmp(a, "--resume") == 0)
            opt.resume = 1;
        else if (strcmp(a, "--cuda") == 0)
            opt.cuda = 1;
        else if (!v)
            usage();
        else if (strcmp(a, "--workdir") == 0)
            opt.workdir = v, i++;
        else if (strcmp(a, "--jobs") == 0)
            opt.jobs = atoi(v), i++;
        else if (strcmp(a, "--break-every") == 0)
            opt.break_every = atoi(v), i++;
        else if (strcmp(a, "--shrink-budget") == 0)
            opt.shrink_budget = atoi(v), i++;
        else if (strcmp(a, "--max-shrinks") == 0)
            opt.max_shrinks = atoi(v), i++;
        else if (strcmp(a, "--gen") == 0)
            opt.gen = v, i++;
        else if (strcmp(a, "--src") == 0)
            opt.src = v, i++;
        else if (strcmp(a, "--gen-args") == 0)
            opt.gen_args = v, i++;
        else if (strcmp(a, "--excuse-warning") == 0 && strlen(opt.excused) + strlen(v) + 3 < 512)
            strcat(strcat(strcat(opt.excused, " "), v), " "), i++;
        else
            usage();
    }
    if (opt.jobs < 1)
        opt.jobs = 1;
}

/* the commands run in each program's directory: absolute paths */
static const char *absolute(const char *path) {
    char *r = realpath(path, NULL);
    return r ? r : path;
}

struct totals {
    long n[C_COUNT];
    long unreliable;
    unsigned long long shrink[256]; /* one failing seed per signature */
    char *sig[256];
    int nshrink;
};

/* reads a finished seed's result, prints failures, counts, and picks the
 * first seed of each failure signature for shrinking */
static void collect(unsigned long long seed, struct totals *t) {
    int unreliable;
    char *detail;
    enum cls c = read_result(seed, &unreliable, &detail);
    t->n[c]++;
    t->unreliable += unreliable;
    if (is_failure(c) || c == C_REJECTED || c == C_REJECTED_ELSEWHERE)
        printf("seed %llu%s: %s: %s", seed, is_broken(seed) ? " (break-promise)" : "", cls_name[c],
               detail);
    fflush(stdout);
    if (!is_failure(c) || c == C_GEN_INVALID || t->nshrink >= opt.max_shrinks)
        return;
    char *sig = signature(c, detail);
    for (int k = 0; k < t->nshrink; k++)
        if (strcmp(t->sig[k], sig) == 0)
            return;
    t->sig[t->nshrink] = sig;
    t->shrink[t->nshrink++] = seed;
}

/* runs job(seed) for each seed in worker processes, at most opt.jobs at a
 * time, and done(seed) in this process as each finishes */
static void run_parallel(const unsigned long long *seeds, long count,
                         void (*job)(unsigned long long), struct totals *t,
                         void (*done)(unsigned long long, struct totals *)) {
    pid_t pids[256];
    unsigned long long running_seed[256];
    int running = 0;
    long next = 0;
    while (next < count || running > 0) {
        while (next < count && running < opt.jobs) {
            fflush(stdout);
            pid_t pid = fork();
            if (pid == 0) {
                job(seeds[next]);
                _exit(0);
            }
            pids[running] = pid;
            running_seed[running++] = seeds[next++];
        }
        int st;
        pid_t pid = wait(&st);
        if (pid < 0 && errno == ECHILD)
            break;
        for (int k = 0; k < running; k++)
            if (pids[k] == pid) {
                if (done)
                    done(running_seed[k], t);
                pids[k] = pids[running - 1];
                running_seed[k] = running_seed[running - 1];
                running--;
                break;
            }
    }
}

static void print_min(unsigned long long seed, struct totals *t) {
    (void)t;
    int unreliable;
    char *detail;
    enum cls c = read_result(seed, &unreliable, &detail);
    char *min = fmt("%s/min_%llu_%s.c", opt.workdir, seed, cls_name[c]);
    if (exists(min))
        printf("---- %s ----\n%s----\n", min, slurp(min));
    fflush(stdout);
}

int main(int argc, char **argv) {
    parse_args(argc, argv);
    if (sh(fmt("mkdir -p %s", opt.workdir)) != 0)
        return 2;
    opt.pargrad = absolute(opt.pargrad);
    opt.gen = absolute(opt.gen);
    opt.workdir = absolute(opt.workdir);
    opt.src = absolute(opt.src);
    query_flags();
    if (opt.jobs > 256)
        opt.jobs = 256;
    static struct totals t;
    unsigned long long *seeds = malloc(sizeof *seeds * (size_t)(opt.count > 0 ? opt.count : 1));
    for (long i = 0; i < opt.count; i++)
        seeds[i] = opt.first + (unsigned long long)i;
    run_parallel(seeds, opt.count, do_seed, &t, collect);
    if (opt.shrink && t.nshrink > 0) {
        printf("\nshrinking %d failures (one per signature)\n", t.nshrink);
        run_parallel(t.shrink, t.nshrink, do_shrink, &t, print_min);
    }
    long failures = 0;
    printf("\n%llu..%llu: %ld programs\n", opt.first, opt.first + (unsigned long long)opt.count - 1,
           opt.count);
    for (int k = 0; k < C_COUNT; k++) {
        printf("  %-26s %ld\n", cls_name[k], t.n[k]);
        if (is_failure((enum cls)k))
            failures += t.n[k];
    }
    printf("  (programs with unreliable FD components: %ld)\n", t.unreliable);
    if (t.nshrink > 0) {
        printf("distinct failure signatures:\n");
        for (int k = 0; k < t.nshrink; k++)
            printf("  seed %llu: %s\n", t.shrink[k], t.sig[k]);
    }
    return failures ? 1 : 0;
}
