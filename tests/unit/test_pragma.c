/* The `#pragma pargrad` grammar (tool/pragma.c): what parses, the fields it
 * fills in, the diagnostics of what does not, and pragma_scan_file. */
#define _POSIX_C_SOURCE 200809L
#include <CUnit/CUnit.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "pragma.h"
#include "unit.h"

/* A file name that does not exist, so diagnostics print no source line. */
#define NOFILE "/nonexistent/pargrad-unit/in.c"

/* An arena and diagnostics that print into memory. */
typedef struct Ctx {
    Arena a;
    Diags d;
    char *text;
    size_t len;
} Ctx;

static void ctx_open(Ctx *c) {
    memset(c, 0, sizeof *c);
    c->d.out = open_memstream(&c->text, &c->len);
    CU_ASSERT_PTR_NOT_NULL_FATAL(c->d.out);
}

static const char *ctx_diags(Ctx *c) {
    fflush(c->d.out);
    return c->text ? c->text : "";
}

static void ctx_close(Ctx *c) {
    fclose(c->d.out);
    free(c->text);
    diag_free(&c->d);
    arena_free(&c->a);
}

static const char *item(PtrVec *v, int i) {
    return i < v->len ? v->items[i] : "(missing)";
}

/* Parses `text` as if it started at NOFILE:line:col. */
static bool parse_at(Ctx *c, const char *text, int line, int col, Pragma *out) {
    SrcLoc loc = {NOFILE, line, col};
    return pragma_parse(&c->a, &c->d, text, loc, out);
}

static void test_map(void) {
    Ctx c;
    ctx_open(&c);
    Pragma p;
    CU_ASSERT_TRUE(parse_at(&c, "  map  ", 7, 16, &p));
    CU_ASSERT_EQUAL(p.kind, PG_MAP);
    CU_ASSERT_STRING_EQUAL(p.text, "map");
    CU_ASSERT_EQUAL(p.loc.line, 7);
    CU_ASSERT_EQUAL(p.loc.col, 18); /* of `map`, after the two blanks */
    CU_ASSERT_STRING_EQUAL(p.loc.file, NOFILE);
    CU_ASSERT_EQUAL(p.vars.len, 0);
    CU_ASSERT_FALSE(p.op_given);
    CU_ASSERT_EQUAL(c.d.errors, 0);
    CU_ASSERT_STRING_EQUAL(ctx_diags(&c), "");
    ctx_close(&c);
}

static void check_reduce(const char *text, ReduceOp op, int nvars, const char *v0, const char *v1) {
    Ctx c;
    ctx_open(&c);
    Pragma p;
    CU_ASSERT_TRUE(parse_at(&c, text, 1, 17, &p));
    CU_ASSERT_EQUAL(p.kind, PG_REDUCE);
    CU_ASSERT_TRUE(p.op_given);
    CU_ASSERT_EQUAL(p.op, op);
    CU_ASSERT_EQUAL(p.vars.len, nvars);
    CU_ASSERT_STRING_EQUAL(item(&p.vars, 0), v0);
    if (v1)
        CU_ASSERT_STRING_EQUAL(item(&p.vars, 1), v1);
    CU_ASSERT_STRING_EQUAL(p.text, text);
    CU_ASSERT_EQUAL(c.d.errors, 0);
    CU_ASSERT_STRING_EQUAL(ctx_diags(&c), "");
    ctx_close(&c);
}

static void test_reduce_add(void) {
    check_reduce("reduce(+: s)", RED_ADD, 1, "s", NULL);
    check_reduce("reduce( + :sum_2 )", RED_ADD, 1, "sum_2", NULL);
}

static void test_reduce_mul_two_vars(void) {
    check_reduce("reduce(*: a, b)", RED_MUL, 2, "a", "b");
}

static void test_reduce_min_max(void) {
    check_reduce("reduce(min: m)", RED_MIN, 1, "m", NULL);
    check_reduce("reduce(max: m)", RED_MAX, 1, "m", NULL);
    /* `min` without a colon is a variable named min, and then the operator
     * is missing: an error. */
    Ctx c;
    ctx_open(&c);
    Pragma p;
    CU_ASSERT_FALSE(parse_at(&c, "reduce(min)", 1, 1, &p));
    CU_ASSERT_PTR_NOT_NULL(strstr(ctx_diags(&c), "reduce needs an operator"));
    ctx_close(&c);
}

