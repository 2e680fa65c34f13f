/* pargrad_gen: writes a random, valid annotated C program and its gradient
 * check driver.
 *
 *   pargrad_gen SEED DIR [--drop=ID,ID,...] [--break-promise]
 *               [--enable=NAME,...] [--disable=NAME,...] [--list]
 *
 * writes DIR/prog.c (the primal, ending with its `#pragma pargrad reverse`
 * directive), DIR/check.c (a main that checks the generated f_b, see
 * driver.h) and DIR/ids.txt (the ids of the nodes that were printed, for
 * the shrinker). The program is first built as a small tree of numbered
 * nodes (statements and expressions); --drop deletes nodes by id (a dropped
 * expression is replaced by its first operand, or by a constant), so that a
 * failing program can be shrunk by delta debugging over node ids without
 * changing any other random choice.
 *
 * Every construct the generator knows is a row of `constructs` with an
 * enable flag, so a construct that hides everything else can be switched off
 * (--disable=NAME) and a new one (e.g. `int i; for (i = 0; ...)` once pargrad
 * accepts it) added with one row and one generator function.
 *
 * --break-promise adds one construct that breaks an annotation's promise
 * (a racy map, a reduce that reads its accumulator, ...): pargrad must reject
 * such a program. That node is never dropped, so shrinking keeps the broken
 * promise.
 *
 * The files, by phase (gen.h declares what they share):
 *   gen.c       the construct table, broken promises, the function f, the
 *               output (prog.c, check.c, ids.txt) and the command line
 *   gen_tree.c  random numbers, strings, the tree of nodes and its printing,
 *               the program's interface, scopes
 *   gen_expr.c  index expressions and expressions
 *   gen_stmt.c  statements, sequential loops, the helper functions
 *   gen_par.c   parallel constructs: map, scatter, reduce, scan, histogram */
#define _POSIX_C_SOURCE 200809L /* open_memstream */
#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen.h"

/* ------------------------------------------------------------------ */
/* constructs and their enable flags                                   */

/* a row for each enum construct (gen.h): its name and whether it is on */
struct construct_row constructs[K_COUNT] = {
    [K_MAP] = {"map", 1},
    [K_NESTED_MAP] = {"nested_map", 1},
    [K_REDUCE_ADD] = {"reduce_add", 1},
    [K_REDUCE_MUL] = {"reduce_mul", 1},
    [K_REDUCE_MIN] = {"reduce_min", 1},
    [K_REDUCE_MAX] = {"reduce_max", 1},
    [K_REDUCE_MULTI] = {"reduce_multi", 1},
    [K_REDUCE_CLAUSES] = {"reduce_clauses", 1},
    [K_REDUCE_COND] = {"reduce_cond", 1},
    [K_SEQ_LOOP] = {"seq_loop", 1},
    [K_BREAK] = {"break", 1},
    [K_TIME_LOOP] = {"time_loop", 1},
    [K_IF] = {"if", 1},
    [K_TERNARY] = {"ternary", 1},
    [K_LOCAL_SCALAR] = {"local_scalar", 1},
    [K_LOCAL_ARRAY] = {"local_array", 1},
    [K_MALLOC] = {"malloc", 1},
    [K_LOCAL_BUF] = {"local_buf", 1},
    [K_INPLACE] = {"inplace", 1},
    [K_HELPER] = {"helper", 1},
    [K_GUARD] = {"guard", 1},
    [K_EARLY_RETURN] = {"early_return", 1},
    [K_FLOAT] = {"float", 1},
    [K_INT] = {"int", 1},
    [K_VLA] = {"vla", 1},
    [K_SCALAR_PARAM] = {"scalar_param", 1},
    [K_KINKS] = {"kinks", 1},
    [K_LOOP_FORMS] = {"loop_forms", 1},
    [K_PRIVATE] = {"private_scalar", 1},
    [K_FLOAT_BOUND] = {"float_bound", 1},
    [K_CONST_CAST] = {"const_cast", 1},
    [K_TYPEDEF_SIG] = {"typedef_sig", 1},
    [K_RETURN_BOTH] = {"return_both", 1},
    [K_VOID_RETURN] = {"void_return", 1},
    [K_RET_IN_LOOP] = {"return_in_loop", 1},
    [K_NESTED_RETURN] = {"nested_return", 1},
    [K_DECL_FOR] = {"decl_for", 1},
    [K_LOOP_DOWN] = {"loop_down", 1},
    [K_LOOP_STEP] = {"loop_step", 1},
    [K_COUNTER_AFTER] = {"counter_after", 1},
    [K_CONTINUE] = {"continue", 1},
    [K_ROUNDING] = {"rounding", 1},
    [K_KEPT_CALLS] = {"kept_calls", 1},
    [K_ARRAY_INIT] = {"array_init", 1},
    [K_CHAIN_ASSIGN] = {"chain_assign", 1},
    [K_DEREF] = {"deref", 1},
    [K_VIEW] = {"pointer_view", 1},
    [K_LOOP_COND] = {"loop_cond", 1},
    [K_FILE_CONST] = {"file_const", 1},
    [K_INT_ARRAY] = {"int_array", 1},
    [K_SCALAR_REF] = {"scalar_ref", 1},
    [K_GRID_HELPER] = {"grid_helper", 1},
    [K_WHILE] = {"while", 1},
    [K_BIT_OPS] = {"bit_ops", 1},
    [K_LOGGED] = {"logged_write", 1},
    [K_STRUCT] = {"structs", 1},
    [K_MACRO] = {"macros", 1},
    [K_ROW_TABLE] = {"row_table", 1},
    [K_SWAP] = {"swap", 1},
    [K_SCAN] = {"scan", 1},
    [K_SCAN_AFFINE] = {"scan_affine", 1},
    [K_SCAN_ROWS] = {"scan_rows", 1},
    [K_HISTOGRAM] = {"histogram", 1},
    [K_HIST_OP] = {"hist_op", 1},
    [K_SCATTER] = {"scatter", 1},
    [K_DECL_OP] = {"declared_op", 1},
    [K_HEADER] = {"header", 1},
    [K_STENCIL_OUT] = {"stencil_out", 1},
    [K_ROW_DOT] = {"row_dot", 1},
    [K_LOCAL_VLA] = {"local_vla", 1},
    [K_STRIDE] = {"stride", 1},
    [K_SCRATCH] = {"scratch", 1},
    [K_MAT_ROWS] = {"mat_rows", 1},
    [K_STENCIL_2D] = {"stencil_2d", 1},
    [K_WIDE] = {"wide", 1},
    [K_XS_SUM] = {"xs_sum", 1},
    [K_TIME_STEPS] = {"time_steps", 1},
    [K_CONST_BOUND] = {"const_bound", 1},
    [K_STRIPMINE] = {"stripmine", 1},
    [K_WHILE_BOUND] = {"while_bound", 1},
    [K_ENTRY] = {"entry", 1},
    [K_FP_CLASS] = {"fp_class", 1},
    [K_CXX_NAMES] = {"cxx_names", 1},
    [K_ENUM] = {"enum", 1},
    [K_PTR_FIELDS] = {"pointer_fields", 1},
    [K_COUNT_HIST] = {"count_hist", 1},
    [K_EXIT_GUARD] = {"exit_guard", 1},
    [K_OPTIONAL] = {"optional", 1},
    [K_OPTIONAL_OUT] = {"optional_out", 1},
    [K_SWITCH] = {"switch", 1},
    [K_DOUBTED] = {"doubted_map", 1},
    [K_MEM_CALLS] = {"mem_calls", 1},
    [K_HEAP_ROWS] = {"heap_rows", 1},
    [K_INPLACE_SCAN] = {"inplace_scan", 1},
    [K_LOOP_ALLOC] = {"loop_alloc", 1},
    [K_GUARDED_WRITE] = {"guarded_write", 1},
    [K_SHADOW_MATH] = {"shadow_math", 1},
    [K_CLAMP] = {"clamp", 1},
    [K_ROW_MAP] = {"row_map", 1},
    [K_ROW_START] = {"row_start", 1},
    [K_PARAM_SWAP] = {"param_swap", 1},
    [K_CAUSAL] = {"causal", 1},
    [K_RECURRENCE] = {"recurrence", 1},
    [K_FACES] = {"faces", 1},
    [K_ARRAY_FIELDS] = {"array_fields", 1},
    [K_SCRATCH_PARAM] = {"scratch_param", 1},
    [K_ROW_VIEW] = {"row_view", 1},
    [K_PRIVATE_ARRAY] = {"private_array", 1},
};

