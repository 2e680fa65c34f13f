/* The lifter's shared state: what the files of the libclang front end
 * (frontend.c, lift_*.c) share. Private to them;
 * the driver uses parse.h. */
#ifndef PARGRAD_LIFT_H
#define PARGRAD_LIFT_H

#include "parse.h"
#include "derivs.h"
#include "rev.h"

#include <clang-c/Index.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef struct MacroOps MacroOps;

struct Frontend {
    Arena *a;
    Diags *d;
    CXIndex index;
    CXTranslationUnit tu;
    const char *path;
    char *text;
    PtrVec pragmas;     /* Pragma* */
    PtrVec directives;  /* Pragma* of kind reverse/forward */
    PtrVec omp_private; /* OmpPrivate*: the private(...) clauses of OpenMP's loop pragmas */
    /* The macro invocations of the input, [start, end] offsets in source
     * order, listed when first needed (binop_of). */
    CXFile main_file;
    unsigned (*expansions)[3]; /* start, end, and 1 where it is one token (atomic_expansion) */
    int nexpansions, capexpansions;
    bool expansions_listed;
    PtrVec macro_names; /* every macro's (frontend.c is_macro_name), once asked */
    bool macro_names_listed;
    MacroOps *macro_ops; /* operators inside function-like macros (macro_ops.c) */
    PtrVec user_ops;     /* UserOp*: the declared operators (lift_op.c) */
    PtrVec headers;      /* HeaderText*: the user's headers read so far (file_text) */
    struct StaticWrites *static_writes; /* the static variables code of the file changes
                                         * (lift_global.c), NULL until asked */
    bool gpu;                           /* lifting for --backend=cuda (frontend_for_gpu) */
};

/* Whether a function defined at c is the user's (the input or its own
 * headers, not a system header): pargrad inlines and differentiates it. */
bool user_definition(CXCursor c);
/* ---- environment ---- */
/* ROLE_ACC: a reduce's accumulator, val its contribution so far in the
 * iteration; ROLE_SCAN: a scan's, which the iteration may also read (its
 * value before the iteration, scan_prefix, combined with val). */
typedef enum { ROLE_NORMAL, ROLE_INDEX, ROLE_ACC, ROLE_SCAN } Role;

typedef struct Binding {
    CXCursor decl;
    const char *name;
    bool is_array;
    /* A pointer into buf (a view, `double *row = &A[i * m];`): val is its
     * element offset there, an integer local like any other; buf is NULL
     * until it first points somewhere, or after control flow that leaves
     * it pointing into different arrays (buf_why says which). */
    bool is_view;
    /* an array bound from &p[0] (a helper's argument): q->u is p[0].u,
     * an element's field (points_at_element) */
    bool at_element;
    /* an integer declared as a byte count, E * sizeof(T) (`const size_t
     * bytes = n * sizeof(double);`): E as it was then, sizeof(T), and the
     * value it had (a malloc or memcpy of it counts E elements while it
     * still has it) */
    Operand byte_count, byte_value;
    long long byte_unit;
    const char *buf_why, *buf_hint;
    /* A helper's pointer to a scalar of its caller (`unsigned *state` given
     * `&seed`, `double *mean` given `&mu`): 1 + the caller's binding, whose
     * value `*state` and `state[0]` read and assign; 0 otherwise. */
    int ref;
    /* A helper's pointer parameter its call gives NULL (`wsum(n, x, NULL)`):
     * a view pointing nowhere whose tests for NULL are true, so that the
     * side C does not run is not lifted (lift_expr.c pointer_test). */
    bool null;
    /* An array scanned by rows (scan(OP: acc) over double acc[W], the
     * loops interchanged, lift_scan.c): while one column's scan is lifted,
     * 1 + the scalar binding acc[j] stands for, and j's binding; 0. */
    int row_elem, row_index;
    Type ty;
    Operand val;
    Buffer *buf;
    Role role;
    ReduceOp acc_op;
    UserOp *acc_uop; /* RED_USER */
    /* ROLE_SCAN: the prefix before the iteration; for affine scans, 1 +
     * the hidden binding of the iteration's factor A (val is B: the
     * iteration maps acc to A * acc + B). */
    Var *scan_prefix;
    int scan_factor;
    /* 1 + the index of the barrier of the reduce whose accumulator this is,
     * or of the innermost map/reduce to whose iterations it is private (a
     * scalar declared outside and assigned inside, OpenMP's private habit);
     * 0 for none. */
    int acc_barrier, private_barrier;
    /* Why the binding has no value (val is OPD_NONE), for the diagnostic of
     * a read: NULL when it was never assigned. */
    const char *unset_why;
    /* A local struct: its scalar fields, bound right after this binding
     * (see lift_struct.c); the binding itself has no value. */
    StructFields *shape;
    /* A local struct's arrays (double pos[3] inside it): a local array
     * each, by path (q.pos is q_pos), on the head binding; NULL if none. */
    StructFields *arrays;
    /* A view of rows (double (*X)[m] = (double (*)[m])buf;): the extents
     * of its pointee's dimensions, m (for (*u)[ny][nz], ny and nz) as they
     * were at the declaration; X[i][k] is buf[off + i * m + k]. 0 if not. */
    int rows_nd;
    Operand *rows_dims;
    /* A local array sized at run time (double t[n]): its declaration,
     * whose operands are the sizes C took there (sizeof t reads them). */
    struct Stmt *vla_decl;
} Binding;

