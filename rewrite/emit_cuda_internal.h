/* What the CUDA backend's files share: the items of the bodies the host
 * runs and the kernels they are cut into (emit_cuda_place.c decides them),
 * the host function's statements (emit_cuda_host.c), the kernels and the
 * function (emit_cuda.c), the parallel parts' kernels (emit_cuda_parts.c). */
#ifndef EMIT_CUDA_INTERNAL_H
#define EMIT_CUDA_INTERNAL_H

#include "emit_internal.h"

#include <stdio.h>

/* What a statement of a body the host runs (the function's, a host loop's
 * or a host if's) becomes. A loop, if or block the host runs is three
 * items: its head (PART_OPEN), the `else` (PART_ELSE, ifs) and its end
 * (PART_CLOSE), its bodies' statements between them. */
typedef enum {
    PART_SEQ,
    PART_MAP,
    PART_REDUCE,
    PART_SCAN,
    PART_CALL, /* a scan of arrays or a histogram the host launches (pargrad_cuda_cub.h) */
    PART_HOST,
    PART_COMMENT,
    PART_OPEN,
    PART_ELSE,
    PART_CLOSE
} PartKind;

/* The items [first, end) of one kernel (the host's statements among them
 * excepted: the host runs them before its launch), comments the host
 * function keeps, or one item of a loop, if or block the host runs */
typedef struct Part {
    PartKind kind;
    int first, end;
} Part;

/* Where a variable lives */
enum { LIVE_KERNEL = 0, LIVE_HOST = 1, LIVE_FRAME = 2, LIVE_PARAM = 3 };

typedef struct Cuda {
    Emitter *e;
    Func *f;
    /* the items: the statements of the bodies the host runs, in order */
    int n, cap;
    Stmt **item;
    PartKind *kind; /* per item */
    int *part_of;   /* per item: its part */
    Part *parts;
    int nparts;
    /* per variable id */
    unsigned char *live;
    int *def_part; /* the part that binds it, -1 */
    /* how kernels read a frame variable where it is not pg_frame->NAME: a
     * reduction's result (pg_frame->pg_s_terms, init + pg_frame->pg_s_terms) */
    const char **frame_expr;
    /* a loop's carried scalar or an if's result that kernels compute: the
     * host does not keep it (decided once, then kept) */
    unsigned char *no_host;
    Stmt **host_def; /* the host's statement that binds it */
    /* per buffer id: an array the host allocates in device memory (its
     * declaration an item), or a region of the host's tape */
    unsigned char *host_buf;
    unsigned char *alloc_host; /* place_buffers' choice (kept from round to round) */
    Stmt **buf_decl;
    /* statements kept off the grid and off the host (place_buffers) */
    PtrVec demoted;
    /* the saves of sequential loops go on the host's tape (pg_htape):
     * where every region the function pushes or pops outside grid kernels
     * is an item (else they all go on the frame's, in one-thread kernels,
     * so that each pop finds what its push saved) */
    bool host_tape, host_tape_used;
    /* per tape_pair: scalars the host pushes and pops itself (pg_host_stack, a tape:
     * each push's value the host's, each push and pop an item), decided
     * per pair, so that each pop finds its value; pair_dev: not (kept) */
    unsigned char *pair_host, *pair_dev;
    int npairs;
    int local_saves; /* the pairs local_saves made locals so far (their names' numbers) */
    bool host_stack_used;
    bool restart;        /* a choice changed: classify again */
    PtrVec frame_vars;   /* Var*, the frame's own fields */
    PtrVec scratch;      /* const char*: frame fields of reductions, "T name" */
    const char *fname;   /* the generated function's name */
    const char *wrapper; /* its host convenience's (the default stream, waited for) */
    const char *frame_type;
    bool uses_tape;
    bool frame_tape; /* its one-thread kernels' tape is the frame's (room after the frame) */
    bool uses_cub;   /* a reduction or scan through CUB */
    PtrVec sums;     /* Var*: the map being emitted sums into these (each thread its part) */
    int kernels;     /* so far: numbers their names */
    /* the grid kernel being emitted: the declarations of its threads'
     * arrays from the pool (Stmt*), the pool's number (0: none) */
    PtrVec pool_decls;
    int pool;
    Stmt *slab_loop; /* its loop, where the pool holds its threads' tapes too */
    /* and where it updates a histogram's bins through a copy per warp
     * (emit_cuda_parts.c, BinCopies): the bins, the names of its
     * parameters, and of the copy its threads update */
    struct BinCopies *bin_copies;
    unsigned char *mark; /* per variable id, cleared after each use */
    FILE *host;          /* the host function's statements */
    FILE *kernels_out;   /* the kernels */
    int hdepth;          /* how deep in the host's loops and ifs they are */
} Cuda;

