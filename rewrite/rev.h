/* Reverse mode: the passes from a lifted function to its gradient function,
 * and the context the rule files (rev.c, rev_map.c, rev_reduce.c) share. */
#ifndef PARGRAD_REV_H
#define PARGRAD_REV_H

#include "ir.h"

/* Problems are reported through this callback (the tool prints them as
 * compiler diagnostics); a pass that reported one returns NULL. */
typedef struct RevErrors {
    void (*report)(void *ctx, SrcLoc loc, const char *hint, const char *msg);
    void *ctx;
    int count;
} RevErrors;

/* What to differentiate, resolved against the function's parameters. */
typedef struct RevSpec {
    Func *primal;
    const char *name;          /* of the generated function */
    PtrVec wrt, out;           /* parameter names; "return" in out for the return value */
    PtrVec wrt_locs, out_locs; /* SrcLoc* per name, when known */
    SrcLoc loc;
    /* For the CUDA backend: the rules pick the forms a GPU runs well (a
     * min/max reduction as one arg-extremum reduce, which CUB does, not
     * blocks of a thread each) */
    bool gpu;
} RevSpec;

/* ---- contract.c ---- */
/* Rejects map and reduce bodies in b (f's body or a part of it) that
 * certainly break their promise: writes to arrays declared outside at
 * indices independent of the loop index, reads of what other iterations
 * write at a constant offset. Where doubt is given, it says the first loop
 * whose promise could be neither shown nor refuted (a read and a write of
 * one array at subscripts of unrelated shapes), else holds NULLs. */
typedef struct ContractDoubt {
    Stmt *loop, *read, *write;
} ContractDoubt;
bool contract_check(Arena *a, Func *f, Body *b, RevErrors *err, ContractDoubt *doubt);

/* ---- rev_loop.c ---- */
/* Rejects the `checkpoint(entry: ...)` clauses of the sequential loops in
 * b, code after a constant condition that never runs (lifted only for its
 * diagnostics), whose arrays have a false dependence that can be seen:
 * the check the reverse makes of the loops that run. */
bool entry_clauses_check(Arena *a, Func *f, Body *b, RevErrors *err);

/* ---- optional.c ---- */
/* Rejects a gradient that would use an array the caller may pass as NULL
 * (or its adjoint) outside the user's test of it; but for the copies of
 * reads the lifted primal makes untested (found by optional_primal_reads
 * before differentiation rewrites it), and their adjoints. */
typedef struct PrimalReads PrimalReads;
PrimalReads *optional_primal_reads(Arena *a, Func *primal);
bool check_optional_pointers(Arena *a, Func *f, const PrimalReads *reads, RevErrors *err);

/* ---- activity.c ---- */
/* Marks active variables and buffers; false (with errors) if wrt/out name
 * something that cannot be active. */
bool activity_analyse(Arena *a, RevSpec *spec, RevErrors *err);

/* ---- rev.c: the driver and the rules for straight-line code, if, loops ---- */
Func *rev_function(Arena *a, RevSpec *spec, RevErrors *err);
/* Turns each sequential loop under `#pragma pargrad loop stripmine(K)` in b
 * into K levels of blocks (rev_loop.c); runs on the primal before it is
 * differentiated. */
void stripmine_loops(Arena *a, Func *f, Body *b);

/* ---- simplify.c ---- */
/* Removes computations whose results are never used (re-executed forward
 * statements the return sweep does not need, adjoints never read). */
void simplify_dead_code(Arena *a, Func *f);
/* Replaces repeated pure computations and array reads by their first one. */
void simplify_cse(Arena *a, Func *f);

/* ---- accum.c, after fusion ---- */
/* Marks the parallel maps whose atomic accumulations all go into one array
 * of known length as + histograms into it (per-thread copies). */
void accum_private_copies(Arena *a, Body *b);
/* The arrays b's atomic + accumulations update (sums, each once), and
 * those b reads, writes or updates otherwise (touched) */