typedef enum { BARRIER_LOOP, BARRIER_MAP, BARRIER_REDUCE, BARRIER_CALL } BarrierKind;

typedef struct Barrier {
    BarrierKind kind;
    int floor;     /* bindings below this index are declared outside */
    int stopped;   /* sequential loops with break: the binding of their `stopped` flag, or -1 */
    int skipped;   /* loops with continue: the binding of the iteration's `skipped` flag, or -1 */
    int first_buf; /* the id of the first array declared inside (set by push_barrier) */
} Barrier;

typedef struct ViewPlan ViewPlan;
typedef struct ViewState ViewState;

typedef struct Lift {
    Frontend *fe;
    Arena *a;
    Func *f;
    Body *cur;
    Binding *env;
    int nenv, capenv;
    /* Where each declaration is bound: entries (slot index, hash of the
     * declaration) chained per hash bucket, newest first; see lookup. */
    struct EnvEntry *entries;
    int nentries, capentries;
    int *heads;
    unsigned mask;
    Barrier *barriers;
    int nbarriers, capbarriers;
    CXCursor *inlining; /* the function being lifted, then the helpers inlined into it */
    int ninlining, capinlining;
    int null_views; /* helper pointers bound to NULL so far (Binding.null) */
    /* the variables the function assigns with `=` (found once, for the
     * pointers a malloc initialises: lift_decl.c) */
    CXCursor assigned_in, *assigned;
    int nassigned, capassigned;
    bool assigned_known;
    bool failed;
    /* Trying a form (a canonical loop): a failure is noted in `failed`,
     * not reported, and the caller rolls back; `probe_final` marks one no
     * other form would cure (a loop that never ends), to be reported. */
    bool probing, probe_final;
    /* lifting an operand C may leave unevaluated (an arm of ?:, the right
     * of && or ||): an increment there is reported, not run always */
    int arms;
    bool seen_return;
    Operand ret_val; /* the value of an inlined call's return */
    Type ret_ty;     /* the return type of the function being lifted or inlined */
    /* Returns that lift_early_return cannot split the function at (inside a
     * loop, or in an if that falls through): the bindings of the `returned`
     * flag and of the value returned (-1 for void), or -1 when every return
     * is at a split point. */
    int ret_flag, ret_slot;
    /* An inlined helper returning a struct: 1 + the head slot of the local
     * struct its returns assign (lift_flag_return), or 0. */
    int ret_struct;
    int expr_depth;      /* lift_expr calls in progress */
    PtrVec tables;       /* GlobalTable*: the file's constant arrays read so far, pointers tested */
    PtrVec hist_targets; /* Buffer*: the arrays of the histogram loops being lifted */
    struct HistLoop *hist;    /* the innermost histogram of *, min or max being lifted */
    struct Recurrence *recur; /* the array recurrence y[i] = a * y[i - 1] + b being lifted */
    struct Carrier *carrier;  /* the invertible reduce of a struct being lifted (lift_tuple.c) */
    struct TupleHist *tuple_hist; /* the histogram of structs being lifted (lift_tuple_hist.c) */
    /* A loop just lifted that leaves pointers pointing into arrays that
     * depend on its trip count (see lift_view.c), or NULL. */
    ViewPlan *left_versions;
    /* The choices of arrays (p = c ? a : b;) whose versions are being
     * lifted, each with the branch its version took (ViewFact*): a later
     * choice on the same condition takes the same branch (q = c ? b : a;
     * with p: the other array, never the same one) */
    PtrVec view_facts;
    /* The statement of a statement list being lifted (lift_stmts): a
     * pointer it points into one of two arrays (p = c ? a : b;) versions
     * the statements after it, as an if would. */
    CXCursor cur_stmt;
    /* The values kept calls return (a timer read, printf's count): 1 + the
     * binding numbering them as they run, or 0 where the function has none
     * (see lift_effect); `discarded` is the call a statement makes whose
     * value nothing reads. */
    int kept_calls;
    CXCursor discarded;
} Lift;

