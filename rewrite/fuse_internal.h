/* What the files of loop fusion (fuse.c, fuse_scan.c) share. */
#ifndef PARGRAD_FUSE_INTERNAL_H
#define PARGRAD_FUSE_INTERNAL_H

#include "rev.h"

typedef struct Fuse {
    Arena *a;
    Func *f;
    Stmt **def; /* per variable id: the immutable let binding it */
    int nvars;
    struct Index *index; /* where statements are, during scan fusion */
    /* per variable id: bound by fusion to a map's index converted back to
     * its own type (in range: that index ran over the same iterations) */
    unsigned char *rebind;
    /* per variable id: defined inside the map inside_of (shared_by_iterations
     * asks of one map at a time; touches() starts afresh, as bodies change) */
    unsigned char *inside;
    int ninside;
    Stmt *inside_of;
    /* per buffer id, over the whole function (scan fusion asks for every
     * candidate; a fusion changes them): the statements writing it, those
     * at the top level, whether one accumulates; valid until a fusion */
    int *writes, *top_writes;
    unsigned char *acc_writes;
    bool writes_valid;
} Fuse;

/* The element iteration k of map m touches: stride * (base + k) + delta,
 * plus extra, a value every iteration shares (none mostly): x[i],
 * x[i + 1], and the columns of rows, x[i * w + j] in a map over i. The
 * stride is never 0, so each iteration has its own element. */
typedef struct Place {
    Operand base;
    long long delta, stride;
    Operand extra;
} Place;

/* How a body touches one buffer, relative to a map's iterations. */
typedef struct Touch {
    Fuse *F;
    Stmt *m;
    Buffer *buf;
    bool any, writes;
    bool scattered; /* some access is not at one element of the iteration */
    bool nested;    /* some access is inside a loop of the body */
    bool have;
    Place place; /* the one element every access touches */
} Touch;

/* A set of statements, by address. */
typedef struct StmtSet {
    Stmt **slots;
    size_t cap, len;
} StmtSet;

/* Per statement: the body holding it and that body's owner (NULL for the
 * function's); per buffer: the statements touching it themselves
 * (accesses, scans, histograms, its allocation and free). Built once per
 * phase, so that a question about one buffer costs its own uses, not the
 * function's size. Rewrites only take touches away (an access becoming a
 * scalar's), so a use is checked again where it is read. */
typedef struct Index {
    Stmt **keys;
    Body **in;
    Stmt **owner;
    size_t cap;
    PtrVec *uses; /* per buffer id: Stmt* */
    int nbufs;
    StmtSet dropped; /* allocations and frees to take out in one sweep */
} Index;

/* values and places (fuse.c) */
void note_defs(Fuse *F, Body *b);
/* Bytes of a signed integer type, 0 for others (whose casts may change a
 * value). */
int signed_width(Type t);
/* The immutable let binding o, if any. */
Stmt *value_def(Fuse *F, Operand o);
/* o without copies, widening casts and `(x - c) + c`. */
Operand peel(Fuse *F, Operand o);
/* x and y certainly hold the same integer value. */
bool same(Fuse *F, Operand x, Operand y, int depth);
bool is_zero(Fuse *F, Operand o);
bool same_trips(Fuse *F, Operand lo1, Operand hi1, Operand lo2, Operand hi2);
Place place_at(Operand base, long long delta);
bool plain_place(Place p);
bool place_of(Fuse *F, Stmt *m, Operand o, Place *p);
bool same_place(Fuse *F, Place x, Place y);
Touch touches(Fuse *F, Stmt *m, Body *b, Buffer *buf);

/* statements (fuse.c) */
void declared_vars(Arena *a, Body *b, PtrVec *out);
/* Statements whose order against other iterations is observable: they
 * keep a map from being fused. */
bool body_has_barrier(Body *b);
/* A map that may take part in a fusion. A perfectly nested one keeps its
 * shape (OpenMP collapses it). */
bool fusible_map(Stmt *s);
/* Every array one of the maps writes and the other touches is touched by
 * both only at one element of the iteration, the same one; neither reads
 * a scalar the other sums into. */
bool independent_but_same_element(Fuse *F, Stmt *x, Stmt *y);
/* The statements strictly between positions from and to of b: those that
 * can run before the fused statement go to `before`, frees of what the
 * later part does not touch to `after`. `earlier` are the statements
 * fused from before them: the moved ones must not read what those write
 * or assign, except a read of the element past a map's last (the scan's
 * seed, read before its scan). */
bool split_between(Fuse *F, Body *b, int from, int to, Stmt **earlier, int nearlier, Stmt **later,
                   int nlater, PtrVec *before, PtrVec *after);
/* Replaces positions from..to of b by before, the fused statement, after
 * (which come from those positions: the body only shrinks), in place. */
int splice(Body *b, int from, int to, PtrVec *before, Stmt *fused, PtrVec *after);
/* The body of m run as iteration k of another loop whose first
 * iteration is k_lo: m's index bound first, then m's statements. */
void append_iteration(Fuse *F, Body *out, Stmt *m, Operand k, Operand k_lo);
bool movable_kind(Stmt *s);

/* sets and the index of where statements are (fuse.c) */
void set_add(StmtSet *set, Stmt *s);
bool set_has(const StmtSet *set, const Stmt *s);
/* The statements touching b now. */
PtrVec uses_of(Fuse *F, Index *x, Buffer *b);
bool is_temp_array(Buffer *b);
void refresh_defs(Fuse *F);

/* seeds.c: trims the maps that zero outputs' seeds at the end to the
 * elements the return sweep has not zeroed itself (after fusion) */
void trim_consumed_seeds(Fuse *F);
/* fuse_scan.c */
/* The return sweep reads a scan's prefixes from the output the map after
 * it writes them into (y[i] = acc after acc OP= t), where it does. */
void prefixes_from_outputs(Fuse *F);
void fuse_scans(Fuse *F, Body *b);

#endif