void atomic_sum_targets(Body *b, PtrVec *sums, PtrVec *touched, Arena *a);
/* Whether threads can add into partial sums of b of their own
 * (pg_partial_*): a plain array of double or float */
bool partial_sums_fit(const Buffer *b);
/* simd.c: inner loops whose iterations share only sums run as vector lanes */
void mark_simd_loops(Arena *a, Func *f);
/* Sums into one element of an array in a sequential loop (`x_b[i] += v`
 * over j) made sums into a scalar, added into the element after it. */
void promote_element_sums(Arena *a, Func *f);

/* ---- interchange.c ---- */
/* Moves atomic accumulations of parallel maps whose index the map's
 * iterations share into nests of their own where each element is one
 * iteration's (SC22 6.1, the matrix-multiplication rewrite); true if any
 * moved (their slices in the maps are then dead code). */
bool interchange_accumulations(Arena *a, Func *f);

/* ---- gather.c ---- */
/* Turns the scatters of stencils' adjoints (x_b[i - 1], x_b[i], x_b[i + 1]
 * updated from iteration i) into gathers, each element of x_b updated by
 * one iteration of a new loop that runs first; true if any was (the
 * loops' copies of the terms are then dead code). */
bool gather_stencil_adjoints(Arena *a, Func *f);

/* ---- fuse_sweeps.c ---- */
/* Runs a sequential loop's forward and its adjoint as one loop where the
 * adjoint's iterations need nothing computed from the loop's results;
 * true if any were. */
bool fuse_loop_sweeps(Arena *a, Func *f);

/* ---- tape_in_place.c ---- */
/* Checkpoints of one-dimensional local arrays that nothing reads after the
 * loop: the return sweep's iterations read them where the tape holds them
 * instead of copying them back; true if any. */
bool read_checkpoints_in_place(Arena *a, Func *f);

/* ---- indices.c ---- */
/* Moves the range checks of histogram keys affine in an inner loop's index
 * out of that loop (checked at its first and last iteration), and widens
 * casts of signed index arithmetic to the operands. */
void simplify_indices(Arena *a, Func *f);
/* The spans of the updates a thread's partial sums take (emit_par.c):
 * after simplify_dead_code, which does not see them */
void mark_partial_spans(Arena *a, Func *f);

/* ---- fuse.c ---- */
/* Fuses maps over the same iterations, contracts temporaries to scalars,
 * and fuses scans with the maps around them (ScanFusion); the last pass
 * before emission. */
void fuse_function(Arena *a, Func *f);
/* Pass 1 of a fused scan with its terms in registers: the statements of
 * its pre map that compute the terms, without effects. */
Body *fuse_pass1_body(Arena *a, Func *f, Stmt *scan);

/* ---- shared by the rule files ---- */
typedef struct SaveSite SaveSite;