int on(enum construct k) {
    return constructs[k].enabled;
}

/* ------------------------------------------------------------------ */
/* broken promises                                                     */

/* Each is self-contained, declares `double bp` (added to the return value
 * so that it is active) and uses only x and a local buffer. */
struct broken_promise {
    const char *what, *text;
};

static const struct broken_promise broken[] = {
    {"a map writing one element from every iteration",
     "double bpa[64];\n#pragma pargrad map\nfor (int bi = 0; bi < n; bi++)\n"
     "    bpa[0] = sin(x[bi]) + 0.5;\ndouble bp = bpa[0];"},
    {"a map reading the element the previous iteration wrote",
     "double bpa[64];\nbpa[0] = x[0];\n#pragma pargrad map\n"
     "for (int bi = 1; bi < n; bi++)\n    bpa[bi] = 0.5 * bpa[bi - 1] + x[bi];\n"
     "double bp = bpa[n - 1];"},
    {"a map updating a function-scope scalar it reads",
     "double bp = 0.5;\n#pragma pargrad map\nfor (int bi = 0; bi < n; bi++)\n"
     "    bp = 0.5 * bp + sin(x[bi]);"},
    {"a map assigning a function-scope scalar (last writer wins)",
     "double bp = 0.0;\n#pragma pargrad map\nfor (int bi = 0; bi < n; bi++) {\n"
     "    double bt = x[bi] * x[bi];\n    bp = bt;\n}"},
    {"a reduce whose accumulator is read in the contribution",
     "double bp = 0.0;\n#pragma pargrad reduce(+ : bp)\nfor (int bi = 0; bi < n; bi++)\n"
     "    bp += x[bi] * bp + x[bi];"},
    {"a reduce whose accumulator is read through a local",
     "double bp = 1.0;\n#pragma pargrad reduce(* : bp)\nfor (int bi = 0; bi < n; bi++) {\n"
     "    double bt = 0.5 * bp;\n    bp *= 1.0 + 0.1 * tanh(x[bi] + bt);\n}"},
    {"a reduce that tests its accumulator",
     "double bp = 0.0;\n#pragma pargrad reduce(+ : bp)\nfor (int bi = 0; bi < n; bi++) {\n"
     "    if (bp < 1.0)\n        bp += x[bi] * x[bi];\n}"},
    {"a reduce(+) whose update is a product",
     "double bp = 1.0;\n#pragma pargrad reduce(+ : bp)\nfor (int bi = 0; bi < n; bi++)\n"
     "    bp *= 1.0 + 0.1 * sin(x[bi]);"},
    {"a reduce(min) whose update is a max",
     "double bp = -1.0e3;\n#pragma pargrad reduce(min : bp)\nfor (int bi = 0; bi < n; bi++)\n"
     "    bp = fmax(bp, x[bi]);"},
    {"a reduce writing another function-scope scalar",
     "double bp = 0.0;\ndouble bq = 0.0;\n#pragma pargrad reduce(+ : bp)\n"
     "for (int bi = 0; bi < n; bi++) {\n    bp += x[bi];\n    bq = x[bi] * x[bi];\n}\n"
     "bp += bq;"},
    {"a map writing at an index that is not one-to-one in the loop index",
     "double bpa[64];\n#pragma pargrad map\nfor (int bi = 0; bi < n; bi++)\n"
     "    bpa[bi / 2] = cos(x[bi]);\ndouble bp = bpa[0];"},
    {"a map inside a map writing the outer row's element from every column",
     "double bpa[64];\n#pragma pargrad map\nfor (int bi = 0; bi < n; bi++) {\n"
     "#pragma pargrad map\n    for (int bj = 0; bj < m; bj++)\n"
     "        bpa[bi] = x[bi] * (bj + 1);\n}\ndouble bp = bpa[0];"},
    {"a scan whose term reads the accumulator",
     "double bp = 0.0;\ndouble bpa[64];\n#pragma pargrad scan(+ : bp)\n"
     "for (int bi = 0; bi < n; bi++) {\n    bp += x[bi] * bp + x[bi];\n    bpa[bi] = bp;\n}\n"
     "bp += bpa[0];"},
    {"a scan(+) whose update is a product",
     "double bp = 1.0;\ndouble bpa[64];\n#pragma pargrad scan(+ : bp)\n"
     "for (int bi = 0; bi < n; bi++) {\n    bp *= 1.0 + 0.1 * sin(x[bi]);\n    bpa[bi] = bp;\n}\n"
     "bp += bpa[0];"},
    {"a histogram reading the bins it updates",
     "double bpa[64] = {0};\n#pragma pargrad histogram(+ : bpa)\n"
     "for (int bi = 0; bi < n; bi++)\n    bpa[bi % 3] += x[bi] * bpa[(bi + 1) % 3];\n"
     "double bp = bpa[0];"},
    {"a min histogram reading the bins it updates",
     "double bpa[4];\nfor (int bq = 0; bq < 4; bq++)\n    bpa[bq] = 1.0;\n"
     "#pragma pargrad histogram(min : bpa)\nfor (int bi = 0; bi < n; bi++)\n"
     "    bpa[bi % 4] = fmin(bpa[bi % 4], x[bi] * bpa[(bi + 1) % 4]);\ndouble bp = bpa[0];"},
    {"a checkpoint(entry) array updated in place every step",
     "double bpa[64];\nfor (int bq = 0; bq < n; bq++)\n    bpa[bq] = x[bq];\n"
     "#pragma pargrad loop checkpoint(entry: bpa)\nfor (int bt = 0; bt < 3; bt++)\n"
     "    for (int bi = 0; bi < n; bi++)\n        bpa[bi] += 0.5 * sin(bpa[bi]);\n"
     "double bp = bpa[0];"},
    {"a checkpoint(entry) array whose elements every step writes again",
     "double bpa[64];\ndouble bp = 0.0;\n#pragma pargrad loop checkpoint(entry: bpa)\n"
     "for (int bt = 0; bt < 3; bt++) {\n#pragma pargrad map\n    for (int bi = 0; bi < n; bi++)\n"
     "        bpa[bi] = sin(x[bi] * (bt + 1));\n    bp += bpa[n - 1];\n}"},
    {"a map over the rows of a flat grid reading the row above, which another iteration writes",
     "double bpa[64];\nfor (int bq = 0; bq < 2 * n; bq++)\n    bpa[bq] = x[bq % n];\n"
     "#pragma pargrad map\nfor (int bi = 1; bi < n; bi++)\n    for (int bj = 0; bj < 2; bj++)\n"
     "        bpa[bi * 2 + bj] = 0.5 * bpa[(bi - 1) * 2 + bj] + sin(x[bi]);\n"
     "double bp = bpa[2 * n - 1];"},
    {"a map over the rows of a 2-D array reading the row below, which another iteration writes",
     "double bpa[10][3];\nfor (int bq = 0; bq < n; bq++)\n    for (int bj = 0; bj < 3; bj++)\n"
     "        bpa[bq][bj] = x[bq] * (bj + 1);\n#pragma pargrad map\n"
     "for (int bi = 0; bi < n - 1; bi++)\n    for (int bj = 0; bj < 3; bj++)\n"
     "        bpa[bi][bj] = 0.5 * bpa[bi + 1][bj] + cos(x[bi]);\ndouble bp = bpa[0][2];"},
    {"a map computing a running max in a function-scope scalar",
     "double bp = 0.0;\n#pragma pargrad map\nfor (int bi = 0; bi < n; bi++)\n"
     "    bp = bp > x[bi] ? bp : x[bi];"},
};

enum { NBROKEN = sizeof broken / sizeof broken[0] };