/* Lifts something into L->cur (a callback of the statement lifters). */
typedef void (*LiftFn)(Lift *L, void *ctx);

/* The two branches of an if, each lifted by a callback (NULL: nothing),
 * and which of them ends the program (1: then, 2: else, 0: neither). */
typedef struct Branches {
    LiftFn then_fn, else_fn;
    void *then_ctx, *else_ctx;
    int ends;
} Branches;
/* if (cond) then else, at c, the values either branch assigns merged */
void lift_if_by(Lift *L, CXCursor c, Operand cond, const Branches *br);
/* switch (v) { case ...: ... break; ... } as a chain of ifs (lift_switch.c) */
void lift_switch(Lift *L, CXCursor c);

/* A constant array of the file (static const double c[3] = {...};) read by
 * the function: a local copy of its values in the generated code. */
/* What the top of the function declares for its body: a constant table
 * of the file (decl, buf), or a pointer parameter's test for NULL (buf,
 * given) */
typedef struct GlobalTable {
    CXCursor decl;
    Buffer *buf;
    Var *given;
} GlobalTable;
/* The first children of an expression or statement (operands, the parts of
 * a for), and always its last one (a function's body). Calls, whose
 * argument lists have no bound, use all_kids. */
typedef struct Kids {
    CXCursor items[16];
    int n;
    CXCursor last;
} Kids;

typedef struct KidList {
    Arena *a;
    CXCursor *items;
    int n, cap;
} KidList;

/* frontend.c */
Kids kids_of(CXCursor c);
CXCursor var_initialiser(CXCursor decl);
bool same_node(CXCursor c, CXCursor d);
KidList all_kids(Arena *a, CXCursor c);
SrcLoc loc_of(Lift *L, CXCursor c);
const char *cursor_spelling(Lift *L, CXCursor c);
const char *extent_text(Frontend *fe, CXCursor c);
const char *written_text(Frontend *fe, CXCursor c);
const char *written_text_within(Frontend *fe, CXCursor c, CXCursor context);
const char *binop_of(Lift *L, CXCursor c);
/* The diagnostic for an operator binop_of cannot read (inside a macro) */
void operator_unseen(Lift *L, CXCursor c);
const char *unop_of(Lift *L, CXCursor c, bool *postfix);
CXCursor strip_implicit(CXCursor c);
/* c without implicit conversions and C-style casts */
CXCursor strip_casts(CXCursor c);
bool map_type(CXType t, Type *out);
/* The element type of a pointer or array type, with the number of
 * subscripts it takes and whether inner levels are row pointers (T **). */