typedef struct Rev {
    Arena *a;
    Func *src, *dst;
    RevErrors *err;
    bool gpu; /* RevSpec.gpu */
    /* The outermost parallel loop around the code being generated, if any:
     * adjoint accumulations into arrays are plain when their index is
     * injective in this loop's index, atomic otherwise. */
    Stmt *par_loop;
    /* The primal loop par_loop is the adjoint of (or fuses), and the one
     * whose variables are marked (Var.bound_in_loop): a walk of its body,
     * not one per accumulation. */
    Stmt *par_src, *marked_src;
    /* The par_loop whose declared arrays are marked (declared_in_loop):
     * one walk of its body, not one per accumulation. */
    Stmt *declared_loop;
    /* The last parallel statement, while its forward and adjoint are made
     * one loop (fuse_last): it runs once, so its histograms into arrays from
     * outside it save nothing (its check found nothing before it reads them). */
    Stmt *fused;
    /* For every source variable: the statement that binds it (by id). */
    Stmt **def_stmt;
    int nvars;
    PtrVec red_infos; /* RedInfo*, see rev_reduce.c */
    Body *cur_body;   /* the body whose statements are being swept */
    /* Set by index_bound when an upper bound may not be reached (x % m,
     * x & y, a clamp): fine to size an array of pargrad's own, not to
     * touch that many elements of the caller's. */
    bool bound_loose;
    /* HistFinal*: the final bins of the function's own histograms, copied
     * in the return sweep (rev_hist.c): after it they stand in for running
     * the histogram again (rerun_restored), then are freed. */
    PtrVec hist_finals;
    /* Inside the adjoint of a min or max histogram's map, run for one
     * entry per bin (rev_hist.c): the entry, and the updates that number
     * the entries of an iteration. */
    struct HistSparse *hist_sparse;
    /* There, where distinct bins have distinct first entries (one update
     * per iteration, or per trip of the row loop entry_row, which runs
     * only the entry's trip): the map over the entry's iteration. An
     * accumulation injective in the entry (its iteration, and the trip)
     * is its bin's own: plain, not atomic (accum.c). */
    Stmt *entry_map, *entry_row;
    /* Inside the adjoint of a * histogram's map (rev_hist.c): per bin the
     * product of its non-zero values, then 2^(its zero count). */
    struct HistProducts *hist_products;
    /* KeptProducts*: the * histograms of the function's body whose forward
     * computed their products per bin for the return sweep (rev_hist.c). */
    PtrVec kept_products;
    /* KeptFirst*: likewise the min and max histograms' first entries. */
    PtrVec kept_firsts;
    /* Writes of inactive outputs at indices pargrad cannot bound, each
     * followed by zeroing its seed where it runs (SeedsAt*, rev.c). */
    PtrVec seeds_at_writes;
    /* Per variable id: bound by a let of the function's top level (rev.c's
     * extents, computed on first use). */
    unsigned char *top_let;
    /* The arrays whose integer reads at the top level an extent may read
     * again (the function never writes them: `s->nx`), and those it may
     * not (rev_extent.c, decided on first use) */
    PtrVec unwritten, written;
    /* those reads made again: the read, the body it was made in, its
     * value (a Var), one each per read and body */
    PtrVec read_from, read_into, read_value;
    /* Per variable id: the statements reading it (rev_save.c) */
    struct Uses *uses;
    /* What each sequential loop's iterations need not save (rev_kill.c,
     * computed on first use) */
    struct LoopKills *kills;
    /* The arrays popped back from checkpoints where the return sweep's
     * iteration at hand began: its re-execution drops their writes */
    PtrVec *restored;
    /* While a sequential loop's iteration runs again in its return sweep:
     * its body, and the arrays its iterations need not save (killed in
     * each, their values from before it unused, rev_kill.c). A statement
     * of that body writing one of them that nothing before it in the body
     * reads need not save it either (nosave, set per statement): its old
     * values are the previous iteration's, read by no adjoint. */
    Body *iter_body;
    PtrVec *iter_skip;
    /* per statement of iter_body: a map or store whose writes nothing
     * after it that still runs again reads (dead_reruns) */
    bool *iter_dead;
    int *iter_first_read; /* per iter_skip entry: the first statement of
                           * iter_body reading it (its length if none) */
    PtrVec *nosave;
    /* Inside a loop under `checkpoint(entry: ...)`: the arrays saved once
     * before it, whose writes inside save nothing (rev_loop.c) */
    PtrVec *entry_saved;
    bool failed;
} Rev;

typedef struct HistFinal {
    Stmt *hist; /* an S_HIST, or a min/max histogram's map, of the function's body */
    Buffer *fin, *bins;
    Operand nbins;
} HistFinal;

typedef struct HistProducts {
    Buffer *nonzero, *zeros;
} HistProducts;

typedef struct KeptFirst {
    Stmt *hist;
    Buffer *first;
} KeptFirst;

