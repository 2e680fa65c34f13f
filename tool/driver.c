/* pargrad's command-line driver (PRAGMAS.md section 6):
 *   pargrad INPUT.c -o OUTPUT.c [--backend=openmp|serial|cuda] [--reverse=F --wrt=a,b
 *           [--out=y] [--name=N]] [-p BUILD_DIR] [-MD -MF DEPFILE]
 *           [--line-directives] [--emit-ir=lifted|rev|opt] [--report] [-- CLANG_ARGS...]
 * --report prints, once every function is differentiated, what each
 * sequential loop keeps on the tape (rewrite/report.c); without -o it
 * writes no output file. Exit status: 0 success, 1 input rejected or no output produced (cannot
 * write, out of memory), 2 usage error.
 *
 * The generated code and the dependency rule are built in memory first; only
 * then are the files written. A regular output (or one reached through a
 * symlink, which is kept) is written to a temporary file next to it and
 * renamed, so it is never half-written; a device or FIFO is written directly
 * and never replaced. With -MF both temporary files are written before
 * either is renamed, so an unwritable depfile leaves no output. SIGINT,
 * SIGTERM, SIGHUP, SIGQUIT and SIGPIPE remove the temporary files. */
#define _XOPEN_SOURCE 700
#include "driver.h"
#include "emit.h"
#include "parse.h"
#include "rev.h"

#include <clang-c/CXCompilationDatabase.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef PARGRAD_VERSION
#define PARGRAD_VERSION "0.0.0"
#endif

/* The temporary files being written, for the signal handler: the one global
 * of the tool. Slot 0 is the output, slot 1 the depfile. */
static struct TempFiles {
    volatile sig_atomic_t live[2];
    char path[2][PATH_MAX + 16];
} temp_files;

static void out_of_memory(void) {
    fputs("pargrad: out of memory\n", stderr);
    for (int i = 0; i < 2; i++)
        if (temp_files.live[i]) {
            unlink(temp_files.path[i]);
            temp_files.live[i] = 0;
        }
    exit(PARGRAD_EXIT_FAILED);
}

static char *xstrdup(const char *s) {
    size_t n = strlen(s) + 1;
    char *d = malloc(n);
    if (!d)
        out_of_memory();
    return memcpy(d, s, n);
}

static int usage(const char *msg) {
    if (msg)
        fprintf(stderr, "pargrad: %s\n", msg);
    fputs("usage: pargrad INPUT.c -o OUTPUT.c [--backend=openmp|serial|cuda]\n"
          "               [--reverse=FUNC --wrt=a,b [--out=y] [--name=NEW]]\n"
          "               [-p BUILD_DIR] [-MD -MF DEPFILE] [--line-directives]\n"
          "               [--emit-ir=lifted|rev|opt] [--report] [--primal] [-- CLANG_ARGS...]\n"
          "       pargrad INPUT.c --report [--reverse=...] [-- CLANG_ARGS...]\n"
          "       pargrad [--cflags] [--libs] [--backend=openmp|serial] | --version\n",
          stderr);
    return PARGRAD_EXIT_USAGE;
}

static int usagef(const char *fmt, const char *arg) {
    fputs("pargrad: ", stderr);
    fprintf(stderr, fmt, arg);
    fputc('\n', stderr);
    return usage(NULL);
}

/* ---- the command line ---- */

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

/* The install's directory names under its prefix (CMake's GNUInstallDirs;
 * builds of the driver outside the project's CMake, the fuzzer's, get the
 * usual ones) */
#ifndef PARGRAD_INSTALL_LIBDIR
#define PARGRAD_INSTALL_LIBDIR "lib"
#endif
#ifndef PARGRAD_INSTALL_INCLUDEDIR
#define PARGRAD_INSTALL_INCLUDEDIR "include"
#endif

/* What `pargrad --cflags --libs` was asked (flag_query) */
enum { QUERY_CFLAGS = 1, QUERY_LIBS = 2, QUERY_SERIAL = 4 };

/* What a compiler needs for the generated code, as pkg-config prints it:
 * --cflags, --libs, or both on one line; with --backend=serial, for a
 * program built without OpenMP (the runtime built without it). Installed,
 * the paths are found from the tool's own place (PREFIX/bin) and the
 * install's directory names; the runtime is linked statically (as
 * pargrad.pc does), so the program needs no library path to run. */
static void print_flags(int which) {
    char dir[PATH_MAX], inc[PATH_MAX + 64], lib[PATH_MAX + 64];
    bool known = exe_dir(dir, sizeof dir);
    if (known && strcmp(dir, PARGRAD_BUILD_BINDIR) == 0) { /* the build tree */
        snprintf(inc, sizeof inc, "%s", PARGRAD_BUILD_INCLUDE);
        snprintf(lib, sizeof lib, "%s", PARGRAD_BUILD_LIBDIR);
    } else {
        const char *prefix = known ? dir : "/usr/local/bin";
        snprintf(inc, sizeof inc, "%s/../%s", prefix, PARGRAD_INSTALL_INCLUDEDIR);
        snprintf(lib, sizeof lib, "%s/../%s", prefix, PARGRAD_INSTALL_LIBDIR);
    }
    bool serial = which & QUERY_SERIAL, libs = which & QUERY_LIBS;
    const char *omp = serial ? "" : " -fopenmp";
    if (which & QUERY_CFLAGS)
        printf("-I%s%s%s", inc, omp, libs ? " " : "");
    if (libs)
        printf("%s/libpargrad_rt%s.a%s -lm", lib, serial ? "_serial" : "", omp);
    printf("\n");
}