static void test_reverse_full(void) {
    Ctx c;
    ctx_open(&c);
    Pragma p;
    const char *text = "reverse(f) wrt(x, w) out(y, return) name(g)";
    /*                  1234567890123456789012345678 */
    CU_ASSERT_TRUE(parse_at(&c, text, 40, 17, &p));
    CU_ASSERT_EQUAL(p.kind, PG_REVERSE);
    CU_ASSERT_STRING_EQUAL(p.req.func, "f");
    CU_ASSERT_EQUAL(p.req.loc.col, 17 + 8); /* of `f` */
    CU_ASSERT_EQUAL(p.req.wrt.len, 2);
    CU_ASSERT_STRING_EQUAL(item(&p.req.wrt, 0), "x");
    CU_ASSERT_STRING_EQUAL(item(&p.req.wrt, 1), "w");
    CU_ASSERT_EQUAL(p.req.out.len, 2);
    CU_ASSERT_STRING_EQUAL(item(&p.req.out, 0), "y");
    CU_ASSERT_STRING_EQUAL(item(&p.req.out, 1), "return");
    CU_ASSERT_PTR_NOT_NULL_FATAL(p.req.name);
    CU_ASSERT_STRING_EQUAL(p.req.name, "g");
    /* Each name's location, for diagnostics about it. */
    CU_ASSERT_EQUAL_FATAL(p.req.wrt_locs.len, 2);
    CU_ASSERT_EQUAL(((SrcLoc *)p.req.wrt_locs.items[0])->col, 17 + 15);
    CU_ASSERT_EQUAL(((SrcLoc *)p.req.wrt_locs.items[1])->col, 17 + 18);
    CU_ASSERT_EQUAL(((SrcLoc *)p.req.wrt_locs.items[0])->line, 40);
    CU_ASSERT_EQUAL_FATAL(p.req.out_locs.len, 2);
    CU_ASSERT_EQUAL(((SrcLoc *)p.req.out_locs.items[0])->col, 17 + 25);
    CU_ASSERT_EQUAL(((SrcLoc *)p.req.out_locs.items[1])->col, 17 + 28);
    CU_ASSERT_EQUAL(c.d.errors, 0);
    CU_ASSERT_STRING_EQUAL(ctx_diags(&c), "");
    ctx_close(&c);
}

static void test_reverse_minimal_and_forward(void) {
    Ctx c;
    ctx_open(&c);
    Pragma p;
    CU_ASSERT_TRUE(parse_at(&c, "reverse(loss) wrt(x)", 1, 1, &p));
    CU_ASSERT_EQUAL(p.kind, PG_REVERSE);
    CU_ASSERT_STRING_EQUAL(p.req.func, "loss");
    CU_ASSERT_EQUAL(p.req.wrt.len, 1);
    CU_ASSERT_EQUAL(p.req.out.len, 0);
    CU_ASSERT_PTR_NULL(p.req.name);

    CU_ASSERT_TRUE(parse_at(&c, "forward(step) name(step_d) wrt(u)", 1, 1, &p));
    CU_ASSERT_EQUAL(p.kind, PG_FORWARD);
    CU_ASSERT_STRING_EQUAL(p.req.func, "step");
    CU_ASSERT_STRING_EQUAL(item(&p.req.wrt, 0), "u");
    CU_ASSERT_PTR_NOT_NULL(p.req.name);
    if (p.req.name)
        CU_ASSERT_STRING_EQUAL(p.req.name, "step_d");
    CU_ASSERT_EQUAL(c.d.errors, 0);
    ctx_close(&c);
}

static void test_later_pragmas_keep_text(void) {
    Ctx c;
    ctx_open(&c);
    Pragma p;
    CU_ASSERT_TRUE(parse_at(&c, "loop stripmine(4)  ", 1, 1, &p));
    CU_ASSERT_EQUAL(p.kind, PG_LOOP);
    CU_ASSERT_STRING_EQUAL(p.text, "loop stripmine(4)");
    CU_ASSERT_TRUE(parse_at(&c, "while bound(100)", 1, 1, &p));
    CU_ASSERT_EQUAL(p.kind, PG_WHILE);
    CU_ASSERT_TRUE(parse_at(&c, "scatter", 1, 1, &p));
    CU_ASSERT_EQUAL(p.kind, PG_SCATTER);
    CU_ASSERT_EQUAL(c.d.errors, 0);
    ctx_close(&c);
}

