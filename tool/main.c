/* pargrad: the command-line driver (PRAGMAS.md section 6).
 *   pargrad INPUT.c -o OUTPUT.c [--backend=openmp|serial] [--reverse=F --wrt=a,b
 *           [--out=y] [--name=N]] [-p BUILD_DIR] [-MD -MF DEPFILE]
 *           [--line-directives] [--emit-ir=lifted|rev|opt] [-- CLANG_ARGS...]
 * Exit status: 0 success, 1 input rejected, 2 usage error. */
#define _XOPEN_SOURCE 700
#include "diag.h"
#include "emit.h"
#include "parse.h"
#include "rev.h"

#include <clang-c/CXCompilationDatabase.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef PARGRAD_VERSION
#define PARGRAD_VERSION "0.0.0"
#endif

typedef struct Options {
    const char *input, *output, *backend, *emit_ir, *build_dir, *depfile;
    const char *reverse, *wrt, *out, *name;
    bool md, line_directives;
    int nclang;
    const char **clang;
} Options;

static int usage(const char *msg) {
    if (msg)
        fprintf(stderr, "pargrad: %s\n", msg);
    fputs("usage: pargrad INPUT.c -o OUTPUT.c [--backend=openmp|serial]\n"
          "               [--reverse=FUNC --wrt=a,b [--out=y] [--name=NEW]]\n"
          "               [-p BUILD_DIR] [-MD -MF DEPFILE] [--line-directives]\n"
          "               [--emit-ir=lifted|rev|opt] [-- CLANG_ARGS...]\n"
          "       pargrad --cflags | --libs | --version\n",
          stderr);
    return 2;
}

/* Directory of the running executable, to find headers and the runtime:
 * in the build tree the headers are in the source tree; installed, they are
 * next to bin/. */
static bool exe_dir(char *dir, size_t size) {
    ssize_t n = readlink("/proc/self/exe", dir, size - 1);
    if (n <= 0)
        return false;
    dir[n] = 0;
    char *slash = strrchr(dir, '/');
    if (slash)
        *slash = 0;
    return true;
}

static void print_flags(bool libs) {
    char dir[PATH_MAX];
    bool known = exe_dir(dir, sizeof dir);
    bool build_tree = known && strcmp(dir, PARGRAD_BUILD_BINDIR) == 0;
    const char *prefix = known ? dir : "/usr/local/bin";
    if (libs) {
        if (build_tree)
            printf("-L%s -lpargrad_rt -fopenmp -lm\n", PARGRAD_BUILD_LIBDIR);
        else
            printf("-L%s/../lib -lpargrad_rt -fopenmp -lm\n", prefix);
    } else {
        if (build_tree)
            printf("-I%s -fopenmp\n", PARGRAD_BUILD_INCLUDE);
        else
            printf("-I%s/../include -fopenmp\n", prefix);
    }
}

static bool take_value(int argc, char **argv, int *i, const char *flag, const char **out) {
    size_t n = strlen(flag);
    const char *a = argv[*i];
    if (strncmp(a, flag, n) != 0)
        return false;
    if (a[n] == '=') {
        *out = a + n + 1;
        return true;
    }
    if (a[n] == 0 && *i + 1 < argc) {
        *out = argv[++*i];
        return true;
    }
    return false;
}