static int broken_kind = -1;

/* ------------------------------------------------------------------ */
/* the function                                                        */

/* the return value: top-level scalars and one more expression */
static struct node *gen_return_value(void) {
    struct node *e = gen_expr(0);
    int nsum = 0;
    for (int i = 0; i < cx.nvars && nsum < 3; i++) {
        const struct var *v = &cx.vars[i];
        if (v->type == T_DOUBLE && v->name[0] == 's' && chance(70)) {
            e = op2("%0 + %1", e->bound + v->bound, e, leaf(v->name, v->bound));
            nsum++;
        }
    }
    for (int i = 0; i < cx.nvars; i++) {
        const struct var *v = &cx.vars[i];
        if ((v->type == T_DOUBLE || v->type == T_FLOAT) && !v->used)
            e = op2("%0 + 0.1 * tanh(%1)", e->bound + 0.1, e, leaf(v->name, v->bound));
    }
    /* every parameter is read (-Wunused-parameter in the primal otherwise) */
    if (prog.has_w && !prog.used_w)
        e = op2("%0 + 0.1 * %1", e->bound + 0.1, e, leaf(optional_w("w[0]"), 1.0));
    if (prog.has_a && !prog.used_a)
        e = op2("%0 + 0.1 * %1", e->bound + 0.1, e, leaf("a[n - 1][m - 1]", 1.0));
    if (prog.has_rt && !prog.used_rt)
        e = op2("%0 + 0.1 * %1", e->bound + 0.1, e, leaf("rt[n - 1][0]", 1.0));
    if (prog.has_p && !prog.used_p)
        e = op2("%0 + 0.1 * %1", e->bound + 0.1, e, leaf("p", 1.0));
    if (prog.has_sp && !prog.used_sp)
        e = op2("%0 + 0.1 * %1", e->bound + 0.1, e, leaf("sp[0].hi", 1.0));
    if (prog.has_sg && !prog.used_sg)
        e = op2("%0 + 0.1 * %1", e->bound + 0.1, e, leaf("sg[1].v[n - 1]", 1.0));
    if (prog.has_sa && !prog.used_sa)
        e = op2("%0 + 0.1 * %1", e->bound + 0.1, e, leaf("sa[n - 1].c[2]", 1.0));
    if (prog.x_rows && !prog.used_x_rows)
        e = op2("%0 + 0.1 * %1", e->bound + 0.1, e,
                leaf(fmt("%s[n - 1][m - 1]", prog.x_rows), 1.0));
    if (prog.has_sc && !prog.used_sc) /* (the driver's zeros) */
        e = op2("%0 + 0.1 * %1", e->bound + 0.1, e, leaf("sc[nb[n - 1] * m]", 1.0));
    return squash(e);
}

static void setup_interface(void) {
    prog.n = 1 + rnd(9);
    if (prog.n < 3 && chance(60))
        prog.n += 3;
    prog.m = 1 + rnd(5);
    prog.has_w = chance(60);
    prog.w_wrt = prog.has_w && chance(70);
    prog.has_sp = on(K_STRUCT) && prog.has_w && chance(45);
    prog.uses_struct = prog.has_sp;
    prog.has_sg = on(K_PTR_FIELDS) && prog.has_w && chance(30);
    prog.has_sa = on(K_ARRAY_FIELDS) && prog.has_w && chance(30);
    /* (sp and sg are packed from w's data) */
    prog.w_optional =
        on(K_OPTIONAL) && prog.has_w && !prog.has_sp && !prog.has_sg && !prog.has_sa && chance(35);
    prog.w_null = prog.w_optional && chance(50);
    prog.has_a = on(K_VLA) && chance(25);
    prog.has_rt = prog.has_a && on(K_ROW_TABLE) && chance(40);
    prog.a_wrt = prog.has_a && chance(80);
    prog.has_p = on(K_SCALAR_PARAM) && chance(40);
    prog.p_wrt = prog.has_p && chance(80);
    prog.has_u = chance(35);
    prog.has_y = chance(50);
    prog.has_z = on(K_OPTIONAL_OUT) && chance(20);
    prog.has_sc = on(K_SCRATCH_PARAM) && chance(20);
    prog.nb_form = rnd(4);
    prog.z_null = prog.has_z && chance(40);
    int want_void = on(K_VOID_RETURN) && chance(20);
    prog.has_ret = (!want_void && chance(75)) || (!prog.has_u && !prog.has_y) || prog.break_promise;
    prog.out_clause = chance(50);
    if (on(K_TYPEDEF_SIG) && chance(40)) {
        int k = 1 + rnd(7); /* which of the three: at least one */
        prog.td_real = k & 1 ? (rnd(2) ? "real" : "real_t") : NULL;
        prog.td_macro = k & 2 ? (rnd(2) ? "fp" : "DATA_TYPE") : NULL;
        prog.td_float = k & 4 ? "real32" : NULL;
        prog.typedefs = new_node(0, "");
        if (prog.td_real)
            stmt(body_of(prog.typedefs), fmt("typedef double %s;", prog.td_real));
        if (prog.td_macro)
            stmt(body_of(prog.typedefs), fmt("#define %s double", prog.td_macro));
        if (prog.td_float) /* double in the reference twin */
            stmt(body_of(prog.typedefs), fmt("typedef $F %s;", prog.td_float));
        /* the signature: each type an alias or the plain double */
        struct node *holder = new_node(0, "");
        struct node **ty[] = {&prog.ty_ret, &prog.ty_x, &prog.ty_w, &prog.ty_a,
                              &prog.ty_p,   &prog.ty_u, &prog.ty_y};
        for (int i = 0; i < 7; i++) {
            holder->nkid = 0;
            if (strcmp(type_text(holder, 0), "double") != 0)
                *ty[i] = holder->kid[0];
        }
    }
    prog.x_macro = on(K_MACRO) && !prog.ty_x && chance(15);
    add_array("x", 2, 1);
    if (prog.has_w)
        add_array("w", 2, 1)->optional = prog.w_optional;
    /* pointer_fields: u is the array a struct parameter's field points to,
     * the struct by pointer or by value (its own type: u's is double) */
    prog.u_name = "u";
    if (prog.has_u && !prog.ty_u && on(K_PTR_FIELDS) && chance(40))
        prog.u_name = rnd(3) ? "st->u" : "st.u";
    if (prog.has_u)
        add_array(prog.u_name, 2, 0);
    if (prog.has_y)
        add_array("y", 0, 0);
    if (prog.has_z) /* in-out, written only by gen_optional_update: never a target */
        add_array("z", 2, 1)->optional = 1;
}

/* an inactive condition at the top of f */
static struct node *inactive_cond(void) {
    static const char *const c[] = {"n > 3", "m < 3", "n % 2 == 0", "m > 1 && n > 2"};
    return leaf(c[rnd(4)], 1.0);
}

/* void_return: a data-dependent guard after some work, on an output
 * written so far (or any condition) */
static void gen_void_guard(struct block b) {
    struct array *o = NULL;
    for (int i = 0; i < cx.narrays; i++)
        if (cx.arrays[i].extent > 0 &&
            (strcmp(cx.arrays[i].name, "y") == 0 || strcmp(cx.arrays[i].name, prog.u_name) == 0))
            o = &cx.arrays[i];
    struct node *n = stmt(b, free_in_if[0] ? fmt("if (%%0) {\n%s    return;\n}", free_in_if)
                                           : "if (%0)\n    return;");
    if (o && chance(70)) {
        const char *idx = rnd(2) ? "0" : rnd(2) ? "n - 1" : "n / 2";
        n->kid[n->nkid++] = op1(fmt("%%0 %s %.2f", rnd(2) ? ">" : "<", rconst(-0.5, 0.5)), 1.0,
                                leaf(fmt("%s[%s]", o->name, idx), 2.0));
    } else
        n->kid[n->nkid++] = gen_cond(1);
}

/* file_const: a constant table and a constant scalar of the file, in
 * scope in f (not in helpers); their values, for the declarations */
enum { MAX_CONST_LEN = 6 };
static double const_vals[2][MAX_CONST_LEN];
static int const_plain[2]; /* declared static without const (no code changes them) */