/* Parses `text` at NOFILE:line:col and expects one error at line:err_col
 * whose message contains `msg`. */
static void check_error(const char *text, int line, int col, int err_col, const char *msg) {
    Ctx c;
    ctx_open(&c);
    Pragma p;
    CU_ASSERT_FALSE(parse_at(&c, text, line, col, &p));
    CU_ASSERT_EQUAL(c.d.errors, 1);
    const char *out = ctx_diags(&c);
    char where[128];
    snprintf(where, sizeof where, NOFILE ":%d:%d: error: ", line, err_col);
    if (!strstr(out, where) || !strstr(out, msg))
        fprintf(stderr, "\n  pragma '%s': expected '%s' and '%s' in:\n%s", text, where, msg, out);
    CU_ASSERT_PTR_NOT_NULL(strstr(out, where));
    CU_ASSERT_PTR_NOT_NULL(strstr(out, msg));
    ctx_close(&c);
}

static void test_error_unknown_word(void) {
    check_error("mapp", 3, 17, 17, "unknown pargrad pragma 'mapp'");
    check_error("   mapp(x)", 3, 17, 20, "unknown pargrad pragma 'mapp'");
    check_error("", 9, 16, 16, "unknown pargrad pragma ''");
}

static void test_error_reduce_without_operator(void) {
    Ctx c;
    ctx_open(&c);
    Pragma p;
    CU_ASSERT_FALSE(parse_at(&c, "reduce(s)", 5, 17, &p));
    CU_ASSERT_EQUAL(c.d.errors, 1);
    const char *out = ctx_diags(&c);
    CU_ASSERT_PTR_NOT_NULL(strstr(out, NOFILE ":5:"));
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "error: reduce needs an operator"));
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "hint: write the operator, e.g. reduce(+: s)"));
    /* Somewhere on the pragma: from `reduce` (17) to the end (26). */
    int line = 0, col = 0;
    CU_ASSERT_EQUAL(sscanf(out, NOFILE ":%d:%d:", &line, &col), 2);
    CU_ASSERT_EQUAL(line, 5);
    CU_ASSERT_TRUE(col >= 17 && col <= 26);
    ctx_close(&c);
}

/* Any other name is a declared operator's, looked up by the lifter. */
static void test_declared_operator_use(void) {
    check_reduce("reduce(plus: s)", RED_USER, 1, "s", NULL);
    Ctx c;
    ctx_open(&c);
    Pragma p;
    CU_ASSERT_TRUE(parse_at(&c, "scan(lse : acc)", 3, 17, &p));
    CU_ASSERT_EQUAL(p.op, RED_USER);
    CU_ASSERT_STRING_EQUAL(p.op_name, "lse");
    CU_ASSERT_EQUAL(p.op_loc.col, 22);
    /* without a colon, a variable: no operator */
    CU_ASSERT_TRUE(parse_at(&c, "scan(acc)", 3, 17, &p));
    CU_ASSERT_FALSE(p.op_given);
    CU_ASSERT_PTR_NULL(p.op_name);
    ctx_close(&c);
}

static void test_declare_op(void) {
    Ctx c;
    ctx_open(&c);
    Pragma p;
    CU_ASSERT_TRUE(
        parse_at(&c, "declare op(lse, double, logaddexp, -INFINITY) commutative inverse(logsub)", 4,
                 17, &p));
    CU_ASSERT_EQUAL(p.kind, PG_DECLARE);
    CU_ASSERT_FATAL(p.decl_op != NULL);
    CU_ASSERT_STRING_EQUAL(p.decl_op->name, "lse");
    CU_ASSERT_STRING_EQUAL(p.type_name, "double");
    CU_ASSERT_STRING_EQUAL(p.decl_op->combine, "logaddexp");
    CU_ASSERT_TRUE(isinf(p.identity) && p.identity < 0);
    CU_ASSERT_TRUE(p.decl_op->commutative);
    CU_ASSERT_STRING_EQUAL(p.decl_op->inverse, "logsub");
    CU_ASSERT_EQUAL(p.decl_op->loc.col, 28);
    CU_ASSERT_TRUE(parse_at(&c, "declare op(m2, float, mul2, 1.5f)", 4, 17, &p));
    CU_ASSERT_EQUAL(p.identity, 1.5);
    CU_ASSERT_FALSE(p.decl_op->commutative);
    CU_ASSERT_PTR_NULL(p.decl_op->inverse);
    CU_ASSERT_EQUAL(c.d.errors, 0);
    ctx_close(&c);
    check_error("declare op(a, double, f, zero)", 2, 17, 42, "expected the operator's identity");
    check_error("declare op(a, double, f, 0) inverse(g) inverse(g)", 2, 17, 56,
                "unexpected 'inverse' in declare op");
    check_error("declare reduction(a)", 2, 17, 25, "expected 'op' after declare");
}