static int parse_options(int argc, char **argv, Options *o) {
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--") == 0) {
            o->nclang = argc - i - 1;
            o->clang = (const char **)argv + i + 1;
            break;
        }
        if (strcmp(a, "-o") == 0 && i + 1 < argc)
            o->output = argv[++i];
        else if (strcmp(a, "-p") == 0 && i + 1 < argc)
            o->build_dir = argv[++i];
        else if (strcmp(a, "-MD") == 0)
            o->md = true;
        else if (strcmp(a, "-MF") == 0 && i + 1 < argc)
            o->depfile = argv[++i];
        else if (strcmp(a, "--line-directives") == 0)
            o->line_directives = true;
        else if (take_value(argc, argv, &i, "--backend", &o->backend) ||
                 take_value(argc, argv, &i, "--reverse", &o->reverse) ||
                 take_value(argc, argv, &i, "--wrt", &o->wrt) ||
                 take_value(argc, argv, &i, "--out", &o->out) ||
                 take_value(argc, argv, &i, "--name", &o->name) ||
                 take_value(argc, argv, &i, "--emit-ir", &o->emit_ir))
            continue;
        else if (strcmp(a, "--forward") == 0 || strncmp(a, "--forward=", 10) == 0) {
            fprintf(stderr, "pargrad: forward mode is not supported yet\n");
            return 2;
        } else if (a[0] == '-' && a[1]) {
            fprintf(stderr, "pargrad: unknown option '%s'\n", a);
            return usage(NULL);
        } else if (!o->input)
            o->input = a;
        else
            return usage("more than one input file");
    }
    if (!o->input)
        return usage("no input file");
    if (o->backend && strcmp(o->backend, "openmp") != 0 && strcmp(o->backend, "serial") != 0) {
        if (strcmp(o->backend, "cuda") == 0)
            fprintf(stderr, "pargrad: the cuda backend is not supported yet\n");
        return usage("--backend is openmp or serial");
    }
    if (o->emit_ir && strcmp(o->emit_ir, "lifted") && strcmp(o->emit_ir, "rev") &&
        strcmp(o->emit_ir, "opt"))
        return usage("--emit-ir is lifted, rev or opt");
    if (!o->output && !o->emit_ir)
        return usage("no output file (-o)");
    if ((o->wrt || o->out || o->name) && !o->reverse)
        return usage("--wrt, --out and --name need --reverse");
    if (o->reverse && !o->wrt)
        return usage("--reverse needs --wrt");
    if (o->md && !o->depfile)
        return usage("-MD needs -MF DEPFILE");
    return 0;
}