static void declare_file_consts(void) {
    struct var *t = declare(fresh("ctab"), T_ARRAY, 1.0);
    t->len = 3 + rnd(MAX_CONST_LEN - 2);
    t->konst = 1;
    for (int i = 0; i < t->len; i++)
        const_vals[0][i] = rconst(-1.0, 1.0);
    struct var *c = declare(fresh("cs"), T_DOUBLE, 1.0);
    c->konst = 1;
    const_vals[1][0] = rconst(-1.0, 1.0);
    for (int k = 0; k < 2; k++)
        const_plain[k] = chance(35);
}

/* the block of their declarations (printed for those f reads: an unused
 * static is a warning, and shrinking drops reads) */
static void print_file_consts(int at) {
    if (!on(K_FILE_CONST) || cx.nvars < at + 2 || strncmp(cx.vars[at].name, "ctab", 4) != 0)
        return;
    for (int k = 0; k < 2; k++) {
        struct var *v = &cx.vars[at + k];
        const char *list = "";
        for (int i = 0; v->type == T_ARRAY && i < v->len; i++)
            list = fmt("%s%s%.2f", list, i ? ", " : "", const_vals[0][i]);
        prog.const_names[k] = v->name;
        const char *kind = const_plain[k] ? "static double" : "static const double";
        prog.consts[k] = v->type == T_ARRAY ? fmt("%s %s[%d] = {%s};", kind, v->name, v->len, list)
                                            : fmt("%s %s = %.2f;", kind, v->name, const_vals[1][0]);
    }
    prog.nconsts = 2;
}

static void gen_function(void) {
    struct node *f = new_node(0, "");
    f->is_block = 1;
    prog.fbody = f;
    struct block b = body_of(f);
    free_top = "";
    free_in_if = "";
    int void_return = !prog.has_ret && on(K_VOID_RETURN);
    if (void_return && chance(50)) { /* a guard clause, before any allocation */
        static const char *const g[] = {"if (n < 2)\n    return;", "if (n <= 1)\n    return;",
                                        "if (n < 1 || m < 1)\n    return;",
                                        "if (m < 1)\n    return;"};
        stmt(b, g[rnd(4)]);
    }
    if (on(K_EXIT_GUARD) && chance(25)) /* the sizes checked as library code does */
        stmt(b, on(K_KEPT_CALLS) && rnd(2)
                    ? "if (n < 1 || m < 1) {\n    fprintf(stderr, \"f: sizes %d, %d\\n\", n, "
                      "m);\n    exit(EXIT_FAILURE);\n}"
                : on(K_OPTIONAL) && rnd(2) ? (rnd(2) ? "if (n <= 0 || !x)\n    abort();"
                                                     : "if (x == NULL || n <= 0)\n    abort();")
                                           : "if (n <= 0)\n    abort();");
    if (on(K_MALLOC)) {
        int k = rnd(3);
        const char *null_test = "";
        for (int i = 0; i < k; i++) {
            const char *t = fresh("tm");
            struct node *d = stmt(b, "");
            const char *ty = type_text(d, 0);
            int how = rnd(5);
            if (how == 0 && strcmp(ty, "double") == 0) {
                d->tmpl = fmt("double *%s = rg_new_vec(n * m);", t);
                prog.uses_new_vec = 1;
            } else if (how == 1) {
                d->tmpl = fmt("%s *%s = rg_xmalloc(sizeof(%s) * n * m);", ty, t, ty);
                prog.uses_xmalloc = 1;
            } else if (how == 4) { /* C89's order: declared, then allocated */
                d->tmpl = fmt("%s *%s%s;\n%s = malloc((size_t)n * (size_t)m * sizeof(%s));", ty, t,
                              rnd(2) ? " = NULL" : "", t, ty);
            } else if (how == 3) { /* the byte count first, as HPC code keeps it */
                const char *bytes = fresh("tb");
                d->tmpl = fmt("const size_t %s = (size_t)n * (size_t)m * sizeof(%s);\n"
                              "%s *%s = malloc(%s);",
                              bytes, ty, ty, t, bytes);
            } else {
                d->tmpl = fmt("%s *%s = malloc((size_t)n * (size_t)m * sizeof(%s));", ty, t, ty);
            }
            null_test = fmt("%s%s%s", null_test, *null_test ? " || " : "",
                            rnd(2) ? fmt("%s == NULL", t) : fmt("!%s", t));
            /* zeroed, as the output's are: a read before any write the
             * program makes (a write skipped by a `continue`) reads zeros,
             * not what malloc left there */
            const char *z = fresh("k");
            stmt(b, fmt("#pragma pargrad map\nfor (int %s = 0; %s < n * m; %s++)\n    %s[%s] = 0;",
                        z, z, z, t, z));
            add_array(t, 0, 0);
            free_top = fmt("%sfree(%s);\n", free_top, t);
            free_in_if = fmt("%s    free(%s);\n", free_in_if, t);
        }
        if (k && chance(35)) /* checked, as careful code does (never NULL in the gradient) */
            stmt(b, fmt("if (%s) {\n%s    return%s;\n}", null_test, free_in_if,
                        prog.has_ret ? " 0.0" : ""));
        if (on(K_STRUCT) && chance(25)) { /* an array of structs, a temporary array per field */
            const char *t = fresh("hp"), *i = fresh("t");
            stmt(b, fmt("rg_pt *%s = malloc(sizeof(rg_pt) * (size_t)n);\n"
                        "#pragma pargrad map\n"
                        "for (int %s = 0; %s < n; %s++) {\n"
                        "    %s[%s].lo = 0.5 * x[%s];\n"
                        "    %s[%s].hi = tanh(x[(%s + 1) %% n]);\n"
                        "    %s[%s].tag = %s %% 3;\n"
                        "}",
                        t, i, i, i, t, i, i, t, i, i, t, i, i));
            prog.heap_sp = t;
            prog.uses_struct = 1;
            free_top = fmt("%sfree(%s);\n", free_top, t);
            free_in_if = fmt("%s    free(%s);\n", free_in_if, t);
        }
    }
    if (on(K_LOCAL_BUF) && chance(30)) {
        const char *t = fresh("buf");
        stmt(b, fmt("double %s[64];", t));
        add_array(t, 0, 0);
    }
    if (on(K_LOCAL_VLA) && chance(25)) { /* C99: as long as any array's writes reach */
        const char *t = fresh("vb");
        stmt(b, fmt("double %s[n * m];", t));
        add_array(t, 0, 0);
    }
    if (on(K_INT_ARRAY) && chance(30)) { /* indices kept in [0, n) */
        prog.int_table = fresh("ia");
        stmt(b, fmt("int %s[3] = {0, n / 2, n - 1};\n(void)%s;", prog.int_table, prog.int_table));
    }
    if (on(K_ROW_VIEW) && chance(20)) { /* x by rows, as 2-D code views a flat buffer */
        prog.x_rows = fresh("xr");
        stmt(b, rnd(2) ? fmt("const double (*%s)[m] = (const double (*)[m])x;", prog.x_rows)
                       : fmt("const double (*%s)[m];\n%s = (const double (*)[m])&x[0];",
                             prog.x_rows, prog.x_rows));
    }
    if (chance(12))
        gen_param_swap(b);
    int consts_at = cx.nvars;
    if (on(K_FILE_CONST) && chance(40))
        declare_file_consts();
    int priv_at = prog.fbody->nbody;
    int count = 2 + rnd(4);
    if (void_return && chance(50)) { /* some work, a data-dependent guard, more work */
        int first = 1 + rnd(count);
        gen_block(b, first);
        gen_void_guard(b);
        gen_block(b, 1 + rnd(count - first + 1));
    } else
        gen_block(b, count);
    if (prog.has_sc && !prog.used_sc && chance(70)) /* (the body's turn did not come) */
        gen_scratch_param(b);
    if (on(K_PRIVATE_ARRAY) && chance(15))
        gen_private_array(b);
    struct array *y = find_array("y");
    if (y && y->extent == 0 && on(K_STENCIL_OUT) && chance(30)) /* out(y) needs a write */
        gen_stencil_out(b, 2, y);
    else if (y && y->extent == 0)
        gen_map_over(b, 2, y, NRANGE, -1);
    if (prog.has_z && !prog.z_written)
        gen_optional_update(b, 2);
    if (prog.break_promise) {
        broken_kind = rnd(NBROKEN);
        struct node *n = stmt(b, fmt("/* broken promise: %s */\n%s\n/* end */",
                                     broken[broken_kind].what, broken[broken_kind].text));
        n->protect = 1;
        declare("bp", T_DOUBLE, 1.0);
    }
    /* the frees and the return are one statement: dropping one drops both */
    if (prog.has_ret && !prog.break_promise && on(K_RETURN_BOTH) && chance(25)) {
        /* if (c) { ...; return a; } else { ...; return b; } */
        struct node *r = block_stmt(b, "if (%0) {");
        r->kid[r->nkid++] = chance(30) ? inactive_cond() : gen_cond(0);
        for (int side = 0; side < 2; side++) {
            struct block rb = side ? else_of(r) : body_of(r);
            struct saved s = enter();
            gen_block(rb, rnd(3));
            struct node *ret = stmt(
                rb, free_top[0] ? fmt("double ret = %%0;\n%sreturn ret;", free_top) : "return %0;");
            ret->kid[ret->nkid++] = gen_return_value();
            leave(s);
        }
    } else if (prog.has_ret) {
        const char *bp = prog.break_promise ? " + bp" : "";
        struct node *r =
            stmt(b, free_top[0] ? fmt("double ret = %%0;\n%sreturn ret%s;", free_top, bp)
                                : fmt("return %%0%s;", bp));
        r->kid[r->nkid++] = gen_return_value();
        if (prog.break_promise)
            r->protect = 1;
    } else if (free_top[0]) {
        stmt(b, fmt("%.*s", (int)strlen(free_top) - 1, free_top));
    }
    declare_privates(priv_at);
    declare_counters(f, priv_at);
    print_file_consts(consts_at);
}

