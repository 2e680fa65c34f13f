/* The grammar of `#pragma pargrad ...` lines (PRAGMAS.md sections 1-4). */
#ifndef PARGRAD_PRAGMA_H
#define PARGRAD_PRAGMA_H

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

typedef struct Pragma {
    PragmaKind kind;
    SrcLoc loc;       /* of the word after `pargrad` */
    const char *text; /* everything after `pargrad`, as written */
    /* reduce/scan/histogram: the operator and the variables */
    ReduceOp op;
    bool op_given;
    PtrVec vars;     /* const char* */
    PtrVec var_locs; /* SrcLoc* of each variable */
    /* reverse/forward */
    RevRequest req;
    /* the line of the statement the pragma applies to (loop pragmas) */
    int target_line;
    bool attached;
} Pragma;

/* Parses the text after `#pragma pargrad`; `loc` locates its first character.
 * Reports problems to d and returns false. */
bool pragma_parse(Arena *a, Diags *d, const char *text, SrcLoc loc, Pragma *out);

/* Finds every `#pragma pargrad` line of a source text and parses it. Loop
 * pragmas get the line of the next code line as target_line. */
int pragma_scan_file(Arena *a, Diags *d, const char *path, const char *text, PtrVec *out);

#endif