static void test_error_unknown_operator(void) {
    check_error("reduce(-: s)", 2, 17, 24, "expected a variable to reduce into");
}

static void test_error_missing_wrt(void) {
    check_error("reverse(f) out(y)", 12, 17, 34, "missing wrt(...) clause");
    check_error("reverse(f)", 12, 17, 27, "missing wrt(...) clause");
    check_error("reverse() wrt(x)", 12, 17, 25, "expected a function name");
    check_error("reverse(f) wrt()", 12, 17, 32, "expected a variable name");
    check_error("reverse(f) wrt(x) name(a, b)", 12, 17, 45, "name(...) takes one name");
}

/* Regression: an unknown clause is reported at its first character, like
 * an unknown pragma word. */
static void test_error_unknown_clause_location(void) {
    check_error("reverse(f) wrt(x) from(y)", 12, 17, 35, "unknown clause 'from'");
}

static void test_error_garbage_at_end(void) {
    check_error("map extra", 4, 17, 21, "unexpected 'extra' at the end of the pragma");
    check_error("reduce(+: s) ;", 4, 17, 30, "unexpected ';' at the end of the pragma");
    check_error("reduce(+: s", 4, 17, 28, "expected ')' in pargrad pragma");
}

/* ---- pragma_scan_file ---- */

static const char scan_src[] = "#include <math.h>\n"                  /* 1 */
                               "double f(int n, const double *x) {\n" /* 2 */
                               "    double s = 0;\n"                  /* 3 */
                               "#pragma pargrad reduce(+: s)\n"       /* 4 */
                               "\n"                                   /* 5 */
                               "    // a line comment\n"              /* 6 */
                               "    /* a block comment */\n"          /* 7 */
                               "  #  pragma omp simd\n"               /* 8 */
                               "    for (int i = 0; i < n; i++)\n"    /* 9 */
                               "        s += x[i];\n"                 /* 10 */
                               "#pragma pargradx map\n"               /* 11: not ours */
                               "#pragma omp parallel\n"               /* 12 */
                               "    #   pragma   pargrad   map\n"     /* 13 */
                               "    for (int j = 0; j < n; j++) {}\n" /* 14 */
                               "    return s;\n"                      /* 15 */
                               "}\n"                                  /* 16 */
                               "#pragma pargrad reverse(f) wrt(x)\n"; /* 17 */

/* OpenMP's private(...) clauses and the loops they apply to: not
 * firstprivate or lastprivate, which copy values in or out */
static void test_scan_omp_private(void) {
    static const char src[] = "void f(int n, double *y) {\n"                /* 1 */
                              "    int i, k;\n"                             /* 2 */
                              "    double t[3], u[2];\n"                    /* 3 */
                              "#pragma pargrad map\n"                       /* 4 */
                              "#pragma omp parallel for private(k, t) \\\n" /* 5 */
                              "    firstprivate(u)\n"                       /* 6 */
                              "    for (i = 0; i < n; i++) {}\n"            /* 7 */
                              "#pragma omp parallel for lastprivate(k)\n"   /* 8 */
                              "    for (i = 0; i < n; i++) {}\n"            /* 9 */
                              "}\n";                                        /* 10 */
    Ctx c;
    ctx_open(&c);
    PtrVec ps = {0}, omp = {0};
    CU_ASSERT_EQUAL(pragma_scan_file(&c.a, &c.d, NOFILE, src, NULL, NULL, &ps, &omp), 0);
    CU_ASSERT_EQUAL_FATAL(omp.len, 1);
    OmpPrivate *op = omp.items[0];
    CU_ASSERT_EQUAL(op->target_line, 7);
    CU_ASSERT_EQUAL(op->target_col, 5);
    CU_ASSERT_EQUAL_FATAL(op->names.len, 2);
    CU_ASSERT_STRING_EQUAL(op->names.items[0], "k");
    CU_ASSERT_STRING_EQUAL(op->names.items[1], "t");
    ctx_close(&c);
}