/* ------------------------------------------------------------------ */
/* output                                                              */

/* double, or typedef_sig's alias */
static void print_type(FILE *out, const struct node *ty) {
    if (ty)
        print_expr(out, ty);
    else
        fputs("double", out);
}

/* ", const T *x": one parameter of f, its type as the program spells it */
static void print_param(FILE *out, const char *before, struct node *ty, const char *after) {
    fputs(before, out);
    print_type(out, ty);
    fputs(after, out);
}

/* pointer_fields: u as st->u or st.u */
static int u_in_struct(void) {
    return strcmp(prog.u_name, "u") != 0;
}

static int u_by_value(void) {
    return strcmp(prog.u_name, "st.u") == 0;
}

static void print_params(FILE *out) {
    if (prog.x_macro)
        fputs("int n, int m, const double RG_VEC(x, n * m)", out);
    else
        print_param(out, "int n, int m, const ", prog.ty_x, " *x");
    if (prog.has_w)
        print_param(out, ", const ", prog.ty_w, " *w");
    if (prog.has_sp)
        fputs(", const rg_pt *sp", out);
    if (prog.has_sg)
        fputs(", const rg_seg *sg", out);
    if (prog.has_sa)
        fputs(", const rg_ax *sa", out);
    if (prog.has_a)
        print_param(out, ", const ", prog.ty_a, " a[n][m]");
    if (prog.has_rt)
        fputs(", const double **rt", out);
    if (prog.has_p)
        print_param(out, ", ", prog.ty_p, " p");
    if (prog.has_u && u_in_struct())
        fputs(u_by_value() ? ", rg_st st" : ", rg_st *st", out);
    else if (prog.has_u)
        print_param(out, ", ", prog.ty_u, " *u");
    if (prog.has_y)
        print_param(out, ", ", prog.ty_y, " *y");
    if (prog.has_z)
        fputs(", double *z", out);
    if (prog.has_sc)
        fputs(", double *sc, const int *nb", out);
}

static const char *ret_type(void) {
    return prog.has_ret ? "double" : "void";
}

/* typedef_sig's typedef and #define lines, and file_const's constants */
static void print_typedefs(FILE *out) {
    if (prog.typedefs) {
        print_stmts(out, prog.typedefs->body, prog.typedefs->nbody, 0);
        fputs("\n", out);
    }
}

static void print_program(FILE *out);

/* Whether the printed program reads name (a whole identifier). */
static int program_reads(const char *text, const char *name) {
    size_t n = strlen(name);
    for (const char *q = strstr(text, name); q; q = strstr(q + 1, name))
        if ((q == text || !(isalnum((unsigned char)q[-1]) || q[-1] == '_')) &&
            !(isalnum((unsigned char)q[n]) || q[n] == '_'))
            return 1;
    return 0;
}

/* file_const's declarations that the program (as printed, after any
 * shrinking) reads: an unused static is a warning */
static void print_consts(FILE *out) {
    if (!prog.nconsts)
        return;
    char *text = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&text, &len);
    if (!m) {
        perror("pargrad_gen");
        exit(2);
    }
    print_program(m);
    fclose(m);
    int any = 0;
    for (int i = 0; i < prog.nconsts; i++)
        if (program_reads(text, prog.const_names[i])) {
            fprintf(out, "%s\n", prog.consts[i]);
            any = 1;
        }
    if (any)
        fputs("\n", out);
    free(text);
}

/* structs: the type, once per file (before the twin in check.c) */
static void print_struct_type(FILE *out) {
    if (prog.x_macro) /* (the signature's: check.c declares f with it too) */
        fputs("#define RG_SEL(a, b) b\n#define RG_VEC(v, len) v[RG_SEL(64, len)]\n\n", out);
    if (prog.uses_struct)
        fputs("typedef struct {\n    double lo, hi;\n    int tag;\n} rg_pt;\n\n", out);
    if (prog.has_u && u_in_struct())
        fputs("typedef struct {\n    int len;\n    double *u;\n} rg_st;\n\n", out);
    if (prog.has_sg)
        fputs("typedef struct {\n    int len;\n    const double *v;\n} rg_seg;\n\n", out);
    if (prog.has_sa)
        fputs("typedef struct {\n    double c[3];\n    double s;\n} rg_ax;\n\n", out);
}

static void print_support(FILE *out);
static void print_f(FILE *out);

/* the primal (or its double reference copy f_ref, with ref_mode set) */
static void print_program(FILE *out) {
    print_support(out);
    print_declop_pragmas(out);
    print_f(out);
}