CXType array_shape(CXType t, int *rank, bool *rows);
void lift_fail(Lift *L, CXCursor at, const char *hint, const char *fmt, const char *arg);
void lift_fail_at(Lift *L, SrcLoc at, const char *hint, const char *fmt, const char *arg);
Builder lift_builder(Lift *L, CXCursor at);
Binding *env_bind(Lift *L, CXCursor decl, const char *name);
Operand array_dim(Lift *L, Buffer *buf, int i);
int env_lookup(Lift *L, CXCursor ref);
int env_named(Lift *L, const char *name);
void push_barrier(Lift *L, Barrier b);
void pop_barrier(Lift *L, int line);
void view_dangles(Lift *L, Binding *b, Buffer *buf, bool call, int line);
/* the hint of a pointer view_dangles leaves pointing nowhere */
extern const char *const dangling_hint;
void push_inlining(Lift *L, CXCursor fn);
Operand *env_snapshot(Lift *L);
/* What has been lifted so far, to undo a form tried on probation. */
typedef struct LiftMark {
    Body *cur;
    int ncur, ntop, nenv, ntables;
    Operand *vals;
    const char **unset_whys;
    struct ViewState *views;
} LiftMark;
LiftMark lift_mark(Lift *L);
void lift_undo(Lift *L, const LiftMark *m);
void lift_mark_free(LiftMark *m);
/* Checks the promises of the parallel loops lifted into b; false (and
 * L->failed) when one is broken. */
bool lift_check_promises(Lift *L, Body *b);

/* lift_expr.c, lift_access.c, lift_assign.c, lift_decl.c: expressions,
 * accesses to arrays, assignments, declarations and inlined helpers */
Operand evaluate_constant(Lift *L, CXCursor c, bool *ok);
Operand binding_value(Lift *L, CXCursor at, int b);
Operand lift_expr(Lift *L, CXCursor c);
/* Whether scope (with the helpers it calls) reads the value of a kept call
 * (`t = omp_get_wtime()`, `if (printf(...) > 0)`). */
bool reads_kept_value(Lift *L, CXCursor scope);
/* Where the function reads kept calls' values, numbers them (Lift.kept_calls). */
void start_kept_calls(Lift *L, CXCursor body);
/* Whether kept calls lifted here are numbered (not inside a parallel loop). */
bool numbers_kept_calls(Lift *L);
PrimOp binop_code(const char *op, bool *ok);
bool is_deref(Lift *L, CXCursor c); /* *p */
bool is_pointer_type(CXCursor c);
bool is_null_pointer(Lift *L, CXCursor c);
Operand lift_read(Lift *L, CXCursor c);
Operand lift_member_read(Lift *L, CXCursor c);
/* Fails: a whole struct where a number is expected. */
void struct_as_value(Lift *L, CXCursor at);
/* Fails: a pointer into the middle of a row of the 2-D array buf. */
Buffer *inside_row(Lift *L, CXCursor at, Buffer *buf);
/* The caller's scalar that `*p` or `p[0]` names when p is a helper's
 * pointer to it; -1 otherwise. */
int scalar_ref_target(Lift *L, CXCursor e);
bool check_assignable(Lift *L, CXCursor c, int b);
void assign_scalar(Lift *L, CXCursor at, int b, Operand v);
/* b = e for a pointer binding b: it becomes a view. */
void point_view(Lift *L, CXCursor at, int b, CXCursor e);
/* p = c ? &a[i] : &b[j] (binding b) as the whole statement `at` of a list:
 * like an if whose branches point p into a and b (the statements after it
 * run once per array); false, with nothing lifted, where its branches point
 * into one array or it is no such choice. */
bool view_choice(Lift *L, CXCursor at, int b, CXCursor e);
Operand lift_inline_call(Lift *L, CXCursor call, CXCursor def, KidList *args);
bool has_kind(CXCursor c, enum CXCursorKind kind); /* c or a node inside it */
Operand scalar_read(Lift *L, CXCursor c, int b);
Operand identity_of(ReduceOp op, const UserOp *u, Type ty);
Operand combine_acc(Lift *L, CXCursor at, ReduceOp op, UserOp *u, Operand acc, Operand e, Type ty);
/* The e of s = (e < s) ? e : s (and mirror images) for rop min or max, or a
 * null cursor. */
