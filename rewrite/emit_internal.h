/* What the emitter's files share (emit_c.c, and emit_scan.c for fused
 * scans): the emitter's state and the helpers that print names, lines,
 * operands and bodies. Not for the rest of pargrad: emit.h is the
 * emitter's interface. */
#ifndef PARGRAD_EMIT_INTERNAL_H
#define PARGRAD_EMIT_INTERNAL_H

#include "emit.h"
#include "rev.h"

typedef struct NameCount {
    const char *name;
    int count; /* times on the names stack */
    int hint;  /* unique_name: base_1 ... base_(hint-1) are all in use */
    struct NameCount *next;
} NameCount;

/* Where each line of a text starts, found once per text. */
typedef struct LineStarts {
    const char *text;
    const char **start;
    int n;
} LineStarts;

typedef struct Emitter {
    FILE *out;
    const EmitOptions *opt;
    Arena a;
    PtrVec names;           /* cnames in use in this function, innermost scope last */
    NameCount **name_table; /* the same names, counted, by hash */
    unsigned name_mask;
    int name_entries;
    LineStarts input_lines, header_lines; /* for comments: the input's, the last header's */
    int ntemps;
    int depth;
    /* --line-directives: the #line due before the next line written (the
     * statement's first; statements that write nothing leave none) */
    const char *line_file;
    int line_no;
    bool in_parallel;
    Buffer *private_bins;      /* a histogram's bins the threads hold copies of: no atomics */
    Buffer *private_more_bins; /* and its second array of bins, if any */
    bool terms_only;           /* a fused scan's pass 1: its terms, not what the iterations use */
    const char *halo_edge;     /* in a halo map: the flag of its blocks' ends (emit_halo_map) */
    struct Lanes *lanes;       /* in a map emitted as vector lanes (emit_lanes.c) */
    bool one_thread;           /* in the one-thread copy of a loop: no atomics */
    bool many_threads;         /* in the copy of a loop for several threads */
    PtrVec *named;             /* Var*: those var_name names, while a body is copied */
    /* in a loop whose threads add into partial sums of their own
     * (emit_partials_map): the arrays (Buffer*) and their partials' names */
    PtrVec partials, partial_names;
    /* in a loop whose updates of them were given a span (indices.c): the
     * updates (Stmt*) and the names of their pointers into the partials */
    PtrVec spans, span_names; /* a name NULL: in the copy without that span */
    /* a sequential loop emitted twice (emit_spanned) whose carried scalars
     * are declared once before both copies: they are its results after */
    Stmt *carried_declared;
    Stmt *collapsed; /* the inner map of the last `collapse(2)` */
    /* --backend=cuda: in a kernel's grid-stride loop (its iterations on
     * threads of their own: shared updates are atomicAdd), and the
     * expression a return stores its value into */
    bool cuda_grid;
    Body *cuda_grid_body; /* the body of the loop whose iterations are the threads */
    const char *cuda_return;
    /* in a one-thread kernel: its local arrays sized at run time (Buffer*),
     * on the heap, each through one pointer its declarations grow, and the
     * names of their capacities */
    PtrVec cuda_heap, cuda_heap_caps;
    /* in a grid kernel: those of cuda_heap whose sizes the host knows,
     * each thread's from a pool the host allocates (no malloc per thread) */
    PtrVec cuda_pooled;
    Func *func;
    /* per variable id */
    int nvars;
    int *defs, *uses;
    Body **def_body, **use_body;
    Stmt **def_stmt;
    unsigned char *inlined;
    unsigned char *next_use; /* used by the statement right after its definition */
    /* per buffer id: some statement reads an element (a tape region the
     * adjoint reads nothing of is popped unnamed) */
    int nbufs;
    unsigned char *buf_read;
    /* per variable id, cleared after each use: bound in the loop being
     * emitted (emit_loop_one_thread_copy) */
    unsigned char *bound_mark;
} Emitter;