/* what f calls and uses: macros, helpers, the operators' functions */
static void print_support(FILE *out) {
    if (prog.uses_macros)
        fputs("#define RG_SQ(a) ((a) * (a))\n#define RG_LERP(a, b, t) ((a) + ((b) - (a)) * "
              "(t))\n#define RG_MIN(a, b) ((a) < (b) ? (a) : (b))\n"
              "#define RG_MAX(a, b) ((a) > (b) ? (a) : (b))\n#define RG_SV(x) x\n"
              "#define RG_ACC(s, v) \\\n    do { \\\n        double rg_v_ = (v); \\\n"
              "        (s) += rg_v_; \\\n    } while (0)\n"
              "#define RG_SWAP(a, b) \\\n    do { \\\n        double *rg_t_ = (a); \\\n"
              "        (a) = (b); \\\n        (b) = rg_t_; \\\n    } while (0)\n\n",
              out);
    /* static: check.c's reference copy has its own */
    if (prog.uses_new_vec)
        fputs("static double *rg_new_vec(int k) {\n    return (double *)malloc(sizeof(double) * "
              "(size_t)k);\n}\n\n",
              out);
    if (prog.uses_xmalloc)
        fputs("static void *rg_xmalloc(size_t bytes) {\n    void *p = malloc(bytes);\n    if "
              "(!p)\n        abort();\n    return p;\n}\n\n",
              out);
    if (prog.uses_ptval)
        fputs("static double rg_ptval(rg_pt v, double t) {\n    return v.lo * t + 0.5 * v.hi + "
              "0.1 * v.tag;\n}\n\n",
              out);
    if (prog.uses_pragma_consts) /* named in pragmas: stripmine(RG_LEVELS), bound(RG_WHILE_MAX) */
        fputs("#define RG_LEVELS 2\n#define RG_WHILE_MAX (4)\n\n", out);
    if (prog.uses_kept_macros)
        fputs("#define RG_MAX_N 100000\n#define RG_TAG \"f\"\n"
              "#define RG_LOG(...) fprintf(stderr, __VA_ARGS__)\n"
              "#define RG_CHECK(c) assert((c) && \"f: bad argument\")\n\n",
              out);
    if (prog.uses_enum)
        fputs("enum rg_mode { RG_FAST, RG_HALF, RG_SLOW };\n\n", out);
    if (prog.uses_segat) /* an element's array, its length read from the struct */
        fputs("static double rg_segval(const rg_seg *s, int k, int i) {\n    return s[k].v[i % "
              "s[k].len];\n}\n\nstatic double rg_segat(const rg_seg *s, int i) {\n    return "
              "0.5 * s->v[i % s->len];\n}\n\n",
              out);
    if (prog.uses_ptfield) /* reads only: &sq passed as const rg_pt * */
        fputs("static double rg_ptfield(const rg_pt *v, int hi) {\n    return hi ? v->hi : "
              "v->lo;\n}\n\n",
              out);
    if (prog.uses_ptmix)
        fputs("static void rg_ptmix(rg_pt *v, double e) {\n    v->lo = 0.5 * v->lo + 0.25 * "
              "tanh(e);\n    v->hi -= 0.25 * v->lo;\n}\n\n",
              out);
    if (prog.uses_ptnext) /* a return in the middle, a compound literal with designators */
        fputs("static rg_pt rg_ptnext(rg_pt v, double e) {\n    if (v.tag > 1)\n        return "
              "(rg_pt){.lo = v.hi, .hi = 0.5 * v.lo + 0.25 * tanh(e), .tag = v.tag - 1};\n    "
              "rg_pt r = v;\n    r.lo = 0.5 * v.lo + 0.25 * tanh(e);\n    r.hi -= 0.25 * "
              "r.lo;\n    return r;\n}\n\n",
              out);
    if (prog.uses_blend)
        fputs("static void rg_blend(double *dst, double v) {\n    *dst = 0.5 * *dst + 0.25 * "
              "tanh(v);\n}\n\n",
              out);
    if (prog.uses_bump) /* (called right of && or ||: it runs only where C calls it) */
        fputs("static int rg_bump(double *acc, double v) {\n    *acc = 0.5 * *acc + 0.25 * "
              "tanh(v);\n    return *acc > 0.0;\n}\n\n",
              out);
    if (prog.uses_take)
        fputs("static double rg_take(double *budget, double v) {\n    double t = 0.5 * *budget "
              "* tanh(v);\n    *budget -= t;\n    return t;\n}\n\n",
              out);
    if (prog.uses_grid)
        fprintf(out,
                "static double rg_grid(int n, int m, const double %s, int i) {\n    double s = "
                "0.0;\n    if (i >= n)\n        return 0.0;\n    for (int j = 0; j < m; j++)\n "
                "       s += g[i][j] * (0.5 + 0.1 * j);\n    return s / m;\n}\n\n",
                (const char *[]){"g[n][m]", "(*g)[m]", "g[][m]"}[prog.grid_param]);
    if (prog.uses_rowdot)
        fputs("static double rg_rowdot(int m, const double *r) {\n    double s = 0.0;\n    for "
              "(int j = 0; j < m; j++)\n        s += r[j] * (0.3 + 0.1 * j);\n    return s / "
              "m;\n}\n\n",
              out);
    if (prog.uses_split) /* (frexp's exponent through a helper's pointer too) */
        fputs("static double rg_mant(double v, int *e) {\n    return frexp(v, e);\n}\n\n"
              "static double rg_split(double v) {\n    int e;\n    double ip[2];\n    double m = "
              "rg_mant(v, &e);\n    double f = modf(2.0 * v, &ip[1]);\n    return m * (e % 4) + f "
              "+ 0.25 * ip[1];\n}\n\n",
              out);
    if (prog.uses_step)
        fputs("static unsigned rg_step(unsigned *st) {\n    *st = *st * 1664525u + "
              "1013904223u;\n    return (*st >> 8) & 0xffu;\n}\n\n",
              out);
    print_declop_functions(out);
    print_stmts(out, prog.helpers->body, prog.helpers->nbody, 0);
}

/* f (or f_ref) itself */
static void print_f(FILE *out) {
    fputs(ref_mode ? "static " : "", out);
    if (prog.has_ret)
        print_type(out, prog.ty_ret);
    else
        fputs("void", out);
    fprintf(out, " f%s(", ref_mode ? "_ref" : "");
    print_params(out);
    fputs(") {\n", out);
    print_stmts(out, prog.fbody->body, prog.fbody->nbody, 1);
    fputs("}\n", out);
}

static void print_directive(FILE *out) {
    fputs("#pragma pargrad reverse(f) wrt(x", out);
    if (prog.w_wrt)
        fputs(prog.has_sp ? ", w, sp" : ", w", out);
    if (prog.w_wrt && prog.has_sg)
        fputs(", sg", out);
    if (prog.w_wrt && prog.has_sa)
        fputs(", sa", out);
    if (prog.a_wrt)
        fputs(prog.has_rt ? ", a, rt" : ", a", out);
    if (prog.p_wrt)
        fputs(", p", out);
    if (prog.has_u)
        fputs(u_in_struct() ? ", st" : ", u", out);
    if (prog.has_z)
        fputs(", z", out);
    fputs(")", out);
    if (prog.has_u || prog.has_y || prog.has_z || prog.out_clause) {
        const char *sep = "";
        fputs(" out(", out);
        if (prog.has_u)
            fputs(u_in_struct() ? "st" : "u", out), sep = ", ";
        if (prog.has_y)
            fprintf(out, "%sy", sep), sep = ", ";
        if (prog.has_z)
            fprintf(out, "%sz", sep), sep = ", ";
        if (prog.has_ret)
            fprintf(out, "%sreturn", sep);
        fputs(")", out);
    }
    fputs("\n", out);
}

static FILE *open_out(const char *dir, const char *name);

static void print_includes(FILE *out) {
    fputs("#include <math.h>\n", out);
    if (on(K_CONST_CAST)) /* uint64_t */
        fputs("#include <stdint.h>\n", out);
    if (on(K_KEPT_CALLS))
        fputs("#include <assert.h>\n#include <omp.h>\n#include <stdio.h>\n", out);
    fputs("#include <stdlib.h>\n", out);
    if (on(K_MEM_CALLS) || on(K_LOOP_ALLOC))
        fputs("#include <string.h>\n", out);
    fputs("\n", out);
}

/* prog.c, and with header prog_helpers.h, in dir */
static void write_prog(FILE *out, const char *dir, uint64_t seed) {
    fprintf(out, "/* pargrad_gen %llu%s */\n", (unsigned long long)seed,
            prog.break_promise ? " --break-promise" : "");
    ref_mode = 0;
    FILE *h = out;
    if (prog.in_header) {
        h = open_out(dir, "prog_helpers.h");
        fputs("/* the helpers of prog.c */\n#ifndef PROG_HELPERS_H\n#define PROG_HELPERS_H\n\n", h);
    }
    print_includes(h);
    print_typedefs(h);
    print_struct_type(h);
    print_consts(h);
    print_support(h);
    if (prog.in_header) {
        fputs("#endif\n", h);
        fclose(h);
        fputs("#include \"prog_helpers.h\"\n\n", out);
    }
    print_declop_pragmas(out);
    print_f(out);
    fputs("\n", out);
    print_directive(out);
}