typedef struct HistSparse {
    Var *entry;
    PtrVec sites; /* the S_ACC updates of the bins in the map's body, in order */
    Stmt *row;    /* the inner loop around them (Stmt.hist_row_trips), or NULL */
    Operand trips;
    Var *bin; /* the index of the map over the bins: the entry's bin */
} HistSparse;

void rev_error(Rev *r, SrcLoc loc, const char *hint, const char *msg);
/* Records in r->def_stmt the statement binding each variable of b. */
void rev_index_defs(Rev *r, Body *b);

/* The forward sweep of a body: the primal computation, saving the array
 * elements that statements overwrite when a return sweep needs them back.
 * `reexec` marks a body re-executed right before its own return sweep:
 * writes that nothing later in it reads are dropped there. */
void rev_fwd_body(Rev *r, Body *src, Body *out, bool reexec);
/* The return sweep: adjoint declarations for the body's variables, then the
 * statements' adjoints in reverse order, restoring saved elements. */
void rev_adjoint_decls(Rev *r, Body *src, Body *out);
void rev_bwd_stmts(Rev *r, Body *src, Body *out, bool reexec);
/* A plain copy of the primal statements (no saves), as in the input. */
void rev_primal_body(Rev *r, Body *src, Body *out);
/* A sequential loop's forward sweep and return sweep (rev_loop.c). */
void rev_loop_fwd(Rev *r, Stmt *s, Body *out, PtrVec *dead);
void rev_loop_bwd(Rev *r, Stmt *s, Body *out, PtrVec *dead);
/* For each array of skip, the first statement of b that reads its values
 * (b's length if none): Rev.iter_first_read. */
int *first_reads(Rev *r, Body *b, PtrVec *skip);
/* Per statement of an iteration's body that runs again in the return
 * sweep: whether it need not (Rev.iter_dead). */
bool *dead_reruns(Rev *r, Body *b);
/* The adjoint variable of v, declared zero in out. */
void declare_adjoint(Rev *r, Body *out, Var *v, SrcLoc loc);
/* Whether s computes nothing with a derivative and writes only arrays
 * never restored: its return sweep has nothing to do. */
bool only_final_values(Stmt *s);

/* The statement that binds a source variable (a let, a loop for its index). */
Stmt *def_of(Rev *r, Operand o);
/* statements [from, to) of b, as a body of their own */
Body *sub_body(Rev *r, Body *b, int from, int to);
/* o without copies and the casts that keep a non-negative value ((long)j
 * for an int j counting up from 0; (long)(unsigned long)K of a size) */
Operand uncast_widening(Rev *r, Operand o);
/* o as base + offset, through integer copies, casts and additions of
 * constants: (n - 1) + 1 is n + 0. */
Operand index_base_offset(Rev *r, Operand o, long long *offset);
/* The adjoint variable of an active source variable (NULL if inactive). */
Var *adjoint_of(Rev *r, Var *v);
/* adj(o) += v, when o is an active variable. */
void add_adjoint(Rev *r, Builder *bd, Operand o, Operand v);
/* The adjoint of an operand as an operand (0 for constants and inactive). */
Operand adjoint_operand(Rev *r, Operand o);
/* Emits `buf_b[idx] += v` with the lowering the current parallel context needs. */
void emit_array_accumulate(Rev *r, Builder *bd, Stmt *read, Operand v);

/* Makes accumulations in a parallel loop atomic where they may collide. */
void settle_accumulations(Rev *r, Stmt *loop);
/* loop, the adjoint of (or fusing) the primal loop src, becomes the
 * parallel loop accumulations are judged against, unless one is around
 * it already (returned: leave_par_loop's outer); leaving the outermost,
 * its accumulations are settled */
Stmt *enter_par_loop(Rev *r, Stmt *loop, Stmt *src);
void leave_par_loop(Rev *r, Stmt *loop, Stmt *outer);
/* The first adjoints of a body's return sweep: the function's (the seed
 * of its return value), or a branch's (its if's phis') */