/* ---- OpenMP clauses ---- */
typedef struct Clauses {
    PtrVec declared; /* vars declared inside the loop */
    PtrVec summed;   /* outer vars updated with += inside */
    bool atomics;
    bool unsafe_simd; /* tape operations, nested loops with state */
    bool calls;       /* math calls: clang cannot vectorise them (and warns) */
} Clauses;

/* names */
const char *unique_name(Emitter *e, const char *base, bool numbered);
const char *var_name(Emitter *e, Var *v);
const char *buf_name(Emitter *e, Buffer *b);
void names_pop_to(Emitter *e, int scope);
/* A body emitted more than once (a loop and its copy for one thread, a
 * histogram's copies, lane groups and shared rows): each later copy names
 * its variables afresh, in its own scope, as the first did; names cached
 * by the first would not be in use there, and a name made for a later one
 * could take them. */
typedef struct CopyNames {
    PtrVec named;
    PtrVec *outer;
} CopyNames;
void copy_names_begin(Emitter *e, CopyNames *c);
/* a loop's work for the runtime's one-thread and threads tests: its trips
 * times its iterations' weight (emit_par.c) */
void emit_trips(Emitter *e, Stmt *s);
/* what one iteration does, roughly, for the decision (less where threads
 * cost more than a region's start) */
long threads_weight(Emitter *e, Stmt *s);
void copy_names_forget(Emitter *e, CopyNames *c); /* before the second copy */
void copy_names_end(Emitter *e, CopyNames *c);
bool name_taken(Emitter *e, const char *n);
void names_push(Emitter *e, const char *n);
/* lines */
void indent(Emitter *e);
void line(Emitter *e, const char *text);
void close_block(Emitter *e);
void source_comment(Emitter *e, SrcLoc loc, const char *note);
/* emit_expr.c: operands and expressions */
void emit_operand(Emitter *e, Operand o);
void emit_operand_top(Emitter *e, Operand o); /* without the outer parentheses */
void print_const(Emitter *e, Operand o);
void emit_expr(Emitter *e, Stmt *s);
void emit_access(Emitter *e, Buffer *b, Operand *idx, int n);
/* b as a pointer to its first element (emit_flat_base), and element idx
 * as an offset from it (emit_flat_element) */
void emit_flat_base(Emitter *e, Buffer *b);
void emit_flat_element(Emitter *e, Buffer *b, Operand *idx, int n);
void plan_inlining(Emitter *e, Func *f);
const char *extremum_name(Emitter *e, bool is_min, Type ty);
/* The identity of an operator (a declared one's, uop's) (emit_scan.c) */
void emit_reduce_identity(Emitter *e, ReduceOp op, UserOp *uop);
void emit_body(Emitter *e, Body *b);
/* b's statements in the current scope (their names stay taken) */
void emit_stmts(Emitter *e, Body *b);
void emit_stmt(Emitter *e, Stmt *s);
void emit_loop_header(Emitter *e, Stmt *s); /* for (...) { of a loop or map */
/* the right-hand side of a let, a read or a scalar declaration */
void emit_value_of(Emitter *e, Stmt *s);
/* OpenMP clauses */
void collect_clauses(Emitter *e, Body *b, Clauses *c);
void emit_outer_reductions(Emitter *e, Clauses *c);
bool body_has_effects(Body *b);
/* emit_par.c: parallel loops and the updates inside them */
void emit_map(Emitter *e, Stmt *s);
void emit_reduce(Emitter *e, Stmt *s);
void emit_scan(Emitter *e, Stmt *s);
void emit_hist(Emitter *e, Stmt *s);
bool shared_update(Emitter *e, Stmt *s);
void emit_update(Emitter *e, Stmt *s);
void emit_extremum_update(Emitter *e, Stmt *s);
void emit_halo_accumulate(Emitter *e, Stmt *s);
/* an update through the thread's partial sums of its array, if it has them */
bool emit_partial_add(Emitter *e, Stmt *s);
/* partial sums in a region the caller opens (a fused scan's): the arrays
 * and a comment, their declarations inside it, their sums added in at its
 * end */