/* the gradient's parameters, Tapenade's convention (README) */
static void print_grad_params(FILE *out) {
    fputs("int n, int m, const double *x, double *x_b", out);
    if (prog.has_w)
        fprintf(out, ", const double *w%s", prog.w_wrt ? ", double *w_b" : "");
    if (prog.has_sp)
        fprintf(out, ", const rg_pt *sp%s", prog.w_wrt ? ", rg_pt *sp_b" : "");
    if (prog.has_sg)
        fprintf(out, ", const rg_seg *sg%s", prog.w_wrt ? ", rg_seg *sg_b" : "");
    if (prog.has_sa)
        fprintf(out, ", const rg_ax *sa%s", prog.w_wrt ? ", rg_ax *sa_b" : "");
    if (prog.has_a)
        fprintf(out, ", const double a[n][m]%s", prog.a_wrt ? ", double a_b[n][m]" : "");
    if (prog.has_rt)
        fprintf(out, ", const double **rt%s", prog.a_wrt ? ", double **rt_b" : "");
    if (prog.has_p)
        fprintf(out, ", double p%s", prog.p_wrt ? ", double *p_b" : "");
    if (prog.has_u && u_in_struct())
        fputs(u_by_value() ? ", rg_st st, rg_st *st_b" : ", rg_st *st, rg_st *st_b", out);
    else if (prog.has_u)
        fputs(", double *u, double *u_b", out);
    if (prog.has_y)
        fputs(", double *y, double *y_b", out);
    if (prog.has_z)
        fputs(", double *z, double *z_b", out);
    if (prog.has_sc) /* neither wrt nor out: sc_b is pargrad's own */
        fputs(", double *sc, const int *nb", out);
    if (prog.has_ret)
        fputs(", double f_b_seed", out);
}

static void print_primal_args(FILE *out) {
    fputs("N, M, d->x", out);
    if (prog.has_w)
        fputs(prog.w_null ? ", NULL" : ", d->w", out);
    if (prog.has_sp)
        fputs(", sp", out);
    if (prog.has_sg)
        fputs(", sg", out);
    if (prog.has_sa)
        fputs(", sa", out);
    if (prog.has_a)
        fputs(", (const double(*)[M])d->a", out);
    if (prog.has_rt)
        fputs(", rt", out);
    if (prog.has_p)
        fputs(", d->p", out);
    if (prog.has_u && u_in_struct())
        fputs(u_by_value() ? ", st" : ", &st", out);
    else if (prog.has_u)
        fputs(", d->u", out);
    if (prog.has_y)
        fputs(", d->y", out);
    if (prog.has_z)
        fputs(prog.z_null ? ", NULL" : ", d->z", out);
    if (prog.has_sc)
        fputs(", sc, nb", out);
}

/* scratch_param: sc zeroed before each call, nb the neighbours */
static void print_scratch_setup(FILE *out) {
    if (prog.has_sc)
        fputs("    double sc[N * M] = {0};\n    int nb[N];\n    rg_neighbours(nb);\n", out);
}

static void print_call(FILE *out, const char *name) {
    fprintf(out, "static double call_%s(struct drv *d) {\n", name);
    if (prog.has_sp)
        fputs("    rg_pt sp[N];\n    rg_pack(d, sp);\n", out);
    if (prog.has_sg)
        fputs("    double sv[2][N];\n    rg_seg sg[2];\n    rg_segs(d, sv, sg);\n", out);
    if (prog.has_sa)
        fputs("    rg_ax sa[N];\n    rg_cells(d, sa);\n", out);
    if (prog.has_rt)
        fputs("    double at[N * M];\n    const double *rt[N];\n    rg_rows(d->a, at, rt);\n", out);
    if (prog.has_u && u_in_struct())
        fputs("    rg_st st = {N * M, d->u};\n", out);
    print_scratch_setup(out);
    fprintf(out, "    %s%s(", prog.has_ret ? "return " : "", name);
    print_primal_args(out);
    fprintf(out, ");%s\n}\n\n", prog.has_ret ? "" : "\n    return 0.0;");
}