CXCursor ternary_extremum(Lift *L, CXCursor r, int b, ReduceOp rop);
/* The same with `s` any expression is_self(L, x, self) accepts. */
typedef bool (*SelfTest)(Lift *L, CXCursor e, const void *self);
CXCursor ternary_extremum_of(Lift *L, CXCursor r, SelfTest is_self, const void *self, ReduceOp rop);
CXCursor extremum_choice(Lift *L, CXCursor cond, CXCursor if_true, CXCursor if_false,
                         SelfTest is_self, const void *self, ReduceOp rop);
bool refers_to(Lift *L, CXCursor e, int binding);
/* The scalar binding e, acc[j] of an array scanned by rows, stands for, or -1. */
int row_element_of(Lift *L, CXCursor e);
Operand lift_assign(Lift *L, CXCursor c, const char *op);
Buffer *lift_view(Lift *L, CXCursor e, Operand *off);
Operand named(Lift *L, CXCursor at, Operand v, const char *name);
/* A zeroed temporary of count elements, allocated here (S_ALLOC) and freed
 * when the generated function returns. */
Buffer *heap_array(Lift *L, SrcLoc loc, const char *name, Type elem, Operand count);
/* p = malloc(...) for a pointer view p: it points at a new temporary */
bool point_view_at_allocation(Lift *L, CXCursor at, int b, CXCursor e);
/* Whether the function declaring d (a variable, a parameter) assigns it
 * with `=` somewhere */
bool reassigned(Lift *L, CXCursor d);
Buffer *lift_subscripts(Lift *L, CXCursor c, Operand *idx, int *nidx);
Operand read_element(Lift *L, CXCursor at, Buffer *buf, const Operand *idx, int n);
Operand write_element(Lift *L, CXCursor at, Buffer *buf, const Operand *idx, int n, Operand v);
/* b = v for a scalar binding, where the enclosing loops allow it. */
void assign_field(Lift *L, CXCursor at, int b, Operand v);

/* frontend.c: the offsets of macro invocation c, if it is one in the main file */
bool main_file_expansion(Frontend *fe, CXCursor c, unsigned *b, unsigned *e);
/* macro_ops.c: the operator of a node of a function-like macro's body, or
 * NULL */
const char *macro_operator(Frontend *fe, CXCursor c);
void free_macro_ops(Frontend *fe);
/* The invocation whose body node c is: its file and offsets there. */
bool macro_body_range(Frontend *fe, CXCursor c, CXFile *file, unsigned *start, unsigned *end);

/* lift_struct.c */
bool is_struct_type(CXType t);
StructFields *struct_shape(Lift *L, CXCursor at, CXType t);
Buffer *pointer_field(Lift *L, CXCursor member, Operand *row);
bool points_at_element(Lift *L, CXCursor e);
Buffer *named_pointer_field(Lift *L, const char *path);
int pointer_field_binding(Lift *L, const char *path);
void lift_struct_param(Lift *L, CXCursor p, Param *pr, int slot, CXType elem, int rank,
                       bool by_value);
int bind_struct_local(Lift *L, CXCursor decl, const char *name, StructFields *sh);
Buffer *lift_member(Lift *L, CXCursor c, Operand *idx, int *n, int *slot);
Operand *struct_values(Lift *L, CXCursor e, int *n);
Operand *lift_struct_call(Lift *L, CXCursor call, int *n);
void assign_struct_local(Lift *L, CXCursor at, int head, CXCursor e);
void lift_struct_assign(Lift *L, CXCursor c, CXCursor lhs, CXCursor rhs);
void lift_struct_decl(Lift *L, CXCursor d, const char *name, CXType t);
void bind_struct_arg(Lift *L, CXCursor param, Operand *vals, int n);
/* lift_global.c */
bool is_file_scope_var(CXCursor decl);
Operand lift_global_scalar(Lift *L, CXCursor ref, CXCursor decl);
Buffer *global_table(Lift *L, CXCursor ref, CXCursor decl);
Operand pointer_given(Lift *L, CXCursor at, Buffer *buf);
/* c as a condition: its value, nonzero where C takes it as true (a
 * pointer parameter: whether it is given) */