static bool same_file(const char *a, const char *b) {
    struct stat sa, sb;
    if (stat(a, &sa) != 0 || stat(b, &sb) != 0)
        return false;
    return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

static void split_names(Arena *a, const char *list, PtrVec *out) {
    char *copy = arena_strdup(a, list);
    for (char *tok = strtok(copy, ","); tok; tok = strtok(NULL, ","))
        vec_push(a, out, tok);
}

static void report_rev_error(void *ctx, SrcLoc loc, const char *hint, const char *msg) {
    diag_error(ctx, loc, hint, "%s", msg);
}

/* The user's compile flags from a compilation database, for the input. */
static void flags_from_database(Arena *a, Options *o) {
    CXCompilationDatabase_Error err;
    CXCompilationDatabase db = clang_CompilationDatabase_fromDirectory(o->build_dir, &err);
    if (err != CXCompilationDatabase_NoError) {
        fprintf(stderr, "pargrad: warning: no compilation database in '%s'\n", o->build_dir);
        return;
    }
    char *abs = realpath(o->input, NULL);
    CXCompileCommands cmds = clang_CompilationDatabase_getCompileCommands(db, abs ? abs : o->input);
    free(abs);
    if (clang_CompileCommands_getSize(cmds) > 0) {
        CXCompileCommand cmd = clang_CompileCommands_getCommand(cmds, 0);
        unsigned n = clang_CompileCommand_getNumArgs(cmd);
        const char **args = arena_alloc(a, sizeof(char *) * (n + (unsigned)o->nclang + 1));
        int k = 0;
        for (unsigned i = 1; i < n; i++) {
            CXString s = clang_CompileCommand_getArg(cmd, i);
            const char *arg = clang_getCString(s);
            /* Keep what affects parsing: includes, defines, the standard. */
            if (strncmp(arg, "-I", 2) == 0 || strncmp(arg, "-D", 2) == 0 ||
                strncmp(arg, "-U", 2) == 0 || strncmp(arg, "-std=", 5) == 0 ||
                strcmp(arg, "-isystem") == 0 || strcmp(arg, "-include") == 0) {
                args[k++] = arena_strdup(a, arg);
                if ((strcmp(arg, "-isystem") == 0 || strcmp(arg, "-include") == 0) && i + 1 < n) {
                    CXString v = clang_CompileCommand_getArg(cmd, ++i);
                    args[k++] = arena_strdup(a, clang_getCString(v));
                    clang_disposeString(v);
                }
            }
            clang_disposeString(s);
        }
        for (int i = 0; i < o->nclang; i++)
            args[k++] = o->clang[i];
        o->clang = args;
        o->nclang = k;
    }
    clang_CompileCommands_dispose(cmds);
    clang_CompilationDatabase_dispose(db);
}

/* Writes through a temporary file and renames, so that a failure never
 * leaves a partial output. */
static FILE *open_temp(const char *output, char **tmp_path) {
    size_t n = strlen(output) + 16;
    *tmp_path = malloc(n);
    snprintf(*tmp_path, n, "%s.tmpXXXXXX", output);
    int fd = mkstemp(*tmp_path);
    if (fd < 0)
        return NULL;
    return fdopen(fd, "w");
}

static int finish_temp(FILE *f, char *tmp, const char *output, bool ok) {
    bool written = fflush(f) == 0 && !ferror(f);
    fclose(f);
    if (!ok || !written || rename(tmp, output) != 0) {
        if (ok)
            fprintf(stderr, "pargrad: cannot write '%s': %s\n", output, strerror(errno));
        remove(tmp);
        free(tmp);
        return 1;
    }
    chmod(output, 0644);
    free(tmp);
    return 0;
}

typedef struct Job {
    RevSpec spec;
    Func *result;
} Job;

static int run(Options *o, Arena *a, Diags *d) {
    if (o->output && same_file(o->input, o->output)) {
        fprintf(stderr, "pargrad: the output '%s' is the input file; refusing to overwrite it\n",
                o->output);
        return 2;
    }
    if (o->build_dir)
        flags_from_database(a, o);
    Frontend *fe = frontend_open(a, d, o->input, o->nclang, o->clang);
    if (!fe)
        return 1;
    PtrVec jobs = {0};
    if (o->reverse) {
        Job *j = arena_alloc(a, sizeof(Job));
        j->spec.name = o->name;
        split_names(a, o->wrt, &j->spec.wrt);
        if (o->out)
            split_names(a, o->out, &j->spec.out);
        j->spec.loc = (SrcLoc){0};
        j->spec.primal = (Func *)o->reverse; /* resolved below */
        vec_push(a, &jobs, j);
    } else {
        PtrVec *dirs = frontend_directives(fe);
        for (int i = 0; i < dirs->len; i++) {
            Pragma *p = dirs->items[i];
            Job *j = arena_alloc(a, sizeof(Job));
            j->spec.name = p->req.name;
            j->spec.wrt = p->req.wrt;
            j->spec.out = p->req.out;
            j->spec.wrt_locs = p->req.wrt_locs;
            j->spec.out_locs = p->req.out_locs;
            j->spec.loc = p->req.loc;
            j->spec.primal = (Func *)p->req.func;
            vec_push(a, &jobs, j);
        }
        if (!jobs.len) {
            diag_error(d, (SrcLoc){o->input, 1, 1},
                       "add '#pragma pargrad reverse(FUNC) wrt(x)' after the function, or pass "
                       "--reverse=FUNC --wrt=x",
                       "nothing to differentiate in '%s'", o->input);
            frontend_close(fe);
            return 1;
        }
    }
    int bad = 0;
    for (int i = 0; i < jobs.len; i++) {
        Job *j = jobs.items[i];
        const char *fname = (const char *)j->spec.primal;
        j->spec.primal = frontend_lift(fe, fname, j->spec.loc);
        if (!j->spec.primal) {
            bad++;
            continue;
        }
        Func *f = j->spec.primal;
        if (!j->spec.name)
            j->spec.name = arena_printf(a, "%s_b", f->name);
        if (!j->spec.out.len) {
            /* Default out: the return value if floating, else the writable
             * arrays the function writes. */
            if (type_is_float(f->ret))
                vec_push(a, &j->spec.out, "return");
            else
                for (int k = 0; k < f->params.len; k++) {
                    Param *p = f->params.items[k];
                    if (p->buf && !p->buf->is_const && body_writes_buffer(f->body, p->buf))
                        vec_push(a, &j->spec.out, (void *)p->name);
                }
        }
        simplify_cse(a, f);
        if (o->emit_ir && strcmp(o->emit_ir, "lifted") == 0)
            ir_print_func(stdout, f);
        if (ir_verify(stderr, f, true)) {
            fprintf(stderr, "pargrad: internal error: the lifted IR of '%s' does not verify\n",
                    f->name);
            bad++;
            continue;
        }
        RevErrors errs = {report_rev_error, d, 0};
        if (!activity_analyse(a, &j->spec, &errs)) {
            bad++;
            continue;
        }
        j->result = rev_function(a, &j->spec, &errs);
        if (!j->result) {
            bad++;
            continue;
        }
        if (o->emit_ir && strcmp(o->emit_ir, "rev") == 0)
            ir_print_func(stdout, j->result);
        simplify_dead_code(a, j->result);
        if (o->emit_ir && strcmp(o->emit_ir, "opt") == 0)
            ir_print_func(stdout, j->result);
        if (ir_verify(stderr, j->result, false)) {
            fprintf(stderr,
                    "pargrad: internal error: the code generated for '%s' does not verify\n",
                    f->name);
            bad++;
        }
    }
    bad += frontend_check_pragmas(fe);
    if (bad || !o->output) {
        frontend_close(fe);
        return bad ? 1 : 0;
    }
    EmitOptions eo = {.openmp = !o->backend || strcmp(o->backend, "serial") != 0,
                      .line_directives = o->line_directives,
                      .source_path = o->input,
                      .source_text = frontend_source(fe),
                      .version = PARGRAD_VERSION};
    char *tmp;
    FILE *f = open_temp(o->output, &tmp);
    if (!f) {
        fprintf(stderr, "pargrad: cannot write '%s': %s\n", o->output, strerror(errno));
        frontend_close(fe);
        return 1;
    }
    emit_c_prelude(f, &eo);
    for (int i = 0; i < jobs.len; i++)
        emit_c_function(f, ((Job *)jobs.items[i])->result, &eo);
    int rc = finish_temp(f, tmp, o->output, true);
    if (rc == 0 && o->depfile) {
        FILE *df = open_temp(o->depfile, &tmp);
        if (df) {
            frontend_write_depfile(fe, df, o->output);
            rc = finish_temp(df, tmp, o->depfile, true);
        }
    }
    frontend_close(fe);
    return rc;
}

int main(int argc, char **argv) {
    if (argc == 2 && strcmp(argv[1], "--version") == 0) {
        printf("pargrad %s\n", PARGRAD_VERSION);
        return 0;
    }
    if (argc == 2 && (strcmp(argv[1], "--cflags") == 0 || strcmp(argv[1], "--libs") == 0)) {
        print_flags(strcmp(argv[1], "--libs") == 0);
        return 0;
    }
    if (argc == 2 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
        usage(NULL);
        return 0;
    }
    Options o = {0};
    int rc = parse_options(argc, argv, &o);
    if (rc)
        return rc;
    Arena a = {0};
    Diags d = {.out = stderr};
    rc = run(&o, &a, &d);
    diag_free(&d);
    arena_free(&a);
    return rc;
}