typedef struct Seeds {
    Var *seed; /* the function's: the seed of ret's value */
    Stmt *ret;
    Stmt *branch_of; /* a branch's: the if whose phis it seeds */
    bool then;
    bool tails; /* a last if may run its sweeps inside (rev.c tail_if) */
} Seeds;
void add_seeds(Rev *r, Builder *bd, const Seeds *sd);
/* rev_fuse.c: the last parallel loop of a body that runs once (the
 * function's, a branch of its tail if), forward and adjoint in one loop,
 * into out with the rest of the body's reversal; false (nothing emitted)
 * where that cannot be */
bool fuse_last(Rev *r, Body *body, const Seeds *sd, Body *out);

/* rev_map.c */
void rev_map_fwd(Rev *r, Stmt *s, Body *out, PtrVec *dead);
/* The iterations of body src again, then their adjoints, into out. */
void adjoint_iterations(Rev *r, Body *src, Body *out);
void rev_map_bwd(Rev *r, Stmt *s, Body *out, PtrVec *dead);
/* rev_reduce.c */
void rev_reduce_fwd(Rev *r, Stmt *s, Body *out, PtrVec *dead);
void rev_lower_carriers(Arena *a, Body *b);
bool is_carrier(Stmt *s);
void rev_reduce_bwd(Rev *r, Stmt *s, Body *out, PtrVec *dead);
/* rev_hist.c: the adjoint of a histogram's update h[k] += v */
void rev_hist_update(Rev *r, Stmt *s, Builder *bd);
/* rev_hist.c: the adjoint of a histogram of *, min or max (S_HIST) */
void rev_hist_bwd(Rev *r, Stmt *s, Body *out, PtrVec *dead);
/* rev_hist.c: a min or max histogram's map (its body updates the bins
 * itself), and its adjoint */
bool is_recomputed_hist(Stmt *s);
/* Whether the forward sweep finds each bin's first entry of min or max
 * histogram s (the return sweep then never reads the bins from before) */
bool hist_firsts_forward(Rev *r, Stmt *s);
void rev_recomputed_hist_bwd(Rev *r, Stmt *s, Body *out, PtrVec *dead);
/* rev_hist.c: the forward of a *, min or max histogram's map of the
 * function's body that also finds what its adjoint needs (the products per
 * bin; the first entries), kept for the return sweep; false (nothing
 * emitted) where it runs as written */
bool rev_recomputed_hist_fwd(Rev *r, Stmt *s, Body *out);
/* rev_hist.c: the adjoint of such a map's update h[k] = fmin(h[k], v) */
void rev_recomputed_update(Rev *r, Stmt *s, Builder *bd);
/* rev_hist.c: h = its final bins again, where the return sweep kept them
 * (HistFinal), instead of the histogram itself; NULL where it did not. */
Stmt *rev_hist_final_copy(Rev *r, Stmt *s);
/* rev_scan.c */
void rev_scan_fwd(Rev *r, Stmt *s, Body *out, PtrVec *dead);
void rev_scan_bwd(Rev *r, Stmt *s, Body *out, PtrVec *dead);
/* Pieces the array rules (rev_scan.c, rev_hist.c) build with: a zeroed heap
 * temporary of `count` elements and its free, a read b[idx], and a map
 * over k in [0, n) with the builder of its body in *in. */
Buffer *rule_temp(Rev *r, Builder *bd, const char *name, Type ty, Operand count);
void rule_free(Rev *r, Builder *bd, Buffer *b);
Operand rule_read(Rev *r, Builder *bd, Buffer *b, Operand idx);
Stmt *rule_map(Rev *r, Stmt *s, Operand n, const char *note, Builder *in);
Stmt *rule_if(Rev *r, SrcLoc loc, Operand cond);

/* The arrays a statement of the function's body adds into as a + histogram
 * without saving them (nothing before reads them): the return sweep leaves
 * its sums there, so a re-run must not add them again (rev_save.c). */
PtrVec *unrestored_bins(Rev *r, Stmt *s);