static void test_scan_file(void) {
    Ctx c;
    ctx_open(&c);
    PtrVec ps = {0}, omp = {0};
    CU_ASSERT_EQUAL(pragma_scan_file(&c.a, &c.d, NOFILE, scan_src, NULL, NULL, &ps, &omp), 0);
    CU_ASSERT_EQUAL_FATAL(ps.len, 3);
    Pragma *red = ps.items[0], *map = ps.items[1], *rev = ps.items[2];
    CU_ASSERT_EQUAL(red->kind, PG_REDUCE);
    CU_ASSERT_EQUAL(red->loc.line, 4);
    CU_ASSERT_EQUAL(red->loc.col, 17);
    CU_ASSERT_STRING_EQUAL(red->loc.file, NOFILE);
    CU_ASSERT_EQUAL(red->target_line, 9); /* skips the blank, comment and omp lines */
    CU_ASSERT_EQUAL(map->kind, PG_MAP);
    CU_ASSERT_EQUAL(map->loc.line, 13);
    CU_ASSERT_EQUAL(map->loc.col, 28);
    CU_ASSERT_EQUAL(map->target_line, 14);
    CU_ASSERT_EQUAL(rev->kind, PG_REVERSE);
    CU_ASSERT_EQUAL(rev->loc.line, 17);
    CU_ASSERT_STRING_EQUAL(rev->req.func, "f");
    CU_ASSERT_EQUAL(c.d.errors, 0);
    CU_ASSERT_STRING_EQUAL(ctx_diags(&c), "");
    ctx_close(&c);
}

static void test_scan_file_reports_bad_pragmas(void) {
    Ctx c;
    ctx_open(&c);
    PtrVec ps = {0}, omp = {0};
    const char *src = "int x;\n"
                      "#pragma pargrad mapp\n"
                      "#pragma pargrad map\n"
                      "for (;;) {}\n"
                      "#pragma pargrad reduce(s)\n";
    CU_ASSERT_EQUAL(pragma_scan_file(&c.a, &c.d, NOFILE, src, NULL, NULL, &ps, &omp), 2);
    CU_ASSERT_EQUAL(ps.len, 1); /* only the good one */
    CU_ASSERT_EQUAL(c.d.errors, 2);
    const char *out = ctx_diags(&c);
    CU_ASSERT_PTR_NOT_NULL(strstr(out, NOFILE ":2:17: error: unknown pargrad pragma 'mapp'"));
    CU_ASSERT_PTR_NOT_NULL(strstr(out, NOFILE ":5:"));
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "reduce needs an operator"));
    ctx_close(&c);
}

/* With a readable file, the diagnostic shows the source line and a caret
 * under the column. */
static void test_scan_file_caret(void) {
    char path[] = "/tmp/pargrad-unit-XXXXXX";
    int fd = mkstemp(path);
    CU_ASSERT_FATAL(fd >= 0);
    const char *src = "int y;\n#pragma pargrad reduce(-: s)\nfor (;;) {}\n";
    CU_ASSERT_FATAL(write(fd, src, strlen(src)) == (ssize_t)strlen(src));
    close(fd);
    Ctx c;
    ctx_open(&c);
    PtrVec ps = {0}, omp = {0};
    CU_ASSERT_EQUAL(pragma_scan_file(&c.a, &c.d, path, src, NULL, NULL, &ps, &omp), 1);
    const char *out = ctx_diags(&c);
    char where[128];
    snprintf(where, sizeof where, "%s:2:24: error: expected a variable to reduce into", path);
    CU_ASSERT_PTR_NOT_NULL(strstr(out, where));
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "    2 | #pragma pargrad reduce(-: s)\n"
                                       "      |                        ^\n"));
    ctx_close(&c);
    unlink(path);
}

/* Regression: the statement a loop pragma applies to is found past block
 * comments spanning several lines, and a line holding a comment followed by
 * code is that code's line. */