Operand lift_truth(Lift *L, CXCursor c);
/* Whether condition c tests a helper's pointer its call gives NULL (its
 * value is then constant, and the side C does not run is not lifted) */
bool tests_null_view(Lift *L, CXCursor c);
void lift_incdec(Lift *L, CXCursor c);
void lift_var_decl(Lift *L, CXCursor d);

/* lift_stmt.c */
void merge_branches(Lift *L, CXCursor at, bool guard, Stmt *s, int n, const Operand *before,
                    const Operand *then_vals, const Operand *else_vals);
Pragma *loop_pragma(Lift *L, CXCursor c);
void start_returns(Lift *L, CXCursor body);
bool end_returns(Lift *L, CXCursor body);
void lift_stmts(Lift *L, CXCursor *v, int n);
void lift_stmt(Lift *L, CXCursor c);

/* lift_view.c: pointers that move between arrays */
struct ViewState {
    Buffer *buf;
    const char *why, *hint; /* when buf is NULL: why, and how to make it known */
};
ViewState *views_snapshot(Lift *L);
void views_restore(Lift *L, const ViewState *snap, int n);
void views_merge(Lift *L, CXCursor at, int n, const ViewState *then_views,
                 const ViewState *else_views);
ViewPlan *plan_views(Lift *L, CXCursor loop, CXCursor scope, LiftFn lift_loop, void *ctx);
bool views_versioned(const ViewPlan *vp);
void lift_in_versions(Lift *L, CXCursor at, ViewPlan *vp, int selector, LiftFn lift, void *ctx,
                      const Operand *ran);
void views_after_loop(Lift *L, ViewPlan *vp, Operand selector, bool exact);
void views_after_if(Lift *L, CXCursor at, Operand cond, int n, const ViewState *then_views,
                    const ViewState *else_views);
bool lift_rest_in_versions(Lift *L, ViewPlan *vp, CXCursor loop, CXCursor *rest, int n, LiftFn lift,
                           void *ctx);
/* A choice of arrays on condition `cond` (p = cond ? a : b;): its key (the
 * condition's text and its variables' values; NULL where it reads memory
 * or assigns), whether an enclosing version decided it (*holds: its
 * value there), and the key of the versions the choice just made */
typedef struct ViewFact ViewFact;
ViewFact *choice_key(Lift *L, CXCursor cond);
bool choice_decided(Lift *L, const ViewFact *key, bool *holds);
void choice_versioned(Lift *L, ViewFact *key);

/* lift_canon.c */
/* Declarations assigned anywhere inside a cursor (scalars a loop body
 * carries), collected by find_assigned (a clang visitor; call it on the
 * cursor itself first) */
typedef struct Assigned {
    Lift *L;
    bool elements;   /* arrays (and pointers) whose elements are assigned count too */
    CXCursor *decls; /* scalars, and pointers assigned as a whole */
    int n, cap;
    PtrVec read_only; /* CXCursor*: &x passed as a pointer to const, no assignment */
} Assigned;
enum CXChildVisitResult find_assigned(CXCursor c, CXCursor parent, CXClientData data);
/* A canonical for loop: the user's counter, the iteration range, the body. */
typedef struct Canon {
    CXCursor index_decl;
    const char *index_name;
    Type index_ty;
    bool outer; /* the counter is declared before the loop: it has a value after it */
    Operand lo, hi;
    Operand first, step, limit;
    bool down;
    Operand exit;         /* the counter after the loop */
    CXCursor counter_ref; /* outer: the reference to it in the loop's start */
    int exit_binding;     /* outer, with break: the carried binding of its value, or -1 */
    CXCursor body;
    /* A scan of rows interchanged (lift_scan.c): the declarations before
     * the inner loop, lifted at the start of each iteration of the body. */
    const CXCursor *prelude;
    int nprelude;
} Canon;
/* Whether c is a canonical loop (cn filled in; false, with a diagnostic,
 * where it is not), and the IR loop of one */
bool canonical_loop(Lift *L, CXCursor c, Canon *cn);
Stmt *loop_stmt(Lift *L, CXCursor c, StmtKind kind, Canon *cn, Pragma *pg);