/* Copies a primal statement, dropping writes to the buffers in `dead`. */
Stmt *copy_primal_stmt(Rev *r, Stmt *s, PtrVec *dead);

/* The buffers a statement writes, at any depth, added to `written`. */
void collect_written(Rev *r, Stmt *s, PtrVec *written);

/* Saving and restoring the elements statements overwrite (rev_save.c).
 * save_regions saves what can be found before they run and returns the
 * log of the writes that are saved as they run (NULL if none); their
 * forward copy must then come from copy_forward_stmt or append_forward,
 * followed by end_log. restore_regions undoes both; a loop's iteration,
 * which pops its carried scalars in between, restores its logged writes
 * and its saved regions separately. */
typedef struct WriteLog WriteLog;
WriteLog *save_regions(Rev *r, Stmt **stmts, int n, Body *out, PtrVec *dead);
Stmt *copy_forward_stmt(Rev *r, Stmt *s, PtrVec *dead, WriteLog *log);
void append_forward(Rev *r, Stmt *s, PtrVec *dead, WriteLog *log, Body *out);
void end_log(Rev *r, WriteLog *log, Body *out);
void restore_regions(Rev *r, Stmt **stmts, int n, Body *out, PtrVec *dead);
void restore_logged_writes(Rev *r, Stmt **stmts, int n, Body *out, PtrVec *dead);
void restore_saved_regions(Rev *r, Stmt **stmts, int n, Body *out, PtrVec *dead);
bool saves_anything(Rev *r, Stmt *s, PtrVec *dead);
/* `checkpoint(entry: ...)`: whether the elements loop writes of buf can be
 * found before it runs (else its iterations save them, as without the
 * clause); and the saving of those of `arrays` before the loop (save) or
 * their putting back after its return sweep, true if there are any. */
bool entry_saves_ahead(Rev *r, Stmt *loop, Buffer *buf, PtrVec *dead);
bool transfer_entry(Rev *r, Stmt *loop, PtrVec *arrays, Body *out, PtrVec *dead, bool save);
/* True if the elements `write` overwrites must be saved. */
bool write_needs_save(Rev *r, Stmt *write);
/* Sets Buffer.inert on the arrays of the function whose values no
 * derivative needs. */
void mark_inert_buffers(Rev *r);
/* Whether the value an S_READ of a float array takes reaches only writes
 * of that array, through sums and scalings by constants: its old values
 * matter to nothing but themselves. */
bool read_only_adds_back(Rev *r, Stmt *read);
/* The only statement reading source variable v, or NULL. */
Stmt *sole_user(Rev *r, Var *v);
/* Whether s reads buf (at any depth) other than to add back into it. */
bool reads_value_of(Rev *r, Stmt *s, Buffer *buf);

/* Sets of buffers by id (rev_save.c), each filled by one walk of a
 * statement, where asking per buffer would walk it once per buffer. */
enum {
    MARK_HIST = 1, /* an S_HIST into it */
    MARK_ADD = 2,  /* S_ACC updates of +, *, min, max */
    MARK_MUL = 4,
    MARK_MIN = 8,
    MARK_MAX = 16,
    MARK_READ = 32,  /* read besides by min and max updates (unread_so_far) */
    MARK_VALUE = 64, /* its values read (reads_value_of) */
    MARK_SHARED_ID = 128
};
typedef struct BufMarks {
    int cap;
    Buffer **buf;        /* by id: the buffer marked, NULL for none */
    unsigned char *bits; /* by id: MARK_* */
} BufMarks;
/* The buffers whose values s reads, as reads_value_of tells: MARK_VALUE */
void mark_value_reads(Rev *r, BufMarks *m, Stmt *s);
/* 1 where buf has the mark, 0 where not, -1 where another buffer of its
 * id was marked (ask the statements themselves) */
int marked(const BufMarks *m, Buffer *buf, int bit);
void marks_free(BufMarks *m);

