/* The combinator IR: the one central header of pargrad's data structures.
 *
 * A function is a body of statements in A-normal form. Scalars are SSA
 * variables bound once (the generated adjoint code adds mutable variables for
 * adjoints and accumulators, marked `is_mutable`). Arrays are buffers written
 * in place; every statement that writes a buffer is an S_WRITE (or an
 * accumulation S_ACC), so analyses find all writes by walking bodies.
 * Parallel loops are statements with bodies: S_MAP and S_REDUCE. Everything
 * is allocated in an Arena owned by the caller and freed at once. */
#ifndef PARGRAD_IR_H
#define PARGRAD_IR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* ---- memory ---- */
typedef struct ArenaChunk ArenaChunk;
typedef struct Arena {
    ArenaChunk *head;
} Arena;

void *arena_alloc(Arena *a, size_t bytes); /* zeroed */
/* Scratch memory outside the arena; out of memory ends the run with status 1
 * (PRAGMAS.md 6: failed, nothing written). */
void *xmalloc(size_t bytes);
void *xcalloc(size_t n, size_t size); /* zeroed, never NULL for n == 0 */
void *xrealloc(void *p, size_t bytes);
char *arena_strdup(Arena *a, const char *s);
char *arena_printf(Arena *a, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void arena_free(Arena *a);

/* A growable array of pointers, allocated in an arena. */
typedef struct PtrVec {
    void **items;
    int len, cap;
} PtrVec;
void vec_push(Arena *a, PtrVec *v, void *item);
void vec_insert(Arena *a, PtrVec *v, int at, void *item); /* before items[at] */
bool vec_contains(const PtrVec *v, const void *item);     /* v may be NULL */

/* ---- source locations ---- */
typedef struct SrcLoc {
    const char *file;
    int line, col;
} SrcLoc;

/* ---- types ---- */
typedef enum { TY_VOID, TY_BOOL, TY_INT, TY_FLOAT, TY_DOUBLE } TypeKind;

typedef struct Type {
    TypeKind kind;
    const char *cname; /* C spelling for integer types ("int", "long", "size_t") */
} Type;

Type type_double(void);
Type type_float(void);
Type type_int(void);
Type type_bool(void);
Type type_long(void); /* sizes, offsets, tape counts */
bool type_is_float(Type t);
/* unsigned integer types and _Bool */
bool type_is_unsigned(Type t);
bool widening_int_cast(Type from, Type to);
const char *type_cname(Type t);

/* ---- variables, buffers, operands ---- */
typedef struct Var {
    int id;
    const char *name; /* the user's name, or a role such as "t" for temporaries */
    Type ty;
    bool is_mutable;    /* assigned after its declaration (adjoints, accumulators) */
    bool active;        /* set by activity analysis */
    struct Var *adj;    /* the adjoint variable, during reverse mode */
    struct Var *primal; /* for an adjoint variable: whose adjoint it is */
    const char *cname;  /* the emitted name, set by the emitter */
    /* reverse mode: the primal parallel loop that binds it, once accum.c
     * has walked that loop (a base added to its index is not) */
    struct Stmt *bound_in_loop;
} Var;

typedef enum { BUF_PARAM, BUF_LOCAL, BUF_TAPE } BufKind;

typedef struct Operand Operand;
typedef struct StructFields StructFields;

typedef struct Buffer {
    int id;
    const char *name;
    Type elem;
    BufKind kind;
    bool is_const;        /* a `const T *` parameter */
    int rank;             /* number of subscripts in accesses */
    bool row_table;       /* a parameter T **p: rows through pointers, p[i][j] */
    struct Operand *dims; /* rank extents for local arrays; NULL for pointers */
    /* A local array sized at run time (double t[n]): dims is NULL and its
     * declarations (S_DECL) carry the sizes as their operands (decl_dim) */
    bool sized_at_run_time;
    /* A parameter declared with its length, T p[n] or T p[8]: the element
     * count (a parameter or a constant), which bounds every access; a
     * malloc'ed temporary's count; else NULL. */
    struct Operand *extent;
    /* A parameter declared T p[n][m] (rank > 1, no row pointers): each
     * dimension's length, where all are constants or parameters; else NULL. */
    struct Operand *shape;
    /* A parameter declared T (*p)[m] or T p[][m] with a row length known
     * only at run time: its dimensions (the first unknown), which CUDA's
     * flattened accesses use (C++ has no such type); else NULL. */
    struct Operand *row_dims;
    /* A parameter of rank above 1 without row pointers whose dimensions
     * after the first are all declared (T p[][m], T (*p)[m], T p[n][m]):
     * its dimensions, the first OPD_NONE where not declared. Also, on the
     * heap adjoint pargrad keeps for such a parameter, the parameter's:
     * the adjoint is flat, its accesses are flattened. Else NULL. */
    struct Operand *inner_dims;
    const char *param_decl; /* for parameters: the declarator text after the name */
    bool active;            /* set by activity analysis */
    struct Buffer *adj;     /* the adjoint buffer x_b, during reverse mode */
    struct Buffer *primal;  /* for an adjoint buffer: whose adjoint it is */
    bool scalar_ref;        /* `double *s_b` for an active scalar parameter: emitted as *s_b */
    bool is_adjoint;        /* an adjoint array x_b: the reversal's accumulations go into it */
    bool zero_init;         /* local adjoint arrays start at zero */
    /* A local array without initialiser whose elements a save reads: the
     * output declares it zeroed (= {0}), so that a save before the
     * program's first write reads zeros, not garbage (compilers warn, and
     * -Werror builds stop). Only emission looks at it. */
    bool zeroed_for_saves;
    /* The parallel loop of the return sweep whose body declares it, found
     * once per loop (accum.c: its accumulations are the iteration's own) */
    struct Stmt *declared_in_loop;
    bool heap;         /* a malloc'ed temporary (S_ALLOC) */
    bool filled_first; /* S_ALLOC: every element written before any read: not zeroed */
    /* A temporary every reader wants at its last values, in either sweep
     * (a histogram of structs' final bins, lift_tuple_hist.c): its writes
     * are not saved, so the return sweep never restores it. */
    bool never_restored;
    /* Every value read from it goes, through sums and copies only, into
     * writes of its own elements (C[i][j] += A[i][k] * B[k][j]): no
     * derivative needs its values, so its writes are neither saved nor run
     * again in the return sweep, whose re-executions would only add twice
     * (rev_save.c, found per function before the reversal) */
    bool inert;
    const char *cname; /* local arrays: the emitted name in the current scope */
    /* A constant table of the file: its values (row-major, rank dims),
     * emitted as a static const local array; NULL otherwise. */
    const double *table;
    /* Structs are split into their scalar fields, one buffer each (Enzyme's
     * shadow convention keeps the struct type for adjoints). A field buffer
     * names the member path, emitted name[idx].field (name->field at index
     * 0, name.field for a struct passed by value); a whole-struct handle
     * (elem void) lists the field buffers and is never read or written. */
    const char *field;
    bool by_value;
    StructFields *fields;
    /* A pointer field of a struct parameter (fl->u, double *u in the
     * struct): the array it points to, a buffer of its own emitted
     * name->field[idx] (name.field[idx] by value); the adjoint struct's
     * field points to its adjoint array (Enzyme's shadow convention). On
     * the whole-struct handle, pointer_fields lists them. */
    bool through_pointer;
    StructFields *pointer_fields;
    /* A pointer parameter the function tests for NULL (an optional array):
     * its test, bound once at the top (tool/lift_global.c), which code
     * the reversal adds for it is put under (rewrite/optional.c checks) */
    struct Var *given;
} Buffer;

/* The scalar fields of a struct type, flattened ("x", "pos.x"), with one
 * buffer per field for an array of structs; fields of other types
 * (pointers, arrays, unions) are left out and reported where used. */
struct StructFields {
    int n;
    const char **paths;
    Type *types;
    Buffer **bufs;
    bool *to_const;  /* pointer fields: whether each points to const elements */
    long long *lens; /* pointer fields: an array field's length (double w[4]), else 0 */
    /* pointer fields of a struct pointer parameter: the arrays of the
     * elements of an array of them (p[k].u[i], a table of rows), and which
     * of the two forms the function uses (1 p->u, 2 p[k].u) */
    Buffer **row_bufs;
    unsigned char *form;
};

typedef enum { OPD_NONE, OPD_VAR, OPD_CONST } OperandKind;

struct Operand {
    OperandKind kind;
    Var *var;
    double fval;    /* constants of floating type */
    long long ival; /* constants of integer or bool type */
    Type ty;
};

Operand opd_var(Var *v);
Operand opd_float(double f, Type t);
Operand opd_int(long long i);
Operand opd_none(void);
bool opd_is_const(Operand o, double value);
/* The value of a constant, unsigned integers read as unsigned. */
double const_as_double(Operand o);
bool opd_equal(Operand a, Operand b);

/* ---- primitive operations ---- */
typedef enum {
    OP_COPY, /* a */
    OP_NEG,
    OP_ADD,
    OP_SUB,
    OP_MUL,
    OP_DIV,
    OP_MOD, /* integers only, as are the bit operations */
    OP_BITAND,
    OP_BITOR,
    OP_BITXOR,
    OP_SHL,
    OP_SHR,
    OP_BITNOT,
    OP_LT,
    OP_LE,
    OP_GT,
    OP_GE,
    OP_EQ,
    OP_NE,
    OP_AND,
    OP_OR,
    OP_NOT,
    OP_SELECT, /* args[0] ? args[1] : args[2] */
    OP_CAST,   /* to the destination's type */
    OP_CALL,   /* a math.h function, `fn` indexes the derivative table */
    /* A declared operator (`uop`): COMBINE(a, b), its partial in a or in
     * b, and INV(z, b), each a call of a helper the output defines. */
    OP_UOP,
    OP_UOP_D0,
    OP_UOP_D1,
    OP_UOP_INV,
    /* args[0]'s value, through which no derivative flows (a stop-gradient):
     * the other elements of an invertible reduce, INV(r, e), held fixed
     * while e's adjoint is taken (lift_tuple.c). */
    OP_NODIFF,
    /* args[0]'s value with args[1]'s derivatives: a bin of a histogram of
     * structs is the value its forward computed, but its derivative is
     * the invertible rule's, COMBINE(h0, NODIFF(INV(fin, h0))) in h0
     * (lift_tuple_hist.c). Lowered to a copy of args[0] after the reversal,
     * so that args[1] is computed only where an adjoint needs it. */
    OP_DERIV_OF,
    /* No arguments: the number of threads a parallel loop here would run on
     * (1 inside a parallel region, or without OpenMP), for sizing
     * per-thread copies (lift_tuple_hist.c). */
    OP_THREADS,
    /* No arguments: 1 where `buf`, a pointer parameter, is not NULL (an
     * optional array, `if (w != NULL)`), else 0. Bound once at the top of
     * the function; the adjoint of a NULL pointer is NULL too (Enzyme's
     * shadow convention), and only code the same test guards touches it. */
    OP_NOT_NULL,
    /* args[0]: a number of a kept call (EffectArg.kept_number); the value
     * that call returned in the forward sweep, read back where the return
     * sweep runs its code again (simplify.c keep_first_effects). */
    OP_KEPT,
    OP__COUNT
} PrimOp;

const char *primop_name(PrimOp op);

/* ---- statements ---- */
typedef enum {
    S_LET,              /* dst = op(args) */
    S_READ,             /* dst = buf[idx] */
    S_WRITE,            /* buf[idx] = args[0] */
    S_ACC,              /* buf[idx] += args[0], lowered per `acc`: an adjoint accumulation, or
                         * in the primal a histogram's update */
    S_DECL,             /* declares the mutable dst, initialised to args[0]; or the local
                         * array buf (sized at run time: by args[0..rank-1]) */
    S_IF,               /* if (cond) then else; phis merge values */
    S_LOOP,             /* sequential loop; carried scalars explicit */
    S_MAP,              /* parallel loop with independent iterations */
    S_REDUCE,           /* parallel loop combining per-iteration contributions */
    S_PUSH,             /* push args[0] onto the thread's tape */
    S_POP,              /* dst = pop from the tape */
    S_TAPE_PUSH_REGION, /* buf = room for args[0] elements on the tape */
    S_TAPE_POP_REGION,  /* buf = the region of args[0] elements on top of the tape, popped */
    S_COMMENT,          /* a comment line in the emitted code */
    S_RETURN,           /* return args[0] */
    S_BLOCK,            /* a nested scope: body, with `text` as its comment */
    S_ALLOC,            /* buf = zeroed heap array of args[0] elements */
    S_FREE,             /* frees buf */
    S_EFFECT,           /* [dst =] text(effect_args): an inactive call (printf, timers) */
    /* An inclusive scan of scan_op over the hi elements of scan_in[0]
     * (scan_in[0] and scan_in[1] for affine), into buf of hi + 1
     * elements: buf[0] = args[0], buf[k+1] = buf[k] OP in[k]; for affine
     * buf[k+1] = in0[k] * buf[k] + in1[k]. Reversed: buf[hi] = args[0],
     * buf[k] = buf[k+1] OP in[k] from the top down. */
    S_SCAN,
    /* A histogram (reduce-by-index) of scan_op over hi entries: for e in
     * order, if scan_in[1][e] >= 0 (a long key; -1: the update did not
     * run), buf[key] = buf[key] OP scan_in[0][e]. buf holds args[0] bins,
     * updated in place. The + histogram is S_ACC updates instead. */
    S_HIST,
} StmtKind;

/* ACC_HALO: injective in the parallel index at a constant offset, other
 * accumulations into the buffer at other offsets (x_b[i - 1], x_b[i + 1]
 * of a stencil): plain inside each thread's block of iterations, atomic in
 * the iterations at the block's ends a neighbouring block reaches. */
typedef enum { ACC_PLAIN, ACC_ATOMIC, ACC_HALO } AccLowering;

/* RED_AFFINE combines affine functions (x -> a * x + b): the operator of
 * linear recurrences, scans only. */
typedef enum {
    RED_ADD,
    RED_MUL,
    RED_MIN,
    RED_MAX,
    RED_ARGMIN,
    RED_ARGMAX,
    RED_AFFINE,
    RED_USER, /* a declared operator: the statement's or accumulator's `uop` */
} ReduceOp;

/* An operator of `#pragma pargrad declare op(NAME, TYPE, COMBINE, IDENTITY)
 * [commutative] [inverse(INV)]`. The output defines static helpers for it:
 * `helper` (COMBINE lifted and emitted again, since the user's may be
 * static), helper_b (its adjoint), helper_d0 and helper_d1 (its partials)
 * and helper_inv (INV). */
typedef struct UserOp {
    const char *name, *combine, *inverse; /* inverse: NULL when not declared */
    Type ty;
    Operand identity;
    bool commutative;
    /* TYPE is a struct of floating fields: COMBINE is inlined where loops
     * combine with it (tool/lift_tuple.c); `fields` counts them and
     * `identities` holds the identity of each */
    bool tuple;
    int fields;
    const double *identities;
    const char *helper;
    bool used; /* some differentiated code combines with it */
    SrcLoc loc;
} UserOp;

const char *reduce_op_name(ReduceOp op);

typedef struct Stmt Stmt;

/* An argument of an inactive call: a value, or (text) source text that
 * names no local variable (a string literal, stderr). */
typedef struct EffectArg {
    const char *text;
    Operand val;
    /* not an argument: the number under which the forward sweep keeps the
     * call's value for re-executions to read back (OP_KEPT; lift_expr.c
     * number_kept_call), always the last */
    bool kept_number;
} EffectArg;

/* Of a sequential loop: `#pragma pargrad loop stripmine(K)` (K levels of
 * blocks, rev_loop.c; 0 where not asked for or done), `checkpoint(entry:
 * a, b)` (the arrays, Buffer*, saved once before the loop instead of by
 * its iterations; entry_loc where the clause is), `while bound(N)` (N,
 * checked as it runs; none where not given), and its trips in words where
 * a formula would hide them (a strip-mined block's "B"), which are then an
 * upper bound (--report, report.c). */
/* The note of the comment above a loop's entry checkpoint, the saves
 * after it (report.c) */
#define ENTRY_SAVE_NOTE "entry checkpoint"

/* The stretch of an array an S_ACC updates over its loop (Stmt.span) */
typedef struct AccSpan {
    struct Body *pre;    /* lets computing first and last */
    Operand first, last; /* the index at the loop's first and last iteration */
} AccSpan;

typedef struct LoopNotes {
    /* the user's annotation the loop was lifted from (`scan(+ : y)`), for
     * diagnostics, where Stmt.text says what the output shows ("map") */
    const char *annotation;
    int stripmine;
    PtrVec entry;
    SrcLoc entry_loc;
    Operand bound;
    const char *trips;
} LoopNotes;

/* The loop's notes, made where there are none yet. */
LoopNotes *loop_notes(Arena *a, struct Stmt *loop);

/* The user's counter of a loop when it is not the loop's index (for (i =
 * n - 1; i >= 0; i--), i += 2): in iteration k it is first + k * step
 * (first - k * step when down); it stays within [first, limit) going up
 * and [limit, first] going down. trips is the loop's iteration count. */
typedef struct Counter {
    struct Var *var;
    Operand first, step, limit, trips;
    bool down;
    struct Var *blocks_of; /* the counter of a loop with blocks_of (see Stmt) */
} Counter;

typedef struct Body {
    PtrVec stmts; /* Stmt* */
} Body;

/* A value merged at the end of an if: dst = cond ? then_val : else_val. */
typedef struct Phi {
    Var *dst;
    Operand then_val, else_val;
} Phi;

/* A loop-carried scalar of S_LOOP: `param` holds the value at the start of
 * each iteration (init before the first), `yield` the value at its end, and
 * `result` the value after the loop. */
typedef struct Carried {
    Var *param, *result;
    Operand init, yield;
} Carried;

/* One accumulator of S_REDUCE: result = init OP (OP over the iterations of
 * contrib). For RED_ARGMIN/ARGMAX `arg_result` receives the iteration index
 * of the extremum (-1 when the initial value is it). */
typedef struct Accum {
    ReduceOp op;
    Var *result;
    Var *arg_result;
    Operand init, contrib;
    const char *user_name; /* the C variable the user reduces into */
    UserOp *uop;           /* RED_USER */
    /* When set, result takes this value, computed before the reduce, and
     * the reduce (of +) only says how derivatives flow to it: a carrier of
     * the invertible rule for struct operators (lift_tuple.c). Its forward
     * sweep runs no iterations. */
    Operand value;
} Accum;

struct Stmt {
    StmtKind kind;
    PrimOp op;
    SrcLoc loc;
    Var *dst;
    int fn; /* OP_CALL: index in the derivative table */
    int nargs;
    Operand args[3];
    Buffer *buf;
    Operand idx[4];
    int nidx;
    AccLowering acc;
    /* S_ACC: + (RED_ADD, every adjoint's accumulation), or RED_MUL,
     * RED_MIN, RED_MAX: a histogram's update buf[idx] *= args[0],
     * buf[idx] = fmin(buf[idx], args[0]) (rev_hist.c recomputes them) */
    ReduceOp acc_op;
    int acc_nrows;     /* acc_rows' count (here, beside acc_op: no padding between them) */
    long long acc_key; /* S_ACC: how its index depends on the parallel index */
    Var *acc_base;     /* S_ACC: the variable its index adds to that (base + i), or NULL */
    /* S_ACC of a row-major key: the lengths of the rows, outermost first
     * (x_b[(b * C + c) * L + j]: C, L): accesses of other lengths collide */
    struct Operand *acc_rows; /* (acc_nrows of them, in the arena) */
    /* S_ACC at the top of a counted loop's body, its index affine in the
     * loop's: the index at the first and the last iteration, computed by
     * span->pre (emitted before the loop only where a thread's partial sums
     * take the updates: grown once, then plain adds; indices.c); NULL for
     * all other statements (kept apart: statements stay small) */
    struct AccSpan *span;
    const char *text; /* S_COMMENT, and the pragma text kept on parallel loops */
    const char *note; /* what a generated block does ("adjoint", "save"), for comments */
    /* S_COMMENT naming the statements after it (a gather's term), nonzero:
     * its rank, higher for labels around those of lower rank (a gather of
     * terms holding an earlier gather's). Dead code elimination drops a
     * label that names nothing: followed by nothing, by a comment that is
     * no label, or by a label of its rank or higher. */
    int label;
    /* OP_ADD of a pointer's offset into its array and a subscript through
     * the pointer (lift_access.c): where views point is the user's layout,
     * which the map's promise covers (contract.c views_apart); a sum the
     * user wrote in a subscript, y[i + k], is not */
    bool view_sum;
    bool reversed; /* S_LOOP: run from hi-1 down to lo */
    /* S_LET OP_CAST to a narrower integer of a value the primal computed in
     * that type (an induction variable's init + trips * step, rev.c): it
     * loses nothing, so an index through it stays affine (indices.c) */
    bool cast_exact;

    /* S_IF */
    Operand cond;
    Body *then_body, *else_body;
    PtrVec phis; /* Phi* */

    /* S_LOOP, S_MAP, S_REDUCE */
    Var *index;
    Operand lo, hi; /* iterations lo <= index < hi */
    /* Loops whose counter is not the index, and the statement binding the
     * counter in their body (for index bounds). */
    struct Counter *counter;
    /* S_LOOP running one block of the iterations of the S_MAP whose index
     * is blocks_of (tool/lift_tuple.c): over all the map's iterations the
     * blocks cover [whole_lo, whole_hi) once each, so this loop's index
     * tells the map's iterations apart as the map's own does */
    struct Var *blocks_of;
    Operand whole_lo, whole_hi;
    /* S_LOOP without a bound (hi is none): a while or do loop, which ends
     * after the iteration whose `until` (computed in the body) is true;
     * `trips` is the carried result that counts its iterations, the bound
     * of its return sweep. */
    Operand until;
    Var *trips;
    /* S_LOOP: what the user's pragma says of it, and what strip-mining
     * made of it (NULL for most loops: the statements stay small) */
    struct LoopNotes *loop_notes;

    /* S_EFFECT: the arguments (EffectArg*), and a number all copies of
     * one call share: the call runs where the primal runs it (the first
     * copy, in the forward sweep), never again in re-executions. */
    PtrVec effect_args;
    int effect_id;
    bool serial; /* S_MAP/S_REDUCE too small to be worth threads */
    /* S_MAP: fusion keeps it apart from the map before it (a loop of its
     * own runs faster: see sparse_adjoint in rev_hist.c) */
    bool apart;
    /* S_LOOP: iterations that touch nothing in common (a row of bins, each
     * its own): `omp simd` lets the compiler run them as vector lanes */
    bool simd_rows;
    PtrVec simd_sums; /* S_LOOP with simd_rows: Var*, sums added in any order (simd.c) */
    /* S_MAP zeroing an output's seeds after the return sweep (rev.c),
     * trimmed to those the sweep has not zeroed itself (seeds.c) */
    bool seeds_consumed;
    /* S_MAP: the carrier of a histogram of structs (lift_tuple_hist.c): its
     * updates add zeros whose derivatives are the invertible rule's; only
     * its adjoint runs (rev_lower_carriers drops it from forward code) */
    bool carrier;
    /* S_MAP of a + histogram into an array of known length: the array and
     * its length (per-thread copies of the bins where they are few) */
    Buffer *hist_bins;
    Operand hist_nbins;
    /* a second array of as many bins the same map updates by the same
     * operator (the * rule's zero counts beside its products), or NULL */
    Buffer *hist_more_bins;
    /* and of min or max whose updates are in one inner loop over a row
     * (the same trips in every iteration): those trips, for numbering the
     * updates; else none */
    Operand hist_row_trips;
    int tape_pair; /* S_PUSH/S_POP of one value: the same number on both */
    /* S_PUSH/S_POP of a pair in one block of device code (the CUDA
     * backend: local_saves): a local variable, pg_saved_N, not the tape;
     * N here, 0 otherwise */
    int save_local;
    Body *body;
    PtrVec carried; /* S_LOOP: Carried* */
    PtrVec accums;  /* S_REDUCE: Accum* */

    /* S_SCAN and S_HIST: the operator and the input arrays */
    ReduceOp scan_op;
    UserOp *uop; /* RED_USER, and the OP_UOP lets */
    Buffer *scan_in[2];
    /* a reversed S_HIST (the adjoint): the bins' final values (min and
     * max; NULL for *), the bins' adjoints, the values' adjoints */
    Buffer *hist_rev[3];
    /* S_SCAN fused with its neighbouring maps (fuse.c); `body` then lists
     * them, pre first, for the analyses that walk bodies */
    struct ScanFusion *fusion;
};

/* A scan fused with the map before it that computes its terms (pre) and
 * the map after it that reads its prefixes (post), emitted as one parallel
 * region of two passes over blocks of the iterations: pass 1 combines each
 * block's terms, pass 2 runs each block's iterations in order from the
 * value of the blocks before it, as a hand-written parallel scan does.
 * Iteration k (0 <= k < hi) of the scan is iteration lo + k of each map. */
typedef struct ScanFusion {
    Stmt *pre, *post; /* either may be NULL */
    Var *index;       /* k, the index of both maps, which run over [0, hi) */
    /* The terms: `term[q]` receive what pre wrote into scan_in[q]; pre's
     * writes became assignments to them, unless keep_terms. */
    Var *term[2];
    bool keep_terms; /* scan_in stay written (read elsewhere): pass 2 reads them */
    /* term q is read from scan_in[q]: kept, or pre does not compute it */
    bool in_memory[2];
    /* without keep_terms: pre still writes scan_in[q] (in pass 2, beside
     * its term variable), which later code reads (the adjoint of an affine
     * scan reads its factors); pass 1 writes nothing */
    bool stored[2];
    /* pass 1 without keep_terms: pre without its effects, computing only
     * the terms (pre runs in full in pass 2) */
    Body *pre_slice;
    /* post's reads of the prefix before and after its iteration's step
     * became copies of these, which pass 2 defines */
    Var *before, *after;
    bool keep_prefix; /* every element of buf is written (read elsewhere) */
    bool final;       /* only the last prefix (buf[hi], buf[0] reversed) is read elsewhere */
} ScanFusion;

/* ---- functions and programs ---- */
/* A struct parameter: the C declaration that the Params of its fields
 * (consecutive, all named like it) share in the signature. */
typedef struct StructParam {
    const char *name;
    const char *decl;
    const char *type; /* the struct type as declared, for S *s_b */
    bool by_value;
} StructParam;

typedef struct Param {
    const char *name;
    StructParam *group; /* a field of a struct parameter */
    Var *var;           /* scalar parameters */
    Buffer *buf;        /* pointer and array parameters */
    const char *decl;   /* the C declaration as the user wrote it */
    /* declared with brackets, T p[n] (also through a macro: polybench.h's
     * POLYBENCH_1D(x, N, n)), which C++ spells as a pointer */
    bool declared_array;
    struct Param *adj; /* reverse mode: the adjoint parameter that follows it */
} Param;

typedef struct Func {
    const char *name;
    Type ret;
    PtrVec params; /* Param* */
    Body *body;
    SrcLoc loc;
    int next_var_id, next_buf_id, next_effect_id;
    PtrVec type_defs; /* const char*: definitions of the struct types the signature uses */
    bool is_static;   /* a helper of the output (a declared operator's) */
    /* A read of a kept call's value in a re-execution, where the value was
     * not kept (a call inside a parallel loop): simplify.c finds it, the
     * driver reports it. */
    struct Stmt *lost_value;
    /* The lengths parameters are declared with (double h[n * m]) are read
     * by the body alone: accum.c has chosen the per-thread copies, whose
     * reductions print them (fuse.c sets it). Until then dead-code removal
     * keeps their values. */
    bool lengths_settled;
} Func;

/* A request to differentiate: a `reverse(...)` directive or --reverse. */
typedef struct RevRequest {
    const char *func;
    PtrVec wrt;                /* const char* */
    PtrVec out;                /* const char*; "return" for the return value */
    PtrVec wrt_locs, out_locs; /* SrcLoc* of each name, when from a pragma */
    const char *name;
    SrcLoc loc;
} RevRequest;

/* ---- builder ---- */
Body *body_new(Arena *a);
Stmt *stmt_new(Arena *a, StmtKind kind, SrcLoc loc);
/* Lets s and t apply one operation (operator, function, buffer, argument
 * count) into one type: with equal arguments, one value (simplify.c's
 * common subexpressions, contract.c's subscripts). */
bool lets_alike(const Stmt *s, const Stmt *t);
/* buf[idx] = v (one subscript) */
Stmt *stmt_write(Arena *a, SrcLoc loc, Buffer *buf, Operand idx, Operand v);
/* buf[idx] += v (one subscript), lowered per acc */
Stmt *stmt_acc(Arena *a, SrcLoc loc, Buffer *buf, Operand idx, Operand v, AccLowering acc);
/* The operator of a histogram's updates of buf in b (S_ACC of acc_op *,
 * min or max, at any depth), or RED_ADD where there are none. */
ReduceOp body_update_op(Body *b, Buffer *buf);
/* A copy of b in which every statement goes first to leaf, which returns
 * true where it has appended to out what replaces the statement (or
 * nothing, to drop it); the others are kept, those with bodies copied
 * with their bodies rewritten. */
Body *body_rewrite(Arena *a, Body *b, bool (*leaf)(void *ctx, Stmt *s, Body *out), void *ctx);
void body_append(Arena *a, Body *b, Stmt *s);
void body_insert(Arena *a, Body *b, int at, Stmt *s); /* before position at */
bool body_contains(const Body *b, const Stmt *u);     /* u is in b, at any depth */
Var *var_new(Arena *a, Func *f, const char *name, Type ty);
/* Temporaries get this name: not a C identifier, so never a user's. */
#define TEMP_NAME "%t"
bool var_is_temp(const Var *v);
Buffer *buffer_new(Arena *a, Func *f, const char *name, Type elem, BufKind kind);
/* The length of dimension i of the local array a declaration declares. */
Operand decl_dim(const Stmt *decl, int i);
/* A buffer's name for names derived from it: p, or p_pos_x for a field. */
const char *buffer_shown(Arena *a, const Buffer *b);
const char *buffer_label(Arena *a, const Buffer *b);
/* The dimensions of an array whose elements lie flat, row after row: a
 * parameter declared T p[n][m] or T (*p)[m] (or its adjoint), a heap
 * adjoint of one, a local array sized at run time; NULL for others. */
struct Operand *buffer_flat_dims(const Buffer *b);
/* Those, or the declared dimensions of T (*p)[8], T p[][m] (or its
 * adjoint's): an array whose rows follow each other, addressable from its
 * first element; NULL where not known. */
struct Operand *buffer_run_dims(const Buffer *b);
/* name with the dots of a struct field's path made underscores. */
const char *ident_of(Arena *a, const char *name);

/* Emits `dst = op(args...)` into body and returns dst. */
Var *emit_let(Arena *a, Func *f, Body *b, SrcLoc loc, const char *name, Type ty, PrimOp op,
              int nargs, Operand x, Operand y, Operand z);
Var *emit_call(Arena *a, Func *f, Body *b, SrcLoc loc, const char *name, Type ty, int fn, int nargs,
               Operand x, Operand y);

/* Builds statements at the end of a body, folding trivial arithmetic
 * (x * 1, x + 0, ...) so that generated code stays readable. */
typedef struct Builder {
    Arena *a;
    Func *f;
    Body *b;
    SrcLoc loc;
} Builder;

Operand b_op(Builder *bd, PrimOp op, Type ty, Operand x, Operand y);
Operand b_add(Builder *bd, Operand x, Operand y);
Operand b_sub(Builder *bd, Operand x, Operand y);
Operand b_mul(Builder *bd, Operand x, Operand y);
Operand b_div(Builder *bd, Operand x, Operand y);
Operand b_neg(Builder *bd, Operand x);
Operand b_cmp(Builder *bd, PrimOp op, Operand x, Operand y);
Operand b_select(Builder *bd, Operand c, Operand x, Operand y);
Operand b_call(Builder *bd, int fn, Operand x, Operand y);
/* A declared operator's combine, partial (OP_UOP_D0/D1) or inverse. */
Operand b_uop(Builder *bd, PrimOp op, UserOp *u, Operand x, Operand y);
Operand b_threads(Builder *bd);
Operand b_cast(Builder *bd, Type ty, Operand x);
Operand b_fconst(double v, Type ty);
/* dst = dst + v for a mutable dst. */
void b_accumulate(Builder *bd, Var *dst, Operand v);
void b_comment(Builder *bd, const char *text);

/* A copy of the statements of b with fresh variables for everything they
 * bind (an SSA copy, to run the same computation in a second loop);
 * variables bound outside b stay. */
Body *body_clone(Arena *a, Func *f, Body *b);

/* The + accumulations into one element of an array in b (that of
 * `like`, an accumulation into it) added into a scalar instead, in a
 * register: `body` is b so rewritten, `decl` declares the sum (0), `store`
 * adds it into the element, as `like` did. */
typedef struct ElementSum {
    Var *sum;
    Stmt *decl, *store;
    Body *body;
} ElementSum;
ElementSum sum_in_register(Arena *a, Func *f, Body *b, Stmt *like);

/* ---- traversal helpers ---- */
/* Calls visit for every operand a statement reads (not those of nested bodies). */
typedef void (*OperandVisitor)(Operand *o, void *ctx);
void stmt_visit_operands(Stmt *s, OperandVisitor visit, void *ctx);
void stmt_visit_header(Stmt *s, OperandVisitor visit, void *ctx);
void stmt_visit_tails(Stmt *s, Body *b, OperandVisitor visit, void *ctx);
/* The variables a statement binds in the enclosing scope (dst, phis, results). */
int stmt_defs(Stmt *s, Var **out, int max);
/* The most variables stmt_defs can return for s: a max that loses none. */
int stmt_defs_bound(const Stmt *s);
/* All of them, in an array the caller frees (*n of them). */
Var **stmt_all_defs(Stmt *s, int *n);
/* Those and what it binds inside itself: a loop's carried scalars and its
 * index (its statement's own variables, in that order). */
Var **stmt_all_bound(Stmt *s, int *n);
/* True if an operand of b (at any depth) is one of vars (Var*). */
bool body_refers_to(Body *b, PtrVec *vars);
/* The statements of b at any depth. */
int body_count_stmts(Body *b);
/* True if `b` (at any depth) reads `buf`. */
bool body_reads_buffer(Body *b, Buffer *buf);
bool body_updates_buffer(Body *b, Buffer *buf);
bool body_writes_buffer(Body *b, Buffer *buf);
/* Whether b declares buf (S_DECL, S_ALLOC) at any depth: its scope. */
bool body_declares(Body *b, Buffer *buf);
/* Whether b declares the mutable scalar v (S_DECL) at any depth */
bool body_declares_scalar(Body *b, Var *v);
bool stmt_reads_buffer(Stmt *s, Buffer *buf);
/* The buffers s itself reads, not its bodies (out: six at most, NULL
 * among them where s has none there); returns how many it wrote. */
int stmt_reads_here(const Stmt *s, Buffer *out[6]);
bool stmt_writes_buffer(Stmt *s, Buffer *buf);
/* The let or read of b (at any depth) binding v, or with phi the if
 * whose phi (*phi) it is; NULL where nothing in b binds it, or something
 * else does (*other: a loop's index, a phi without phi). */
Stmt *binding_in(Body *b, Var *v, Phi **phi, bool *other);
/* o is the same in every iteration of a loop over `index` with body b:
 * bound outside b, or computed in b from such values (lets without calls,
 * with `reads` also reads of arrays b does not write). */
bool same_each_iteration(Body *b, Var *index, Operand o, bool reads, int depth);
/* o is a constant or a variable nothing in b binds (no let, read, phi or
 * loop index of b's) */
bool bound_outside(Body *b, Operand o);
/* A sequential loop over [lo, hi) that runs every trip, its index the
 * counter (no while condition, counter or block of a map's iterations) */
bool is_counted_loop(const Stmt *s);
/* A histogram's key check, pg_bin_check(bin, nbins, where) */
bool stmt_is_bin_check(const Stmt *s);
/* s or a statement in it frees buf */
bool stmt_frees_buffer(Stmt *s, Buffer *buf);
bool stmt_writes_any(Stmt *s);
/* A push or pop of the tape (a value or a region): its order is the tape's */
bool stmt_uses_tape(const Stmt *s);
/* A kept call whose value is kept by number, or a read of such a value
 * (pg_keep, pg_kept: with the tape in the runtime) */
bool stmt_keeps_value(const Stmt *s);
/* The number argument of a kept call whose value is kept (EffectArg.kept_number), or NULL */
EffectArg *kept_number_of(const Stmt *s);

/* ---- printing and verification ---- */
void ir_print_func(FILE *out, Func *f);

/* ---- report.c ---- */
/* Puts above each sequential loop of f that keeps values on the tape a
 * comment saying what one iteration keeps and a formula of the bytes, and
 * prints the same lines, FILE:LINE: FUNC: loop: ..., to out (unless NULL). */
void report_tape(Arena *a, Func *f, FILE *out);
/* Returns the number of problems found and prints each to `err`. `ssa`
 * requires every variable to be bound once (the lifted form). */
int ir_verify(FILE *err, Func *f, bool ssa);

#endif
