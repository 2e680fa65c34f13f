/* The grammar of `#pragma pargrad ...` lines (PRAGMAS.md sections 1-4). */
#ifndef PARGRAD_PRAGMA_H
#define PARGRAD_PRAGMA_H

#include <stdint.h>

#include "diag.h"
#include "ir.h"

typedef enum {
    PG_MAP,
    PG_REDUCE,
    PG_SCAN,
    PG_HISTOGRAM,
    PG_SCATTER,
    PG_REVERSE,
    PG_FORWARD,
    PG_LOOP,
    PG_WHILE,
    PG_DECLARE,
    PG_DERIVATIVE,
} PragmaKind;

/* An integer expression of `while bound(...)`: op 0 a constant (val) or a
 * name (name), else '+', '-' or '*' of l and r. */
typedef struct BoundExpr {
    char op;
    long val;
    const char *name;
    SrcLoc loc;
    struct BoundExpr *l, *r;
} BoundExpr;

typedef struct Pragma {
    PragmaKind kind;
    SrcLoc loc;       /* of the word after `pargrad` */
    const char *text; /* everything after `pargrad`, as written */
    /* reduce/scan/histogram: the operator and the variables */
    ReduceOp op;
    bool op_given;
    const char *op_name; /* RED_USER: the declared operator's name, and where */
    SrcLoc op_loc;
    PtrVec vars;     /* const char* */
    PtrVec var_locs; /* SrcLoc* of each variable */
    /* reduce(min: lo) reduce(max: hi), clauses of +, *, min and max: each
     * variable's ReduceOp (as intptr_t); empty for one clause, whose
     * operator is op */
    PtrVec var_ops;
    /* reverse/forward */
    RevRequest req;
    /* declare op: the operator, as far as the pragma tells (the frontend
     * checks the type and the functions against the file) */
    UserOp *decl_op;
    const char *type_name;
    double identity;
    /* a struct operator's {c1, c2, ...}: the constants and how many (0:
     * one number) */
    double *identities;
    int nidentity;
    SrcLoc type_loc, combine_loc, inverse_loc;
    /* loop stripmine(K): K (0 where not given); checkpoint(entry: a, b):
     * the arrays, and where each is named */
    int stripmine;
    SrcLoc stripmine_loc;
    PtrVec entry_vars, entry_locs;
    /* while bound(N): N, integer constants and variables' names under
     * + - * and parentheses */
    struct BoundExpr *bound;
    SrcLoc bound_loc;
    /* where the statement the pragma applies to starts (loop pragmas) */
    int target_line, target_col;
    bool attached;
    /* map, scatter or reduce whose promise pargrad could not check (a
     * read and a write of one array at unrelated subscripts): why; the
     * loop is then lifted as the sequential loop it means without it */
    const char *sequential_why;
    /* a warning said the loop is differentiated as a sequential loop (once:
     * a function is lifted again after a doubt, a helper once per call) */
    bool fallback_warned;
} Pragma;

/* Parses the text after `#pragma pargrad`; `loc` locates its first character.
 * Reports problems to d and returns false. */
bool pragma_parse(Arena *a, Diags *d, const char *text, SrcLoc loc, Pragma *out);

/* The operator of a reduce's i-th variable. */
static inline ReduceOp pragma_var_op(const Pragma *p, int i) {
    return p->var_ops.len ? (ReduceOp)(intptr_t)p->var_ops.items[i] : p->op;
}

/* Lines the preprocessor skips (`#if 0` ... `#endif`): pragmas there are
 * not the program's. */
typedef struct SkippedLines {
    int *first, *last;
    int n;
} SkippedLines;

/* The file's object-like macros whose value is an integer (`#define
 * MAX_IT 50`): a pragma's `bound(MAX_IT)` or `stripmine(K)` means the
 * value, as the compiler reads `#pragma omp` lines. */
typedef struct MacroConstants {
    PtrVec names, values; /* const char* */
} MacroConstants;

/* The arrays an OpenMP loop pragma makes private to its threads,
 * `#pragma omp parallel for private(k, t)`, and the loop it applies to. */
typedef struct OmpPrivate {
    int target_line, target_col;
    PtrVec names; /* const char* */
} OmpPrivate;

/* Finds every `#pragma pargrad` line of a source text (outside comments and
 * skipped lines), puts the macro constants' values for their names, and
 * parses it. Loop pragmas get the position of the next code as target_line
 * and target_col. The `#pragma omp` lines with a private(...) clause go to
 * omp_private (OmpPrivate*). */
int pragma_scan_file(Arena *a, Diags *d, const char *path, const char *text,
                     const SkippedLines *skip, const MacroConstants *consts, PtrVec *out,
                     PtrVec *omp_private);

#endif