/* rev_kill.c: `dead` and the local arrays whose old values no iteration
 * of the sequential loop `loop` needs put back: each iteration overwrites
 * them before reading them, or only adds into them, and nothing before the
 * loop reads them. */
PtrVec *iteration_saves_skip(Rev *r, Stmt *loop, PtrVec *dead);
/* rev_kill.c: of those, the arrays the loop writes only in rows ahead of
 * the rows it reads (a trajectory u[(t + 1) * n + i]): its return sweep
 * leaves them final, so nothing runs again for them; NULL if none, or
 * `loop` is not a source loop. */
PtrVec *final_trajectories(Rev *r, Stmt *loop);
/* rev_kill.c: the arrays an iteration of the sequential loop `loop` leaves
 * for its adjoint that are saved at its end (pushed after the iteration's
 * other saves) and popped back where its return sweep starts, their
 * writes then dropped there (Rev.restored): killed, declared outside, read
 * at their final values only, in a parallel loop's body. */
typedef struct Checkpoint {
    Buffer *buf;
    int rank;
    Operand lo[4], hi[4]; /* each end base + off, inclusive, bound before the loop */
    long long lo_off[4], hi_off[4];
} Checkpoint;
PtrVec *iteration_checkpoints(Rev *r, Stmt *loop);
/* rev_save.c: pushes (save) or pops the elements of a checkpoint */
void transfer_checkpoint(Rev *r, Checkpoint *c, SrcLoc loc, Body *out, bool save);
/* The body of the source holding statement s, and its position there
 * (*at); NULL for a statement the rules made. */
Body *source_place(Rev *r, Stmt *s, int *at);
/* The same, and the statement whose body it is (NULL: the function's) */
Body *source_place_in(Rev *r, Stmt *s, int *at, Stmt **owner);
/* Where the code for an array the caller may pass as NULL goes (its
 * seeds, saves of its elements): inside a test of it (out itself for
 * any other array). The adjoint of a NULL pointer is NULL too. */
Body *where_given(Rev *r, Buffer *b, Body *out, SrcLoc loc);
/* Whether name is among names (a pragma's wrt or out list) */
bool in_names(PtrVec *names, const char *name);
/* rev_extent.c: the adjoint arrays of scratch arrays passed in and of
 * overwritten inputs, allocated in prologue, added and freed in epilogue */
void internal_adjoints(Rev *r, RevSpec *spec, Body *prologue, Body *epilogue);
/* How far the accesses of an array reach: ex->size, the code computing it
 * emitted by ex->bd (extent_of fills it in from the accesses in b) */
typedef struct Extent {
    Rev *r;
    Builder *bd;
    Buffer *buf;
    Operand size;
    bool ok;
    /* For the caller's elements (seeds to consume, adjoints to add into),
     * only bounds that are reached count: the accesses without one are
     * counted instead of failing. */
    bool exact;
    int skipped_reads, skipped_writes;
    PtrVec *skipped; /* where given: the writes skipped */
    PtrVec *checked; /* where given: every access skipped (checked_extent) */
    /* The conditions of the ifs around the accesses being counted, where
     * the code after the return sweep can test them (none: always): an
     * access that does not run reaches no element (y[0] under
     * if (n > 0) at n = 0). */
    Operand guard;
    bool after_body; /* the code computing the extent runs after the body: guards */
    /* Of an array of rank above 1: the rows its accesses reach (the bound
     * of their first subscripts), not elements */
    bool rows;
    Stmt *unbounded; /* when not ok: the access whose subscript has no bound */
    Stmt *beyond;    /* the first access skipped (exact extents) */
    /* For exact extents: the bounds, known without code, of the accesses
     * whose bounds are reached, and of the accesses whose bounds are not
     * (cur[i == 0 ? i : i - 1]), each then counted only where none of the
     * first reaches as far (StaticBound, rev_extent.c) */
    PtrVec reached, unreached;
} Extent;
void extent_of(Extent *ex, Body *b);

#endif