/* lift_loop.c */
/* Lifts the body of a map or reduce (or a scan's) into s->body. */
void lift_parallel_body(Lift *L, Stmt *s, Canon *cn, BarrierKind bk);
/* The same with the iteration lifted by `iteration` (the index bound). */
void lift_parallel_iteration(Lift *L, Stmt *s, Canon *cn, BarrierKind bk, LiftFn iteration,
                             void *ctx);
int accumulator_binding(Lift *L, Pragma *pg, int i);
int *assigned_views(Lift *L, CXCursor scope, int *n);
bool contains_break(CXCursor c);
bool contains_continue(CXCursor c);
bool contains_return(CXCursor c);
bool returns_by_flag(Lift *L, CXCursor c);
Stmt *if_stmt(Lift *L, CXCursor at, Operand cond);
void lift_under_guard(Lift *L, CXCursor at, Operand cond, bool ends_loop, CXCursor *v, int n);
Operand not_stopped(Lift *L, CXCursor at, int stopped, int skipped, bool returned);
void lift_for(Lift *L, CXCursor c);
/* Loops pargrad builds itself: the body of iteration `index`. */
typedef void (*BuiltIteration)(Lift *L, void *ctx, Operand index);
Stmt *lift_built_range(Lift *L, CXCursor at, Operand lo, Operand hi, const int *carried_b, int nc,
                       BuiltIteration iteration, void *ctx);
/* (over [0, n)) */
void lift_built_loop(Lift *L, CXCursor at, Operand n, const int *carried_b, int nc,
                     BuiltIteration iteration, void *ctx);
void lift_built_map(Lift *L, CXCursor at, CXCursor scope, Operand n, const char *note,
                    BuiltIteration iteration, void *ctx);
/* ---- lift_global.c ---- */
/* Whether decl is a static variable (of the file, or a function's) that
 * no code of the file changes: it keeps its initial value. */
bool unwritten_static(Lift *L, CXCursor decl);
/* ---- lift_mem.c ---- */
/* memcpy(dst, src, bytes) and memset(dst, 0, bytes) as the maps they mean
 * (reported where pargrad cannot follow them); false for other calls. */
bool lift_mem_call(Lift *L, CXCursor c, const char *name, KidList *k);
/* How many elements of esize bytes a size in bytes spans (n where it is
 * n * sizeof(T), else bytes / esize) */
Operand element_count(Lift *L, CXCursor bytes, long long esize);
/* bytes as E * sizeof(T) (factors in any order): E, lifted, and sizeof(T) */
bool bytes_as_count(Lift *L, CXCursor bytes, Operand *count, long long *unit);
/* The loop c over the iterations of cn, as the sequential loop it is. */
void lift_seq_loop(Lift *L, CXCursor c, Canon *cn);
/* tool/lift_carried.c: whether loop s reads the start value of its
 * carried scalar `param`; v's reads that pass it on to nobody become 0 */
bool start_read(Lift *L, Stmt *s, Var *param);
void zero_unread(Body *b, Var *v);
Var *loop_carried_read(Lift *L, Stmt *s, const Operand *except, int nexcept);
/* tool/lift_tuple.c: a reduce or scan of a declared operator on structs,
 * in blocks; false (nothing lifted) with *why set where it does not
 * apply. */
bool lift_tuple_combinator(Lift *L, CXCursor c, Canon *cn, Pragma *pg, UserOp *u, const char **why);
const char *slice_block_terms(Lift *L, Stmt *m, Buffer **keep, int nkeep);
Operand *inline_tuple_op(Lift *L, CXCursor at, const char *fn, Operand *x, Operand *y);
bool carrier_update(Lift *L, CXCursor c, CXCursor lhs, CXCursor rhs);
/* how many times e mentions the binding */
int binding_refs(Lift *L, CXCursor e, int binding);
/* c without implicit conversions and parentheses around it */
CXCursor strip_parens(CXCursor c);
/* tool/lift_tuple_hist.c: a histogram of a declared operator on structs,
 * commutative with an inverse; false (nothing lifted) with *why set where
 * it does not apply */