static void write_check(FILE *out, uint64_t seed) {
    fprintf(out, "/* the check driver of pargrad_gen %llu (see driver.h) */\n",
            (unsigned long long)seed);
    fputs("#include \"driver.h\"\n", out);
    fputs(on(K_KEPT_CALLS) ? "#include <assert.h>\n#include <omp.h>\n\n" : "\n", out);
    fprintf(out, "enum { N = %d, M = %d };\n\n", prog.n, prog.m);
    ref_mode = 1; /* a float typedef is double in the reference twin */
    print_typedefs(out);
    ref_mode = 0;
    print_struct_type(out);
    if (prog.has_rt) /* rt: rows of a copy of a */
        fputs("static void rg_rows(const double *a, double *at, const double **rt) {\n    for (int "
              "k = 0; k < N * M; k++)\n        at[k] = a[k];\n    for (int i = 0; i < N; i++)\n "
              "       rt[i] = &at[i * M];\n}\n\n",
              out);
    if (prog.has_sp) /* sp's fields from w (lo from the front, hi from the back) */
        fputs("static void rg_pack(const struct drv *d, rg_pt *sp) {\n    for (int i = 0; i < N; "
              "i++) {\n        sp[i].lo = d->w[i];\n        sp[i].hi = d->w[N * M - 1 - i];\n  "
              "      sp[i].tag = i % 3;\n    }\n}\n\nstatic void rg_unpack(struct drv *d, const "
              "rg_pt *sp_b) {\n    for (int i = 0; i < N; i++) {\n        d->w_b[i] += "
              "sp_b[i].lo;\n        d->w_b[N * M - 1 - i] += sp_b[i].hi;\n    }\n}\n\n",
              out);
    if (prog.has_sg) /* sg's arrays copies of w (the front, the back reversed) */
        fputs("static void rg_segs(const struct drv *d, double (*sv)[N], rg_seg *sg) {\n    for "
              "(int i = 0; i < N; i++) {\n        sv[0][i] = d->w[i];\n        sv[1][i] = "
              "d->w[N * M - 1 - i];\n    }\n    sg[0] = (rg_seg){N, sv[0]};\n    sg[1] = "
              "(rg_seg){N, sv[1]};\n}\n\n",
              out);
    if (prog.has_sa) /* sa's arrays from w by k = 3 i + j, s from the back */
        fputs("static void rg_cells(const struct drv *d, rg_ax *sa) {\n    for (int i = 0; i < N; "
              "i++) {\n        for (int j = 0; j < 3; j++)\n            sa[i].c[j] = d->w[(3 * "
              "i + j) % (N * M)];\n        sa[i].s = d->w[N * M - 1 - i];\n    }\n}\n\nstatic "
              "void rg_uncells(struct drv *d, const rg_ax *sa_b) {\n    for (int i = 0; i < N; "
              "i++) {\n        for (int j = 0; j < 3; j++)\n            d->w_b[(3 * i + j) % (N "
              "* M)] += sa_b[i].c[j];\n        d->w_b[N * M - 1 - i] += sa_b[i].s;\n    "
              "}\n}\n\n",
              out);
    if (prog.has_sc) { /* clamped, periodic, strided or mirrored neighbours */
        static const char *const forms[] = {"i > 0 ? i - 1 : 0", "(i + 1) % N", "(5 * i + 2) % N",
                                            "N - 1 - i"};
        fprintf(out,
                "static void rg_neighbours(int *nb) {\n    for (int i = 0; i < N; i++)\n        "
                "nb[i] = %s;\n}\n\n",
                forms[prog.nb_form]);
    }
    fprintf(out, "%s f(", ret_type());
    print_params(out);
    fprintf(out, ");\n%s f_b(", ret_type());
    print_grad_params(out);
    fputs(");\n\n", out);
    if (prog.uses_float) { /* finite differences of the double twin */
        ref_mode = 1;
        print_consts(out);
        print_program(out);
        ref_mode = 0;
        fputs("\n", out);
        print_call(out, "f_ref");
    }
    print_call(out, "f");
    fputs("static double call_f_b(struct drv *d, double seed) {\n", out);
    if (prog.has_rt) /* rt's rows are a copy of a: at_b is added to a_b */
        fputs("    double at[N * M], at_b[N * M];\n    const double *rt[N];\n    double "
              "*rt_b[N];\n    rg_rows(d->a, at, rt);\n    memset(at_b, 0, sizeof at_b);\n    for "
              "(int i = 0; i < N; i++)\n        rt_b[i] = &at_b[i * M];\n",
              out);
    if (prog.has_u && u_in_struct()) /* st_b's field points to u_b; its length is ignored */
        fputs("    rg_st st = {N * M, d->u}, st_b = {-1, d->u_b};\n", out);
    if (prog.has_sg) /* sg_b's fields point to adjoint copies, added into w_b after */
        fputs("    double sv[2][N], sv_b[2][N];\n    rg_seg sg[2];\n    rg_segs(d, sv, sg);\n    "
              "memset(sv_b, 0, sizeof sv_b);\n    rg_seg sg_b[2] = {{-1, sv_b[0]}, {-1, "
              "sv_b[1]}};\n    (void)sg_b;\n",
              out);
    if (prog.has_sa) /* sa_b is added into w_b: the chain rule through rg_cells */
        fputs("    rg_ax sa[N], sa_b[N];\n    rg_cells(d, sa);\n    memset(sa_b, 0, sizeof "
              "sa_b);\n",
              out);
    if (prog.has_sp) /* sp_b is unpacked into w_b: the chain rule through rg_pack */
        fputs("    rg_pt sp[N], sp_b[N];\n    rg_pack(d, sp);\n    memset(sp_b, 0, sizeof "
              "sp_b);\n",
              out);
    print_scratch_setup(out);
    fprintf(out, "    %sf_b(N, M, d->x, d->x_b", prog.has_ret ? "double r = " : "");
    if (prog.has_w && prog.w_null) /* optional, left out: the adjoint NULL too */
        fprintf(out, ", NULL%s", prog.w_wrt ? ", NULL" : "");
    else if (prog.has_w)
        fprintf(out, ", d->w%s", prog.w_wrt ? ", d->w_b" : "");
    if (prog.has_sp)
        fprintf(out, ", sp%s", prog.w_wrt ? ", sp_b" : "");
    if (prog.has_sg)
        fprintf(out, ", sg%s", prog.w_wrt ? ", sg_b" : "");
    if (prog.has_sa)
        fprintf(out, ", sa%s", prog.w_wrt ? ", sa_b" : "");
    if (prog.has_a)
        fprintf(out, ", (const double(*)[M])d->a%s", prog.a_wrt ? ", (double(*)[M])d->a_b" : "");
    if (prog.has_rt)
        fprintf(out, ", rt%s", prog.a_wrt ? ", rt_b" : "");
    if (prog.has_p)
        fprintf(out, ", d->p%s", prog.p_wrt ? ", &d->p_b" : "");
    if (prog.has_u && u_in_struct())
        fputs(u_by_value() ? ", st, &st_b" : ", &st, &st_b", out);
    else if (prog.has_u)
        fputs(", d->u, d->u_b", out);
    if (prog.has_y)
        fputs(", d->y, d->y_b", out);
    if (prog.has_z) /* optional: NULL for the array and its adjoint */
        fputs(prog.z_null ? ", NULL, NULL" : ", d->z, d->z_b", out);
    if (prog.has_sc)
        fputs(", sc, nb", out);
    if (prog.has_ret)
        fputs(", seed", out);
    fputs(");\n", out);
    if (prog.has_sp && prog.w_wrt)
        fputs("    rg_unpack(d, sp_b);\n", out);
    if (prog.has_sa && prog.w_wrt)
        fputs("    rg_uncells(d, sa_b);\n", out);
    if (prog.has_sg && prog.w_wrt)
        fputs("    for (int i = 0; i < N; i++) {\n        d->w_b[i] += sv_b[0][i];\n        "
              "d->w_b[N * M - 1 - i] += sv_b[1][i];\n    }\n",
              out);
    if (prog.has_rt && prog.a_wrt)
        fputs("    for (int k = 0; k < N * M; k++)\n        d->a_b[k] += at_b[k];\n", out);
    fputs(prog.has_ret ? "    return r;\n}\n\n" : "    (void)seed;\n    return 0.0;\n}\n\n", out);
    fputs("int main(void) {\n", out);
    fprintf(out, "    static const struct drv_spec spec = {\n");
    fprintf(out, "        .n = N, .m = M, .seed = %lluu,\n", (unsigned long long)seed);
    fprintf(out, "        .has_w = %d, .w_wrt = %d, .has_a = %d, .a_wrt = %d,\n",
            prog.has_w && !prog.w_null, prog.w_wrt && !prog.w_null, prog.has_a, prog.a_wrt);
    fprintf(out, "        .has_p = %d, .p_wrt = %d, .has_u = %d, .has_y = %d, .has_ret = %d,\n",
            prog.has_p, prog.p_wrt, prog.has_u, prog.has_y, prog.has_ret);
    if (prog.has_z && !prog.z_null)
        fputs("        .has_z = 1,\n", out);
    fprintf(out, "        .uses_float = %d,\n", prog.uses_float);
    fprintf(out, "        .primal = call_f, .reference = %s, .gradient = call_f_b,\n",
            prog.uses_float ? "call_f_ref" : "call_f");
    fputs("    };\n    return drv_main(&spec);\n}\n", out);
}

/* ------------------------------------------------------------------ */
/* command line                                                        */

static void set_constructs(const char *list, int value) {
    char *copy = fmt("%s", list);
    for (char *tok = strtok(copy, ","); tok; tok = strtok(NULL, ",")) {
        int found = 0;
        for (int k = 0; k < K_COUNT; k++)
            if (strcmp(constructs[k].name, tok) == 0)
                constructs[k].enabled = value, found = 1;
        if (!found) {
            fprintf(stderr, "pargrad_gen: unknown construct '%s' (see --list)\n", tok);
            exit(2);
        }
    }
}

static void set_drops(const char *list) {
    char *copy = fmt("%s", list);
    for (char *tok = strtok(copy, ","); tok; tok = strtok(NULL, ",")) {
        long id = strtol(tok, NULL, 10);
        if (id >= 0 && id < MAX_NODES)
            dropped[id] = 1;
    }
}

static FILE *open_out(const char *dir, const char *name) {
    char *path = fmt("%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    if (!f) {
        perror(path);
        exit(2);
    }
    return f;
}

static void usage(void) {
    fprintf(stderr, "usage: pargrad_gen SEED DIR [--drop=ID,...] [--break-promise]\n"
                    "                   [--enable=NAME,...] [--disable=NAME,...]\n"
                    "       pargrad_gen --list\n");
    exit(2);
}

int main(int argc, char **argv) {
    const char *dir = NULL, *seed_text = NULL;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strncmp(a, "--drop=", 7) == 0)
            set_drops(a + 7);
        else if (strcmp(a, "--break-promise") == 0)
            prog.break_promise = 1;
        else if (strncmp(a, "--enable=", 9) == 0)
            set_constructs(a + 9, 1);
        else if (strncmp(a, "--disable=", 10) == 0)
            set_constructs(a + 10, 0);
        else if (strcmp(a, "--list") == 0) {
            for (int k = 0; k < K_COUNT; k++)
                printf("%-16s %s\n", constructs[k].name, constructs[k].enabled ? "on" : "off");
            return 0;
        } else if (a[0] == '-')
            usage();
        else if (!seed_text)
            seed_text = a;
        else if (!dir)
            dir = a;
        else
            usage();
    }
    if (!seed_text || !dir)
        usage();
    uint64_t seed = strtoull(seed_text, NULL, 10);
    rng_seed(seed);
    setup_interface();
    prog.helpers = new_node(0, "");
    if (on(K_HELPER)) {
        int k = rnd(3);
        for (int i = 0; i < k; i++)
            gen_helper(body_of(prog.helpers), i + 1);
    }
    gen_function();

    prog.in_header = on(K_HEADER) && chance(25);
    FILE *p = open_out(dir, "prog.c");
    write_prog(p, dir, seed);
    fclose(p);
    FILE *c = open_out(dir, "check.c");
    write_check(c, seed);
    fclose(c);
    FILE *ids = open_out(dir, "ids.txt");
    for (int i = 0; i < node_count; i++)
        if (printed[i])
            fprintf(ids, "%d\n", i);
    fclose(ids);
    return 0;
}