static void test_scan_file_target_after_comments(void) {
    Ctx c;
    ctx_open(&c);
    PtrVec ps = {0}, omp = {0};
    const char *src = "#pragma pargrad map\n"                 /* 1 */
                      "/* a comment\n"                        /* 2 */
                      "   on two lines */\n"                  /* 3 */
                      "for (int i = 0; i < n; i++) {}\n"      /* 4 */
                      "#pragma pargrad map\n"                 /* 5 */
                      "/* c */ for (int i = 0; i < n; i++)\n" /* 6 */
                      "    y[i] = 0;\n";                      /* 7 */
    CU_ASSERT_EQUAL(pragma_scan_file(&c.a, &c.d, NOFILE, src, NULL, NULL, &ps, &omp), 0);
    CU_ASSERT_EQUAL_FATAL(ps.len, 2);
    Pragma *p1 = ps.items[0], *p2 = ps.items[1];
    if (p1->target_line != 4 || p2->target_line != 6)
        fprintf(stderr, "\n  pragma_scan_file: target_line %d and %d, expected 4 and 6\n",
                p1->target_line, p2->target_line);
    CU_ASSERT_EQUAL(p1->target_line, 4);
    CU_ASSERT_EQUAL(p2->target_line, 6);
    ctx_close(&c);
}

/* Regression (trust issue): pragmas inside comments and preprocessor-skipped
 * lines are not the program's; a trailing comment on a pragma line is not
 * part of it; the target column tells which loop of a line it annotates. */
static void test_scan_file_comments_and_skipped(void) {
    Ctx c;
    ctx_open(&c);
    PtrVec ps = {0}, omp = {0};
    const char *src = "/* disabled:\n"                            /* 1 */
                      "#pragma pargrad map\n"                     /* 2 */
                      "*/\n"                                      /* 3 */
                      "#if 0\n"                                   /* 4 */
                      "#pragma pargrad map\n"                     /* 5 */
                      "#endif\n"                                  /* 6 */
                      "#pragma pargrad map // over rows\n"        /* 7 */
                      "  for (i = 0; i < n; i++) for (;;) {}\n"   /* 8 */
                      "#pragma pargrad reduce(+: s) /* sum */\n"; /* 9 */
    int first[] = {4}, last[] = {6};
    SkippedLines skip = {first, last, 1};
    CU_ASSERT_EQUAL(pragma_scan_file(&c.a, &c.d, NOFILE, src, &skip, NULL, &ps, &omp), 0);
    CU_ASSERT_EQUAL_FATAL(ps.len, 2);
    Pragma *map = ps.items[0], *red = ps.items[1];
    CU_ASSERT_EQUAL(map->kind, PG_MAP);
    CU_ASSERT_EQUAL(map->loc.line, 7);
    CU_ASSERT_EQUAL(map->target_line, 8);
    CU_ASSERT_EQUAL(map->target_col, 3);
    CU_ASSERT_EQUAL(red->kind, PG_REDUCE);
    CU_ASSERT_EQUAL(red->vars.len, 1);
    ctx_close(&c);
}

void register_pragma_tests(void) {
    CU_pSuite s = CU_add_suite("pragma", NULL, NULL);
    CU_add_test(s, "map", test_map);
    CU_add_test(s, "reduce(+: s)", test_reduce_add);
    CU_add_test(s, "reduce(*: a, b)", test_reduce_mul_two_vars);
    CU_add_test(s, "reduce(min/max: m)", test_reduce_min_max);
    CU_add_test(s, "reverse with wrt, out, name", test_reverse_full);
    CU_add_test(s, "reverse minimal, forward", test_reverse_minimal_and_forward);
    CU_add_test(s, "later pragmas keep their text", test_later_pragmas_keep_text);
    CU_add_test(s, "error: unknown word", test_error_unknown_word);
    CU_add_test(s, "error: reduce without operator", test_error_reduce_without_operator);
    CU_add_test(s, "error: unknown operator", test_error_unknown_operator);
    CU_add_test(s, "declared operators used", test_declared_operator_use);
    CU_add_test(s, "declare op", test_declare_op);
    CU_add_test(s, "error: reverse clauses", test_error_missing_wrt);
    CU_add_test(s, "error: unknown clause located at it", test_error_unknown_clause_location);
    CU_add_test(s, "error: garbage at the end", test_error_garbage_at_end);
    CU_add_test(s, "scan_file: targets and locations", test_scan_file);
    CU_add_test(s, "scan_file: OpenMP's private clauses", test_scan_omp_private);
    CU_add_test(s, "scan_file: bad pragmas counted", test_scan_file_reports_bad_pragmas);
    CU_add_test(s, "scan_file: source line and caret", test_scan_file_caret);
    CU_add_test(s, "scan_file: target after comments", test_scan_file_target_after_comments);
    CU_add_test(s, "scan_file: comments, #if 0, trailing comments",
                test_scan_file_comments_and_skipped);
}