bool lift_tuple_histogram(Lift *L, CXCursor c, Canon *cn, Pragma *pg, const UserOp *u,
                          const char **why);
bool tuple_bin_update(Lift *L, CXCursor c, CXCursor lhs, CXCursor rhs);
/* `T *p = malloc(n * sizeof(T));` for a struct T: an array per field */
void lift_struct_heap_array(Lift *L, CXCursor d, const char *name, CXType elem, Operand count);
void lift_struct_array_decl(Lift *L, CXCursor d, const char *name, CXType elem, const Operand *dims,
                            int rank);
/* tool/lift_hist.c: the run-time check of a bin index where the number of
 * bins is known */
void hist_bin_check(Lift *L, CXCursor c, Buffer *buf, const char *name, const Operand *idx, int n);
/* The canonical form of loop c, its bounds lifted here; false (nothing
 * lifted, nothing reported) when it has none. */
bool canonical_or_rolled_back(Lift *L, CXCursor c, Canon *cn);
bool for_parts(Lift *L, CXCursor c, CXCursor parts[4]);
const char *pragmas_before(Lift *L, CXCursor c);
void lift_while(Lift *L, CXCursor c); /* while and do loops */

/* lift_op.c: declared operators */
CXCursor frontend_find_function(Frontend *fe, const char *name);
int frontend_declared_ops(Frontend *fe);
UserOp *user_op_of_combine(Frontend *fe, const char *fname);
UserOp *pragma_user_op(Lift *L, Pragma *pg);
CXCursor user_op_update(Lift *L, CXCursor rhs, int b, const UserOp *u);

/* lift_hist.c */
/* False (with *fallback: why) where the loop is to be differentiated as
 * the sequential loop it also is. */
bool lift_histogram(Lift *L, CXCursor c, Canon *cn, Pragma *pg, const char **fallback);
bool is_hist_target(Lift *L, Buffer *buf);
/* h[k] += v, h[k] -= v, h[k] = h[k] + v, h[k] *= v, h[k] = fmin(h[k], v)... on
 * a histogram's array. */
bool lift_hist_if(Lift *L, CXCursor c);
void hist_increment(Lift *L, CXCursor c, Buffer *buf, const Operand *idx, int n, bool down);
void hist_update(Lift *L, CXCursor c, Buffer *buf, const Operand *idx, int n, const char *op,
                 CXCursor lhs, CXCursor rhs);

/* buf[idx] = v, one index */
Stmt *element_write(Lift *L, SrcLoc loc, Buffer *buf, Operand idx, Operand v);
/* lift_scan.c: false when the loop is to run as a sequential loop (an
 * integer scan, which carries no derivative) */
/* False where the loop is to be lifted as the sequential loop instead
 * (*fallback: why, for the output; NULL where no derivative flows
 * through the scan); what was lifted is for the caller to undo. */
bool lift_scan(Lift *L, CXCursor c, Canon *cn, Pragma *pg, UserOp *u, const char **fallback);
Operand scan_value(Lift *L, CXCursor at, int b);
/* acc = a * acc + b (and acc += b, acc *= a) in an affine scan; old, in
 * the array form, is y[i]'s value before the update (NULL otherwise). */
/* A check of pargrad.h's the forward sweep runs where the primal runs the
 * code (pg_bin_check, pg_bound_check, pg_overlap_check): fn(vals...,
 * "WHAT at FILE:LINE"). */
void runtime_check(Lift *L, CXCursor c, const char *fn, const Operand *vals, int nvals,
                   const char *what);
void scan_affine_update(Lift *L, CXCursor c, int b, const char *op, CXCursor rhs,
                        const Operand *old);
/* In the body of scan(affine: y), y[i] = a * y[i - 1] + b: reads of y[i - 1]
 * and the assignment of y[i]; false for other expressions. */
bool recurrence_read(Lift *L, CXCursor c, Operand *out);
bool recurrence_assign(Lift *L, CXCursor c, CXCursor lhs, const char *op, CXCursor rhs);

#endif