typedef struct Uses {
    PtrVec host, frame; /* Var*: host values a kernel takes, frame variables it reads or sets */
    PtrVec bufs;        /* Buffer*: the host's arrays it takes */
} Uses;

typedef struct UseScan {
    Cuda *c;
    Uses *u;
    Stmt *loop; /* grid_uses: the map or reduce */
} UseScan;

/* ---- emit_cuda_place.c: which statements run where ---- */
/* Whether the host knows o's value (a parameter, a value it computed) */
bool host_known(Cuda *c, Operand o);
/* Whether the host's integer o is positive (a divisor it need not check) */
bool host_positive(Cuda *c, Operand o);
/* Whether b has a map, reduce or scan, through the loops, ifs and blocks
 * the host may run */
bool has_grid_work(Body *b);
/* A push or pop of a region of the tape */
bool is_region(Stmt *s);
/* Whether item i is the head, else or end of a loop, if or block the host runs */
bool is_control(Cuda *c, int i);
/* The items, their parts, where each variable lives */
void classify(Cuda *c);

/* ---- emit_cuda_host.c: the host function's statements ---- */
/* Every item, in order, into c->host (the kernels into c->kernels_out) */
void emit_items(Cuda *c);

/* ---- emit_cuda.c: kernels ---- */
/* What kernels read: a variable operand (UseScan ctx), and the marks of
 * what a Uses holds cleared after it is collected */
void use_operand(Operand *o, void *ctx);
void clear_marks(Cuda *c, Uses *u);
/* What the statements of b read (into us->u), an array among them; what a
 * map's or reduce's kernel reads (its accumulators' initial values aside) */
void scan_uses(UseScan *us, Body *b);
void use_buffer(UseScan *us, Buffer *b);
Uses grid_uses(Cuda *c, Stmt *s);
/* Whether b pushes or pops the tape */
bool uses_tape(Body *b);
/* A frame variable as a kernel reads it */
const char *frame_read(Cuda *c, Var *v);
/* The element count of an array sized at run time (decl declares it) */
void emit_elements(Emitter *e, Cuda *c, Stmt *decl);
/* The arrays a kernel allocates and frees (decls: those a grid kernel's
 * threads take from the host's pool), and their frees at its end */
void collect_heap_arrays(Emitter *e, Cuda *c, Body *b, PtrVec *decls);
void free_heap_arrays(Emitter *e);
/* The arrays of b a grid kernel's threads can take from one pool */
void poolable_decls(Cuda *c, Body *b, PtrVec *out);
/* Whether the host can count what an iteration of a grid kernel's loop
 * pushes in its body b (some of it); those bytes, as the host computes
 * them */
bool tape_slab_known(Cuda *c, Body *b);
void emit_tape_slab_bytes(Cuda *c, Body *b);
/* The tape of a kernel's code: each thread's own (own), or the call's in the frame */
void declare_tape(Cuda *c, Body *b, bool own);
/* Pushes a block of device code pops itself made locals (Stmt.save_local) */
void local_saves(Cuda *c, Body *b);
/* A push or pop of a scalar the host saves itself (pg_host_stack) */
bool pair_on_host(Cuda *c, Stmt *s);
/* A kernel's signature (the function's parameters, the host's values and
 * arrays it takes, extra, the frame), the frame values it reads as locals,
 * a frame field for v, and a launch's arguments in the kernel's order */
void kernel_head(Cuda *c, const char *name, Uses *u, const char *extra);
void load_frame(Cuda *c, Uses *u, Part *p);
void add_frame_var(Cuda *c, Var *v);
void launch_args(Cuda *c, Uses *u, const char *extra);
/* Lines of the host function at the depth of its loops and ifs; back to
 * them after a kernel; the check after a launch */
void hindent(Cuda *c);
__attribute__((format(printf, 2, 3))) void hprintf(Cuda *c, const char *fmt, ...);
void to_host(Cuda *c);
void check_launch(Cuda *c, int line_no);
/* A part's kernels and their launch */
void emit_seq_part(Cuda *c, Part *p);
/* ---- emit_cuda_parts.c: the parallel parts ---- */
void emit_map_part(Cuda *c, Part *p);
void emit_reduce_part(Cuda *c, Part *p);
void emit_scan_part(Cuda *c, Part *p);
void emit_call_part(Cuda *c, Part *p);

#endif