bool region_partials(Emitter *e, Body **bodies, int n, PtrVec *bufs);
void declare_partials(Emitter *e, PtrVec *bufs);
void combine_partials(Emitter *e);
/* A loop whose updates of a thread's partial sums have spans: the sums
 * grown once before it, then the loop (by emit) twice, with plain updates
 * where the sums hold the spans and through pg_partial_*_add elsewhere. */
void emit_spanned(Emitter *e, Stmt *loop, void (*emit)(Emitter *, Stmt *));
/* `T param = init;` for each carried scalar of a sequential loop, whose
 * result takes the parameter's name */
void declare_carried(Emitter *e, Stmt *s);
Stmt *declare_carried_once(Emitter *e, Stmt *loop);

void emit_type_defs(FILE *out, Func **funcs, int nfuncs);
void emitter_release(Emitter *e); /* what plan_inlining and the emission allocated */
/* `const double *x` -> `double *x_b`: the primal declaration with `const`
 * dropped and the name replaced (NULL where the name is not in it) */
const char *adjoint_decl(Emitter *e, const char *decl, const char *name, const char *adj_name);
void emit_effect_includes(FILE *out, Func **funcs, int nfuncs);

/* emit_cuda.c: an update of an element the grid's threads share, and a
 * return inside a kernel */
void emit_cuda_atomic_update(Emitter *e, Stmt *s);
void emit_hist_operands(Emitter *e, Stmt *s);
/* The tape functions' name for a value of type t: pg_push_double, ... */
const char *tape_kind(Type t);
void emit_cuda_return(Emitter *e, Stmt *s);
/* before loop s in device code: its iterations' pushes reserved on the tape */
void emit_cuda_tape_reserve(Emitter *e, Stmt *s);
/* (emit_c.c) marks the variables s binds or sets, at any depth (on), or
 * clears them; o known before a statement whose bound variables are marked */
void mark_bound(Stmt *s, unsigned char *mark, int nvars, bool on);
bool known_before(Emitter *e, const unsigned char *bound, Operand o);
/* what device code calls for a kept call fn (NULL: nothing, not supported) */
const char *cuda_device_call(const char *fn);
/* the declaration of a local array sized at run time (on the heap) */
void emit_cuda_heap_array(Emitter *e, Stmt *decl);

/* emit_scan.c: a scan fused with its maps (ScanFusion), one parallel
 * region of two passes */
void emit_fused_scan(Emitter *e, Stmt *s);
const char *fused_scan_note(Emitter *e, Stmt *s);
/* The CUDA backend's passes of a fused scan, one iteration each (emit_scan.c) */
const char *gpu_scan_label(Emitter *e, Stmt *s);
void emit_gpu_scan_terms(Emitter *e, Stmt *s, Body *terms_body, const char *terms);
void emit_gpu_scan_start(Emitter *e, Stmt *s, const char *n);
void emit_gpu_scan_iteration(Emitter *e, Stmt *s, const char *prefix, const char *n);

/* emit_lanes.c: a map of a few iterations around scans, its iterations
 * run side by side as vector lanes */
typedef struct Lanes Lanes;
bool emit_lane_map(Emitter *e, Stmt *m);
bool lanes_at_top(Emitter *e); /* in such a map, outside its lane loops */
long lanes_width(Emitter *e);
const char *lane_count(Emitter *e);
const char *lane_index(Emitter *e);                       /* the lane loop's index */
const char *lane_subscript(Emitter *e, const char *name); /* name[the lane loops' index] */
const char *lane_base_name(Emitter *e, const char *subscripted);
/* name, or name[lane] for a value held per lane inside a lane loop */
const char *lane_var_name(Emitter *e, Var *v, const char *name);
bool lane_buffer(Emitter *e, Buffer *b); /* an array with the lanes interleaved */
const char *lane_element(Emitter *e, Buffer *b, const char *at);
/* scan: the fused scan whose iterations the bodies are, or NULL */
bool lanes_vectorise(Emitter *e, Body **bodies, int n, Stmt *scan);
bool lanes_use_index(Emitter *e, Body **bodies, int n, Operand *at);
/* index: define the map's index in it */
void lane_loop_open(Emitter *e, bool simd, bool index);
void lane_loop_close(Emitter *e);

#endif