/* pargrad --cflags, --libs, or both, with --backend=openmp or serial: which
 * (QUERY_ bits), 0 for other arguments */
static int flag_query(int argc, char **argv) {
    int which = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--cflags") == 0)
            which |= QUERY_CFLAGS;
        else if (strcmp(argv[i], "--libs") == 0)
            which |= QUERY_LIBS;
        else if (strcmp(argv[i], "--backend=serial") == 0)
            which |= QUERY_SERIAL;
        else if (strcmp(argv[i], "--backend=openmp") != 0)
            return 0;
    }
    return which & (QUERY_CFLAGS | QUERY_LIBS) ? which : 0;
}

static bool is_identifier(const char *s) {
    if (!(*s == '_' || (*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z')))
        return false;
    for (s++; *s; s++)
        if (!(*s == '_' || (*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') ||
              (*s >= '0' && *s <= '9')))
            return false;
    return true;
}

static bool is_keyword(const char *s) {
    static const char *const kw[] = {
        "auto",           "break",        "case",     "char",     "const",      "continue",
        "default",        "do",           "double",   "else",     "enum",       "extern",
        "float",          "for",          "goto",     "if",       "inline",     "int",
        "long",           "register",     "restrict", "return",   "short",      "signed",
        "sizeof",         "static",       "struct",   "switch",   "typedef",    "union",
        "unsigned",       "void",         "volatile", "while",    "_Alignas",   "_Alignof",
        "_Atomic",        "_Bool",        "_Complex", "_Generic", "_Imaginary", "_Noreturn",
        "_Static_assert", "_Thread_local"};
    for (size_t i = 0; i < sizeof kw / sizeof kw[0]; i++)
        if (strcmp(s, kw[i]) == 0)
            return true;
    return false;
}

/* `--wrt=a,b` and `--out=y`: non-empty names separated by commas. */
static int check_name_list(const char *flag, const char *list, bool allow_return) {
    if (!*list)
        return usagef("%s needs a comma-separated list of parameter names", flag);
    const char *p = list;
    for (;;) {
        const char *comma = strchr(p, ',');
        size_t n = comma ? (size_t)(comma - p) : strlen(p);
        if (n == 0) {
            fprintf(stderr, "pargrad: %s has an empty name in '%s'\n", flag, list);
            return usage(NULL);
        }
        char name[256];
        if (n >= sizeof name) {
            fprintf(stderr, "pargrad: %s: a name in '%s' is too long\n", flag, list);
            return usage(NULL);
        }
        memcpy(name, p, n);
        name[n] = 0;
        if (!is_identifier(name) ||
            (is_keyword(name) && !(allow_return && !strcmp(name, "return")))) {
            fprintf(stderr, "pargrad: %s: '%s' is not a parameter name\n", flag, name);
            return usage(NULL);
        }
        if (!comma)
            return 0;
        p = comma + 1;
    }
}

static int check_function_name(const char *flag, const char *name) {
    if (!*name)
        return usagef("%s needs a function name", flag);
    if (!is_identifier(name))
        return usagef(flag[2] == 'n' ? "--name: '%s' is not a C identifier"
                                     : "--reverse: '%s' is not a C identifier",
                      name);
    if (is_keyword(name))
        return usagef(flag[2] == 'n' ? "--name: '%s' is a C keyword"
                                     : "--reverse: '%s' is a C keyword",
                      name);
    return 0;
}

/* `FLAG=VALUE` or `FLAG VALUE`. -1: not this flag; 0: taken; 2: no value. */
static int take_value(int argc, char **argv, int *i, const char *flag, const char **out) {
    size_t n = strlen(flag);
    const char *a = argv[*i];
    if (strncmp(a, flag, n) != 0)
        return -1;
    if (a[n] == '=') {
        *out = a + n + 1;
        return 0;
    }
    if (a[n] != 0)
        return -1;
    if (*i + 1 < argc) {
        *out = argv[++*i];
        return 0;
    }
    return usagef("%s needs a value", flag);
}

int driver_parse_args(int argc, char **argv, Options *o) {
    static const char *const valued[] = {"--backend", "--reverse", "--wrt", "--out", "--name",
                                         "--emit-ir", "-o",        "-p",    "-MF"};
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--") == 0) {
            o->nclang = argc - i - 1;
            o->clang = (const char **)argv + i + 1;
            break;
        }
        const char **slots[] = {&o->backend, &o->reverse, &o->wrt,       &o->out,    &o->name,
                                &o->emit_ir, &o->output,  &o->build_dir, &o->depfile};
        int taken = -1;
        for (size_t k = 0; k < sizeof valued / sizeof valued[0] && taken < 0; k++) {
            if (valued[k][1] != '-' && strncmp(a, valued[k], strlen(valued[k])) == 0 &&
                a[strlen(valued[k])] == '=')
                continue; /* -o=x is not an option spelling */
            taken = take_value(argc, argv, &i, valued[k], slots[k]);
        }
        if (taken > 0)
            return taken;
        if (taken == 0)
            continue;
        if (strcmp(a, "-MD") == 0)
            o->md = true;
        else if (strcmp(a, "--line-directives") == 0)
            o->line_directives = true;
        else if (strcmp(a, "--report") == 0)
            o->report = true;
        else if (strcmp(a, "--primal") == 0)
            o->primal = true;
        else if (strcmp(a, "--forward") == 0 || strncmp(a, "--forward=", 10) == 0) {
            fprintf(stderr, "pargrad: forward mode is not supported yet\n");
            return PARGRAD_EXIT_USAGE;
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
    if (o->backend && strcmp(o->backend, "openmp") != 0 && strcmp(o->backend, "serial") != 0 &&
        strcmp(o->backend, "cuda") != 0) {
        return usage("--backend is openmp, serial or cuda");
    }
    if (o->primal && (!o->backend || strcmp(o->backend, "cuda") != 0))
        return usage("--primal is for --backend=cuda");
    if (o->emit_ir && strcmp(o->emit_ir, "lifted") && strcmp(o->emit_ir, "rev") &&
        strcmp(o->emit_ir, "opt"))
        return usage("--emit-ir is lifted, rev or opt");
    if (o->output && !*o->output)
        return usage("-o needs a file name");
    if (o->depfile && !*o->depfile)
        return usage("-MF needs a file name");
    if (o->build_dir && !*o->build_dir)
        return usage("-p needs a directory");
    if (!o->output && !o->emit_ir && !o->report)
        return usage("no output file (-o)");
    if ((o->wrt || o->out || o->name) && !o->reverse)
        return usage("--wrt, --out and --name need --reverse");
    if (o->reverse && !o->wrt)
        return usage("--reverse needs --wrt");
    if (o->md && !o->depfile)
        return usage("-MD needs -MF DEPFILE");
    int rc;
    if (o->reverse && (rc = check_function_name("--reverse", o->reverse)))
        return rc;
    if (o->wrt && (rc = check_name_list("--wrt", o->wrt, false)))
        return rc;
    if (o->out && (rc = check_name_list("--out", o->out, true)))
        return rc;
    if (o->name) {
        if ((rc = check_function_name("--name", o->name)))
            return rc;
        if (strcmp(o->name, o->reverse) == 0)
            return usagef("--name: '%s' is the function being differentiated", o->name);
    }
    return 0;
}

/* ---- the translation ---- */

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

/* Names a generated function must not take: the functions defined in the
 * translation unit, the functions of the system headers, and the file-scope
 * variables and types. A prototype in the input or in one of its own headers
 * is allowed: it may declare the gradient itself. */
typedef struct NamesInUse {
    Arena *a;
    PtrVec names;
} NamesInUse;

static enum CXChildVisitResult collect_name(CXCursor c, CXCursor parent, CXClientData data) {
    (void)parent;
    NamesInUse *u = data;
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k != CXCursor_FunctionDecl && k != CXCursor_VarDecl && k != CXCursor_TypedefDecl)
        return CXChildVisit_Continue;
    if (k == CXCursor_FunctionDecl && !clang_isCursorDefinition(c) &&
        !clang_Location_isInSystemHeader(clang_getCursorLocation(c)))
        return CXChildVisit_Continue;
    CXString s = clang_getCursorSpelling(c);
    const char *name = clang_getCString(s);
    if (name && *name)
        vec_push(u->a, &u->names, arena_strdup(u->a, name));
    clang_disposeString(s);
    return CXChildVisit_Continue;
}

static bool name_in_use(const NamesInUse *u, const char *name) {
    for (int i = 0; i < u->names.len; i++)
        if (strcmp(u->names.items[i], name) == 0)
            return true;
    return false;
}

void driver_write_make_word(FILE *out, const char *s) {
    for (const char *p = s; *p; p++) {
        if (*p == ' ' || *p == '\t') {
            /* Backslashes before a blank are doubled, then the blank escaped. */
            for (const char *q = p; q > s && q[-1] == '\\'; q--)
                fputc('\\', out);
            fputc('\\', out);
        } else if (*p == '#')
            fputc('\\', out);
        else if (*p == '$')
            fputc('$', out);
        fputc(*p, out);
    }
}

typedef struct DepCtx {
    Arena *a;
    PtrVec seen; /* the included headers, each once */
} DepCtx;

static void dep_visit(CXFile f, CXSourceLocation *stack, unsigned depth, CXClientData data) {
    (void)stack;
    DepCtx *dc = data;
    if (depth == 0)
        return;
    CXString s = clang_getFileName(f);
    const char *name = clang_getCString(s);
    bool seen = !name;
    for (int i = 0; i < dc->seen.len && !seen; i++)
        seen = strcmp(dc->seen.items[i], name) == 0;
    if (!seen)
        vec_push(dc->a, &dc->seen, arena_strdup(dc->a, name));
    clang_disposeString(s);
}

typedef struct Job {
    RevSpec spec;
    const char *fname;
    Func *result;
    Func *primal; /* --primal: the function lifted again, for its own emission */
} Job;

/* The jobs of the command line or of the source's directives, with the names
 * of their generated functions checked. -1 when the command line is at fault
 * (message printed); otherwise the number of rejected directives. */
static int collect_jobs(Options *o, Arena *a, Diags *d, Frontend *fe, PtrVec *jobs) {
    NamesInUse used = {a, {0}};
    clang_visitChildren(clang_getTranslationUnitCursor(frontend_tu(fe)), collect_name, &used);
    if (o->reverse) {
        Job *j = arena_alloc(a, sizeof(Job));
        j->fname = o->reverse;
        j->spec.name = o->name ? o->name : arena_printf(a, "%s_b", o->reverse);
        split_names(a, o->wrt, &j->spec.wrt);
        if (o->out)
            split_names(a, o->out, &j->spec.out);
        if (name_in_use(&used, j->spec.name)) {
            if (o->name)
                fprintf(stderr, "pargrad: --name: '%s' is already a name in '%s'\n", o->name,
                        o->input);
            else
                fprintf(stderr,
                        "pargrad: the gradient's name '%s' is already a name in '%s'; choose "
                        "another with --name\n",
                        j->spec.name, o->input);
            usage(NULL);
            return -1;
        }
        vec_push(a, jobs, j);
        return 0;
    }
    int bad = 0;
    PtrVec *dirs = frontend_directives(fe);
    for (int i = 0; i < dirs->len; i++) {
        Pragma *p = dirs->items[i];
        Job *j = arena_alloc(a, sizeof(Job));
        j->fname = p->req.func;
        j->spec.name = p->req.name ? p->req.name : arena_printf(a, "%s_b", p->req.func);
        j->spec.wrt = p->req.wrt;
        j->spec.out = p->req.out;
        j->spec.wrt_locs = p->req.wrt_locs;
        j->spec.out_locs = p->req.out_locs;
        j->spec.loc = p->req.loc;
        if (name_in_use(&used, j->spec.name)) {
            diag_error(d, p->req.loc, "choose another name with name(...)",
                       "the gradient's name '%s' is already a name in this file", j->spec.name);
            bad++;
        } else
            for (int k = 0; k < jobs->len; k++) {
                Job *prev = jobs->items[k];
                if (strcmp(prev->spec.name, j->spec.name) == 0) {
                    diag_error(d, p->req.loc, "give one of them another name with name(...)",
                               "the directive at line %d already generates '%s'",
                               prev->spec.loc.line, j->spec.name);
                    bad++;
                    break;
                }
            }
        vec_push(a, jobs, j);
    }
    if (!jobs->len) {
        diag_error(d, (SrcLoc){o->input, 1, 1},
                   "add '#pragma pargrad reverse(FUNC) wrt(x)' after the function, or pass "
                   "--reverse=FUNC --wrt=x",
                   "nothing to differentiate in '%s'", o->input);
        bad++;
    }
    return bad;
}

/* Lifts a job's function into the IR (the part that needs libclang). */
static bool lift_job(Options *o, Arena *a, Frontend *fe, Job *j) {
    FILE *ir = o->ir_out ? o->ir_out : stdout;
    j->spec.primal = frontend_lift(fe, j->fname, j->spec.loc);
    Func *f = j->spec.primal;
    if (!f)
        return false;
    if (!j->spec.out.len) {
        /* Default out: the return value if floating, else the writable
         * arrays the function writes. */
        if (type_is_float(f->ret))
            vec_push(a, &j->spec.out, "return");
        else
            for (int k = 0; k < f->params.len; k++) {
                Param *p = f->params.items[k];
                bool listed = false; /* a struct's second written field */
                for (int i = 0; i < j->spec.out.len && p->group; i++)
                    listed |= strcmp(j->spec.out.items[i], p->name) == 0;
                if (p->buf && !p->buf->is_const && !p->buf->by_value && !listed &&
                    (!p->group || type_is_float(p->buf->elem)) &&
                    body_writes_buffer(f->body, p->buf))
                    vec_push(a, &j->spec.out, (void *)p->name);
            }
    }
    stripmine_loops(a, f, f->body);
    simplify_cse(a, f);
    /* (differentiation rewrites the lifted function's statements in place) */
    if (o->primal && (j->primal = frontend_lift(fe, j->fname, j->spec.loc))) {
        rev_lower_carriers(a, j->primal->body); /* (what only derivatives need, as forward code) */
        simplify_cse(a, j->primal);
        simplify_dead_code(a, j->primal);
        fuse_function(a, j->primal); /* (scans fused with their maps run on the grid) */
    }
    if (o->emit_ir && strcmp(o->emit_ir, "lifted") == 0)
        ir_print_func(ir, f);
    if (ir_verify(stderr, f, true)) {
        fprintf(stderr, "pargrad: internal error: the lifted IR of '%s' does not verify\n",
                f->name);
        j->spec.primal = NULL;
        return false;
    }
    return true;
}

/* Differentiates a lifted job: activity, reversal, simplification. */
static bool differentiate_job(Options *o, Arena *a, Diags *d, Job *j) {
    FILE *ir = o->ir_out ? o->ir_out : stdout;
    RevErrors errs = {report_rev_error, d, 0};
    PrimalReads *untested = optional_primal_reads(a, j->spec.primal);
    if (!activity_analyse(a, &j->spec, &errs))
        return false;
    j->spec.gpu = o->backend && strcmp(o->backend, "cuda") == 0;
    j->result = rev_function(a, &j->spec, &errs);
    if (!j->result)
        return false;
    if (o->emit_ir && strcmp(o->emit_ir, "rev") == 0)
        ir_print_func(ir, j->result);
    simplify_dead_code(a, j->result);
    if (j->result->lost_value) {
        diag_error(d, j->result->lost_value->loc,
                   "call it before the loop and use its value inside: `int p = "
                   "omp_get_max_threads();`",
                   "the value '%s' returns inside a parallel loop is needed where the gradient "
                   "runs the loop's body again, and pargrad does not call it twice",
                   j->result->lost_value->text);
        return false;
    }
    if (interchange_accumulations(a, j->result))
        simplify_dead_code(a, j->result);
    if (gather_stencil_adjoints(a, j->result))
        simplify_dead_code(a, j->result);
    fuse_loop_sweeps(a, j->result);
    read_checkpoints_in_place(a, j->result);
    if (ir_verify(stderr, j->result, false)) {
        fprintf(stderr, "pargrad: internal error: the code generated for '%s' does not verify\n",
                j->fname);
        return false;
    }
    fuse_function(a, j->result);
    if (!check_optional_pointers(a, j->result, untested, &errs))
        return false;
    report_tape(a, j->result, o->report_out);
    if (o->emit_ir && strcmp(o->emit_ir, "opt") == 0)
        ir_print_func(ir, j->result);
    return true;
}

/* A declared operator's functions, lifted for the output's helpers:
 * COMBINE (emitted again, the user's may be static), its adjoint in both
 * arguments, and INV. */
typedef struct OpHelpers {
    UserOp *op;
    Func *combine, *combine_b, *inverse;
} OpHelpers;

static Func *lift_helper(Options *o, Arena *a, Frontend *fe, const char *fname, SrcLoc at,
                         const char *name) {
    Job j = {.fname = fname};
    j.spec.loc = at;
    vec_push(a, &j.spec.out, "return");
    if (!lift_job(o, a, fe, &j))
        return NULL;
    j.spec.primal->name = name;
    j.spec.primal->is_static = true;
    return j.spec.primal;
}

/* COMBINE is lifted twice: once to emit, once (combine_b, until
 * differentiate_op_helper replaces it) to differentiate. */
static bool lift_op_helpers(Options *o, Arena *a, Frontend *fe, OpHelpers *h) {
    UserOp *u = h->op;
    h->combine = lift_helper(o, a, fe, u->combine, u->loc, u->helper);
    h->combine_b = lift_helper(o, a, fe, u->combine, u->loc, u->combine);
    if (u->inverse)
        h->inverse =
            lift_helper(o, a, fe, u->inverse, u->loc, arena_printf(a, "%s_inv", u->helper));
    return h->combine && h->combine_b && (!u->inverse || h->inverse);
}

/* COMBINE's adjoint: helper_b(a, a_b, b, b_b, seed). */
static bool differentiate_op_helper(Options *o, Arena *a, Diags *d, OpHelpers *h) {
    Job j = {.fname = h->op->combine};
    j.spec.primal = h->combine_b;
    j.spec.name = arena_printf(a, "%s_b", h->op->helper);
    j.spec.loc = h->op->loc;
    for (int i = 0; i < h->combine_b->params.len; i++)
        vec_push(a, &j.spec.wrt, (void *)((Param *)h->combine_b->params.items[i])->name);
    vec_push(a, &j.spec.out, "return");
    if (!differentiate_job(o, a, d, &j))
        return false;
    j.result->is_static = true;
    h->combine_b = j.result;
    return true;
}

int driver_translate(Options *o, Arena *a, Diags *d, FILE *code, FILE *deps) {
    if (o->build_dir)
        flags_from_database(a, o);
    Frontend *fe = frontend_open(a, d, o->input, o->nclang, o->clang);
    if (!fe)
        return PARGRAD_EXIT_FAILED;
    frontend_for_gpu(fe, o->backend && strcmp(o->backend, "cuda") == 0);
    PtrVec jobs = {0};
    int bad = collect_jobs(o, a, d, fe, &jobs);
    if (bad < 0 || !jobs.len) {
        frontend_close(fe);
        return bad < 0 ? PARGRAD_EXIT_USAGE : PARGRAD_EXIT_FAILED;
    }
    for (int i = 0; i < jobs.len; i++)
        bad += !lift_job(o, a, fe, jobs.items[i]);
    PtrVec *ops = frontend_user_ops(fe);
    OpHelpers *helpers = arena_alloc(a, sizeof(OpHelpers) * (size_t)(ops->len + 1));
    int nhelpers = 0;
    for (int i = 0; i < ops->len && !bad; i++) {
        UserOp *u = ops->items[i];
        if (!u->used)
            continue;
        helpers[nhelpers].op = u;
        bad += !lift_op_helpers(o, a, fe, &helpers[nhelpers++]);
    }
    bad += frontend_check_pragmas(fe);
    DepCtx dc = {a, {0}};
    if (deps && !bad)
        clang_getInclusions(frontend_tu(fe), dep_visit, &dc);
    /* The rest works on the IR alone: the translation unit (the largest
     * allocation of a run) goes before the IR grows with the adjoints. */
    frontend_release_tu(fe);
#ifdef __GLIBC__
    /* (and its memory given back: the IR's chunks are not the sizes
     * libclang freed, so the heap would keep both at once) */
    malloc_trim(0);
#endif
    for (int i = 0; i < jobs.len; i++) {
        Job *j = jobs.items[i];
        if (j->spec.primal)
            bad += !differentiate_job(o, a, d, j);
    }
    for (int i = 0; i < nhelpers && !bad; i++)
        bad += !differentiate_op_helper(o, a, d, &helpers[i]);
    if (bad) {
        frontend_close(fe);
        return PARGRAD_EXIT_FAILED;
    }
    bool cuda = o->backend && strcmp(o->backend, "cuda") == 0;
    for (int i = 0; cuda && i < jobs.len * (o->primal ? 2 : 1); i++) {
        const char *what = NULL;
        Job *j = jobs.items[i % jobs.len];
        SrcLoc at;
        if (cuda_unsupported(i < jobs.len ? j->result : j->primal, &what, &at)) {
            diag_error(d, at, "use --backend=openmp for this function for now",
                       "the cuda backend does not support %s yet", what);
            bad++;
        }
    }
    if (bad) {
        frontend_close(fe);
        return PARGRAD_EXIT_FAILED;
    }
    if (code) {
        EmitOptions eo = {.openmp = !cuda && (!o->backend || strcmp(o->backend, "serial") != 0),
                          .cuda = cuda,
                          .line_directives = o->line_directives,
                          .source_path = o->input,
                          .source_text = frontend_source(fe),
                          .file_text = frontend_file_text,
                          .file_ctx = fe,
                          .version = PARGRAD_VERSION,
                          .declared_ops = nhelpers > 0};
        Func **funcs = xcalloc((size_t)jobs.len + 1, sizeof(Func *));
        for (int i = 0; i < jobs.len; i++)
            funcs[i] = ((Job *)jobs.items[i])->result;
        if (cuda)
            emit_cuda_prelude(code, &eo, funcs, jobs.len);
        else
            emit_c_prelude(code, &eo, funcs, jobs.len);
        free(funcs);
        for (int i = 0; i < nhelpers; i++)
            emit_c_uop_helpers(code, &eo, helpers[i].op, helpers[i].combine, helpers[i].combine_b,
                               helpers[i].inverse);
        for (int i = 0; i < jobs.len; i++)
            (cuda ? emit_cuda_function : emit_c_function)(code, ((Job *)jobs.items[i])->result,
                                                          &eo);
        for (int i = 0; o->primal && i < jobs.len; i++) {
            Job *j = jobs.items[i];
            bool again = false; /* (a function differentiated twice: emitted once) */
            for (int k = 0; k < i; k++)
                again |= strcmp(((Job *)jobs.items[k])->fname, j->fname) == 0;
            if (!again)
                emit_cuda_primal(code, j->primal, &eo);
        }
    }
    if (deps) {
        driver_write_make_word(deps, o->output ? o->output : "-");
        fputs(": ", deps);
        driver_write_make_word(deps, o->input);
        for (int i = 0; i < dc.seen.len; i++) {
            fputs(" \\\n  ", deps);
            driver_write_make_word(deps, dc.seen.items[i]);
        }
        fputc('\n', deps);
    }
    frontend_close(fe);
    return PARGRAD_EXIT_OK;
}

/* ---- the output files ---- */

static void remove_temp_files(int sig) {
    int saved = errno;
    for (int i = 0; i < 2; i++)
        if (temp_files.live[i]) {
            unlink(temp_files.path[i]);
            temp_files.live[i] = 0;
        }
    signal(sig, SIG_DFL);
    raise(sig); /* delivered, with the default action, when the handler returns */
    errno = saved;
}

static const int cleanup_signals[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE};

static void install_signal_handlers(void) {
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = remove_temp_files;
    sigemptyset(&sa.sa_mask);
    for (size_t i = 0; i < sizeof cleanup_signals / sizeof cleanup_signals[0]; i++)
        sigaddset(&sa.sa_mask, cleanup_signals[i]);
    for (size_t i = 0; i < sizeof cleanup_signals / sizeof cleanup_signals[0]; i++) {
        struct sigaction old;
        /* A signal ignored by the parent (e.g. SIGINT of a background job)
         * stays ignored. */
        if (sigaction(cleanup_signals[i], NULL, &old) == 0 && old.sa_handler == SIG_IGN)
            continue;
        sigaction(cleanup_signals[i], &sa, NULL);
    }
}

typedef struct Dest {
    const char *path; /* as given, for messages */
    char *target;     /* the file replaced: path with its symlinks resolved */
    int slot;         /* of temp_files; -1 when written directly */
    int fd;
    mode_t mode;
} Dest;

/* The file a missing path would create: follows a dangling symlink. */
static int resolve_missing(const char *path, char **out) {
    char *cur = xstrdup(path);
    for (int hops = 0;; hops++) {
        struct stat ls;
        if (lstat(cur, &ls) != 0 || !S_ISLNK(ls.st_mode)) {
            *out = cur;
            return 0;
        }
        char link[PATH_MAX];
        ssize_t n = hops < 40 ? readlink(cur, link, sizeof link - 1) : -1;
        if (n < 0) {
            int e = hops < 40 ? errno : ELOOP;
            free(cur);
            return e;
        }
        link[n] = 0;
        const char *slash = strrchr(cur, '/');
        size_t dirlen = link[0] != '/' && slash ? (size_t)(slash - cur) + 1 : 0;
        char *next = malloc(dirlen + (size_t)n + 1);
        if (!next)
            out_of_memory();
        memcpy(next, cur, dirlen);
        memcpy(next + dirlen, link, (size_t)n + 1);
        free(cur);
        cur = next;
    }
}

static int open_direct(Dest *dst, int flags) {
    dst->fd = open(dst->path, O_WRONLY | O_NOCTTY | O_CLOEXEC | flags);
    return dst->fd < 0 ? errno : 0;
}

static int open_temp(Dest *dst, int slot) {
    size_t n = strlen(dst->target);
    static const char suffix[] = ".tmpXXXXXX";
    if (n + sizeof suffix > sizeof temp_files.path[slot])
        return ENAMETOOLONG;
    sigset_t block, old;
    sigemptyset(&block);
    for (size_t i = 0; i < sizeof cleanup_signals / sizeof cleanup_signals[0]; i++)
        sigaddset(&block, cleanup_signals[i]);
    sigprocmask(SIG_BLOCK, &block, &old);
    memcpy(temp_files.path[slot], dst->target, n);
    memcpy(temp_files.path[slot] + n, suffix, sizeof suffix);
    int fd = mkstemp(temp_files.path[slot]);
    int e = errno;
    if (fd >= 0)
        temp_files.live[slot] = 1;
    sigprocmask(SIG_SETMASK, &old, NULL);
    if (fd < 0)
        return e;
    dst->fd = fd;
    dst->slot = slot;
    return 0;
}

/* Opens the destination `path`; 0 or an errno value. */
static int dest_open(Dest *dst, const char *path, int slot) {
    *dst = (Dest){.path = path, .slot = -1, .fd = -1};
    struct stat st;
    if (stat(path, &st) == 0) {
        if (S_ISDIR(st.st_mode))
            return EISDIR;
        if (!S_ISREG(st.st_mode))
            return open_direct(dst, 0); /* a device or FIFO: never replaced */
        dst->target = realpath(path, NULL);
        if (!dst->target)
            return errno;
        if (strncmp(dst->target, "/proc/", 6) == 0)
            return open_direct(dst, O_TRUNC); /* e.g. /dev/stdout redirected to a file */
        dst->mode = st.st_mode & 07777;
    } else if (errno == ENOENT) {
        int e = resolve_missing(path, &dst->target);
        if (e)
            return e;
        mode_t mask = umask(0);
        umask(mask);
        dst->mode = 0666 & ~mask;
    } else
        return errno;
    return open_temp(dst, slot);
}

static int dest_write(Dest *dst, const char *text, size_t len) {
    while (len) {
        ssize_t n = write(dst->fd, text, len);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return n < 0 ? errno : EIO;
        text += n;
        len -= (size_t)n;
    }
    return 0;
}

/* Closes the destination and renames the temporary file onto its target. */
static int dest_commit(Dest *dst) {
    int fd = dst->fd;
    dst->fd = -1;
    if (dst->slot >= 0 && fchmod(fd, dst->mode) != 0) {
        int e = errno;
        close(fd);
        return e;
    }
    if (close(fd) != 0)
        return errno;
    if (dst->slot >= 0) {
        if (rename(temp_files.path[dst->slot], dst->target) != 0)
            return errno;
        temp_files.live[dst->slot] = 0;
    }
    return 0;
}

static void dest_discard(Dest *dst) {
    if (dst->fd >= 0)
        close(dst->fd);
    dst->fd = -1;
    if (dst->slot >= 0 && temp_files.live[dst->slot]) {
        unlink(temp_files.path[dst->slot]);
        temp_files.live[dst->slot] = 0;
    }
    free(dst->target);
    dst->target = NULL;
}

static int cannot_write(const char *path, int e) {
    fprintf(stderr, "pargrad: cannot write '%s': %s\n", path, strerror(e));
    return PARGRAD_EXIT_FAILED;
}

/* Writes the output and the depfile (when deps is not NULL): both complete,
 * or neither (the depfile is opened first; both temporary files are written
 * before either is renamed). */
static int write_outputs(const Options *o, const char *code, size_t code_len, const char *deps,
                         size_t deps_len) {
    Dest out = {.fd = -1, .slot = -1}, dep = {.fd = -1, .slot = -1};
    int e;
    if (deps && (e = dest_open(&dep, o->depfile, 1))) {
        dest_discard(&dep);
        return cannot_write(o->depfile, e);
    }
    if ((e = dest_open(&out, o->output, 0))) {
        dest_discard(&out);
        dest_discard(&dep);
        return cannot_write(o->output, e);
    }
    const char *failed = NULL;
    if ((e = dest_write(&out, code, code_len)))
        failed = o->output;
    else if (deps && (e = dest_write(&dep, deps, deps_len)))
        failed = o->depfile;
    else if ((e = dest_commit(&out)))
        failed = o->output;
    else if (deps && (e = dest_commit(&dep))) {
        failed = o->depfile;
        /* The output is in place but its rule is not: remove it, so that
         * make rebuilds it. */
        if (out.slot >= 0)
            unlink(out.target);
    }
    dest_discard(&out);
    dest_discard(&dep);
    return failed ? cannot_write(failed, e) : PARGRAD_EXIT_OK;
}

static bool same_file(const char *a, const char *b) {
    struct stat sa, sb;
    if (stat(a, &sa) != 0 || stat(b, &sb) != 0)
        return false;
    return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

/* A memory stream's text, or out of memory. */
static void close_stream(FILE *f) {
    if (f && (fflush(f) != 0 || ferror(f) || fclose(f) != 0))
        out_of_memory();
}

static int run(Options *o, Arena *a, Diags *d) {
    if (o->output && same_file(o->input, o->output)) {
        fprintf(stderr, "pargrad: the output '%s' is the input file; refusing to overwrite it\n",
                o->output);
        return PARGRAD_EXIT_USAGE;
    }
    if (o->depfile && same_file(o->input, o->depfile)) {
        fprintf(stderr, "pargrad: the depfile '%s' is the input file; refusing to overwrite it\n",
                o->depfile);
        return PARGRAD_EXIT_USAGE;
    }
    struct stat st;
    bool device = o->output && stat(o->output, &st) == 0 && !S_ISREG(st.st_mode);
    if (o->output && o->depfile && !device &&
        (strcmp(o->output, o->depfile) == 0 || same_file(o->output, o->depfile)))
        return usage("the depfile (-MF) and the output (-o) are the same file");
    char *code = NULL, *deps = NULL;
    size_t code_len = 0, deps_len = 0;
    FILE *code_f = NULL, *deps_f = NULL;
    if (o->output) {
        code_f = open_memstream(&code, &code_len);
        if (o->depfile)
            deps_f = open_memstream(&deps, &deps_len);
        if (!code_f || (o->depfile && !deps_f))
            out_of_memory();
    }
    char *report = NULL;
    size_t report_len = 0;
    if (o->report && !(o->report_out = open_memstream(&report, &report_len)))
        out_of_memory();
    int rc = driver_translate(o, a, d, code_f, deps_f);
    close_stream(code_f);
    close_stream(deps_f);
    close_stream(o->report_out);
    o->report_out = NULL;
    if (rc == PARGRAD_EXIT_OK && o->output)
        rc = write_outputs(o, code, code_len, deps, deps_len);
    if (rc == PARGRAD_EXIT_OK && report) /* after the output: -o - puts the code first */
        fwrite(report, 1, report_len, stdout);
    free(code);
    free(deps);
    free(report);
    return rc;
}

typedef struct RunCall {
    Options *o;
    Arena *a;
    Diags *d;
    int rc;
} RunCall;

static void *run_call(void *p) {
    RunCall *c = p;
    c->rc = run(c->o, c->a, c->d);
    return NULL;
}

/* Generated numerical code has expressions of tens of thousands of terms:
 * clang's parser and the lifter recurse with their nesting. The run goes on
 * a thread with a 512 MB stack (address space only; pages are used as they
 * are touched), and libclang is told to parse on it rather than on a thread
 * of its own with 8 MB. Where no such thread can be made (a small address
 * space limit), the run stays here. */
static int run_on_large_stack(Options *o, Arena *a, Diags *d) {
    RunCall c = {o, a, d, 0};
    pthread_attr_t attr;
    pthread_t thread;
    if (pthread_attr_init(&attr) == 0) {
        bool made = pthread_attr_setstacksize(&attr, (size_t)512 << 20) == 0 &&
                    setenv("LIBCLANG_NOTHREADS", "1", 1) == 0 &&
                    pthread_create(&thread, &attr, run_call, &c) == 0;
        pthread_attr_destroy(&attr);
        if (made) {
            pthread_join(thread, NULL);
            return c.rc;
        }
        unsetenv("LIBCLANG_NOTHREADS");
    }
    return run(o, a, d);
}

int driver_main(int argc, char **argv) {
    if (argc == 2 && strcmp(argv[1], "--version") == 0) {
        printf("pargrad %s\n", PARGRAD_VERSION);
        return 0;
    }
    int query = flag_query(argc, argv);
    if (query) {
        print_flags(query);
        return 0;
    }
    if (argc == 2 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
        usage(NULL);
        return 0;
    }
    Options o = {0};
    int rc = driver_parse_args(argc, argv, &o);
    if (rc)
        return rc;
    install_signal_handlers();
    Arena a = {0};
    Diags d = {.out = stderr};
    rc = run_on_large_stack(&o, &a, &d);
    diag_free(&d);
    arena_free(&a);
    return rc;
}
