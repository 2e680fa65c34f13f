/* Where the CUDA backend runs each statement (emit_cuda.c has the
 * overview): the statements of the bodies the host runs become items, in
 * order (a loop, if or block the host runs is its head, its bodies' items,
 * its end); arithmetic on the host's values stays on the host; maps,
 * reduces and scans whose iterations threads can run alone become grid
 * kernels; runs of the rest become kernels of one thread. Variables that
 * cross kernels live in the frame. Choices that turn out wrong (a carried
 * scalar the kernels compute, an array several kernels use whose size the
 * host cannot know, a save a kernel pushes) are kept and everything is
 * decided again, until nothing changes. */
#include "emit_cuda_internal.h"

#include <stdlib.h>
#include <string.h>

/* ---- which statements run where ---- */

bool host_known(Cuda *c, Operand o) {
    if (o.kind != OPD_VAR)
        return true;
    return o.var->id < c->e->nvars &&
           (c->live[o.var->id] == LIVE_HOST || c->live[o.var->id] == LIVE_PARAM);
}

/* An integer the host computes that is positive: a positive constant, or
 * `x > k ? x : d` (k >= 0, d positive: a strip-mined loop's block size) */
bool host_positive(Cuda *c, Operand o) {
    if (o.kind == OPD_CONST)
        return o.ival > 0;
    if (o.kind != OPD_VAR || o.var->id >= c->e->nvars || !c->host_def[o.var->id])
        return false;
    Stmt *sel = c->host_def[o.var->id];
    if (sel->op != OP_SELECT || sel->args[0].kind != OPD_VAR ||
        sel->args[0].var->id >= c->e->nvars || !c->host_def[sel->args[0].var->id])
        return false;
    Stmt *cmp = c->host_def[sel->args[0].var->id];
    bool above = (cmp->op == OP_GT && cmp->args[1].kind == OPD_CONST && cmp->args[1].ival >= 0) ||
                 (cmp->op == OP_GE && cmp->args[1].kind == OPD_CONST && cmp->args[1].ival >= 1);
    return above && opd_equal(cmp->args[0], sel->args[1]) && host_positive(c, sel->args[2]);
}

/* Arithmetic on the host's values (its integer divisions by what may be
 * 0 through pg_host_div: a guard on the GPU may have returned first);
 * the workers of a plan in blocks too (pg_threads: the host's count of
 * GPU blocks, where the one-thread kernels' would be 1) */
static bool host_let(Cuda *c, Stmt *s) {
    if (s->kind != S_LET || s->dst->is_mutable || s->op == OP_DERIV_OF ||
        s->op == OP_KEPT || /* (the kept values are on the GPU, by the calls) */
        (s->op >= OP_UOP && s->op <= OP_UOP_INV))
        return false;
    for (int i = 0; i < s->nargs; i++)
        if (!host_known(c, s->args[i]))
            return false;
    return true;
}

/* An update of an element threads share that pargrad_cuda.h makes atomic:
 * a sum (atomicAdd), product, minimum or maximum (a compare-and-swap loop)
 * of floats; a minimum or maximum of integers of 4 or 8 bytes (a
 * histogram's entries' numbers) */
static bool grid_atomic(ReduceOp op, Type t) {
    if (type_is_float(t))
        return op == RED_ADD || op == RED_MUL || op == RED_MIN || op == RED_MAX;
    const char *n = type_cname(t);
    return (op == RED_MIN || op == RED_MAX) && t.kind == TY_INT && !strstr(n, "char") &&
           !strstr(n, "short") && !strstr(n, "8_t") && !strstr(n, "16_t");
}

static bool grid_body(Cuda *c, Body *b, Body *loop_body, Var *const *terms, bool sums);

/* Whether the maps fused with a scan (its terms', its prefixes' readers)
 * have iterations threads can run on their own */
static bool fused_maps_on_grid(Cuda *c, ScanFusion *fu, bool sums) {
    Stmt *maps[2] = {fu->pre, fu->post};
    for (int q = 0; q < 2; q++)
        if (maps[q] &&
            (maps[q]->serial || !grid_body(c, maps[q]->body, maps[q]->body, fu->term, sums)))
            return false;
    return true;
}

/* A scan inside a map's iteration (a column's running product, a row's
 * prefix sums), fused with its maps: the iteration's thread runs it, one
 * loop in order, as code on one thread does (the map over the 16 columns
 * of scan_vmul16 ran on one GPU thread otherwise: 10^7 dependent steps) */
static bool inner_scan(Cuda *c, Stmt *s, bool sums) {
    return s->fusion && fused_maps_on_grid(c, s->fusion, sums);
}

/* A body a kernel's threads can run each iteration of on their own (the
 * tape's pushes and pops of an iteration balance: each thread has a tape
 * of its own, on the device heap); terms: a fused scan's, which its terms'
 * map assigns and each iteration declares */
static bool grid_body(Cuda *c, Body *b, Body *loop_body, Var *const *terms, bool sums) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        switch (s->kind) {
        case S_RETURN:
        case S_HIST:
            return false;
        case S_SCAN: /* a scan in each iteration, fused with its maps: each thread's, in order */
            if (!inner_scan(c, s, sums))
                return false;
            break;
        case S_DECL: /* (arrays sized at run time: each thread's on the heap) */
            if (s->buf && s->buf->table)
                return false;
            break;
        case S_LET: /* a sum of the loop's into a scalar outside it (OpenMP's reduction clause):
                     * a map's of floats, each thread's partial sum reduced by CUB */
            if (s->dst->is_mutable && !body_declares_scalar(loop_body, s->dst) &&
                !(terms && (s->dst == terms[0] || s->dst == terms[1])) &&
                !(sums && type_is_float(s->dst->ty)))
                return false;
            break;
        case S_ACC:
            if (s->acc != ACC_PLAIN && !grid_atomic(s->acc_op, s->buf->elem))
                return false;
            break;
        default:
            break;
        }
        if (!grid_body(c, s->then_body, loop_body, terms, sums) ||
            !grid_body(c, s->else_body, loop_body, terms, sums) ||
            !grid_body(c, s->body, loop_body, terms, sums))
            return false;
    }
    return true;
}

static bool grid_loop(Cuda *c, Stmt *s) {
    if (s->kind == S_REDUCE) {
        for (int k = 0; k < s->accums.len; k++) {
            Accum *ac = s->accums.items[k];
            if (ac->op == RED_AFFINE || ac->op == RED_USER || ac->value.kind != OPD_NONE ||
                !type_is_float(ac->result->ty))
                return false;
            if ((ac->op == RED_ARGMIN || ac->op == RED_ARGMAX) && !host_known(c, ac->init))
                return false;
        }
        /* its contributions are stored per iteration: their number is needed */
        if (!host_known(c, s->lo) || !host_known(c, s->hi))
            return false;
    }
    return s->hi.kind != OPD_NONE && grid_body(c, s->body, s->body, NULL, s->kind == S_MAP);
}

/* A fused scan whose maps' iterations threads run on their own, under an
 * operator of CUB's scans (emit_scan.c's GPU passes), its length known on
 * the host (its arrays are allocated there) */
static bool grid_scan(Cuda *c, Stmt *s) {
    ScanFusion *fu = s->fusion;
    if (!fu || !type_is_float(s->buf->elem) || !host_known(c, s->hi) ||
        (s->scan_op != RED_ADD && s->scan_op != RED_MUL && s->scan_op != RED_MIN &&
         s->scan_op != RED_MAX && s->scan_op != RED_AFFINE))
        return false;
    if (fu->pre && !fu->keep_terms && !fuse_pass1_body(&c->e->a, c->e->func, s))
        return false;
    return fused_maps_on_grid(c, fu, false);
}

/* A scan of arrays (not fused with its maps) or a histogram of `*`, min
 * or max (the runtime's, in the lifter's arrays of keys and values): the
 * host calls pargrad_cuda_cub.h's, on the grid, with its lengths and
 * initial value; its arrays are the host's (check_calls) */
static bool device_call(Cuda *c, Stmt *s) {
    bool op;
    if (s->kind == S_SCAN)
        op = !s->fusion &&
             (s->scan_op == RED_ADD || s->scan_op == RED_MUL || s->scan_op == RED_MIN ||
              s->scan_op == RED_MAX || s->scan_op == RED_AFFINE);
    else if (s->kind == S_HIST)
        op = (s->scan_op == RED_MUL || s->scan_op == RED_MIN || s->scan_op == RED_MAX) &&
             !strcmp(type_cname(s->scan_in[1]->elem), "long") &&
             (!s->reversed || s->scan_op == RED_MUL || s->hist_rev[0]);
    else
        return false;
    return op && type_is_float(s->buf->elem) && host_known(c, s->hi) && host_known(c, s->args[0]);
}

/* ---- what each statement touches ---- */

typedef void (*VarFn)(Cuda *c, Var *v, int at);

typedef struct Touch {
    Cuda *c;
    int at;
    VarFn var;
} Touch;

static void touch_operand(Operand *o, void *ctx) {
    Touch *t = ctx;
    if (o->kind == OPD_VAR && o->var->id < t->c->e->nvars)
        t->var(t->c, o->var, t->at);
}

static void touch_stmt(Cuda *c, Stmt *s, int at, VarFn var) {
    Touch t = {c, at, var};
    stmt_visit_operands(s, touch_operand, &t);
    int n = 0;
    Var **defs = stmt_all_bound(s, &n);
    for (int i = 0; i < n; i++)
        if (defs[i]->id < c->e->nvars)
            var(c, defs[i], at);
    free(defs);
    Body *inner[3] = {s->then_body, s->else_body, s->body};
    for (int k = 0; k < 3; k++)
        for (int i = 0; inner[k] && i < inner[k]->stmts.len; i++)
            touch_stmt(c, inner[k]->stmts.items[i], at, var);
}

/* (a scan's or histogram's arrays are its operands too) */
static bool names_buffer(Stmt *s, Buffer *b) {
    return s->buf == b || s->scan_in[0] == b || s->scan_in[1] == b || s->hist_rev[0] == b ||
           s->hist_rev[1] == b || s->hist_rev[2] == b;
}

static bool body_names_buffer(Body *body, Buffer *b) {
    for (int i = 0; body && i < body->stmts.len; i++) {
        Stmt *s = body->stmts.items[i];
        if (names_buffer(s, b) || body_names_buffer(s->then_body, b) ||
            body_names_buffer(s->else_body, b) || body_names_buffer(s->body, b))
            return true;
    }
    return false;
}

static bool stmt_touches_buffer(Stmt *s, Buffer *b) {
    return names_buffer(s, b) || stmt_reads_buffer(s, b) || stmt_writes_buffer(s, b) ||
           stmt_frees_buffer(s, b) || body_names_buffer(s->then_body, b) ||
           body_names_buffer(s->else_body, b) || body_names_buffer(s->body, b);
}

/* The kernel statement i is in, or -1 (the host's, hoisted) */
static int kernel_part(Cuda *c, int i) {
    return c->kind[i] == PART_HOST ? -1 : c->part_of[i];
}

static bool declares_array(Stmt *s) {
    return s->buf && ((s->kind == S_DECL && !s->dst) || s->kind == S_ALLOC ||
                      s->kind == S_TAPE_PUSH_REGION || s->kind == S_TAPE_POP_REGION);
}

static int count_declarations(Body *b, Buffer *buf) {
    int n = 0;
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        n += declares_array(s) && s->buf == buf;
        n += count_declarations(s->then_body, buf) + count_declarations(s->else_body, buf) +
             count_declarations(s->body, buf);
    }
    return n;
}

/* ---- the items: what the host runs, in order ---- */

static bool demoted(Cuda *c, Stmt *s) {
    return vec_contains(&c->demoted, s);
}

static void demote(Cuda *c, Stmt *s) {
    if (!demoted(c, s)) {
        vec_push(&c->e->a, &c->demoted, s);
        c->restart = true;
    }
}

static void add_item(Cuda *c, Stmt *s, PartKind k) {
    c->item[c->n] = s;
    c->kind[c->n] = k;
    c->n++;
}

static void set_live(Cuda *c, Var *v, int where) {
    if (v && v->id < c->e->nvars)
        c->live[v->id] = (unsigned char)where;
}

/* Whether b has work for the grid: a map, reduce or scan, not inside one
 * (through loops, ifs and blocks the host may run) */
bool has_grid_work(Body *b) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        if (s->kind == S_MAP || s->kind == S_REDUCE || s->kind == S_SCAN)
            return true;
        if ((s->kind == S_LOOP || s->kind == S_IF || s->kind == S_BLOCK) &&
            (has_grid_work(s->body) || has_grid_work(s->then_body) || has_grid_work(s->else_body)))
            return true;
    }
    return false;
}

/* A body of nothing but the host's arithmetic (or nothing at all: an
 * if that only chooses values, `returned` of an early return) */
static bool host_only(Cuda *c, Body *b) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        if (s->kind != S_COMMENT && !host_let(c, s))
            return false;
    }
    return true;
}

/* A loop, if or block the host runs, launching the kernels of its body's
 * statements in order: one with work for the grid in it, whose bounds or
 * condition the host knows (a loop counted, not a while loop); an if on
 * the host's values that chooses the host's values (its results then the
 * host's: the conditions after it too) */
static bool host_control(Cuda *c, Stmt *s) {
    if (demoted(c, s))
        return false;
    switch (s->kind) {
    case S_LOOP:
        return s->hi.kind != OPD_NONE && s->until.kind == OPD_NONE && host_known(c, s->lo) &&
               host_known(c, s->hi) && s->index->id < c->e->nvars && has_grid_work(s->body);
    case S_IF:
        return host_known(c, s->cond) &&
               (has_grid_work(s->then_body) || has_grid_work(s->else_body) ||
                (s->phis.len && host_only(c, s->then_body) && host_only(c, s->else_body)));
    case S_BLOCK:
        return has_grid_work(s->body);
    default:
        return false;
    }
}

bool is_region(Stmt *s) {
    return s->kind == S_TAPE_PUSH_REGION || s->kind == S_TAPE_POP_REGION;
}

static void classify_body(Cuda *c, Body *b);

/* A scalar a sequential loop saves for its return sweep, which the host
 * pushes (its value is the host's) or pops (into a value of the host's) */
static bool host_scalar_save(Cuda *c, Stmt *s) {
    if ((s->kind != S_PUSH && s->kind != S_POP) || s->tape_pair <= 0 || s->tape_pair >= c->npairs ||
        c->pair_dev[s->tape_pair])
        return false;
    return s->kind == S_PUSH ? host_known(c, s->args[0])
                             : !s->dst->is_mutable && s->dst->id < c->e->nvars;
}

/* A loop's carried scalars stay on the host where their initial values
 * and every iteration's new values are the host's; an if's results where
 * both branches' are */
static void classify_control(Cuda *c, Stmt *s) {
    add_item(c, s, PART_OPEN);
    if (s->kind == S_LOOP) {
        set_live(c, s->index, LIVE_HOST);
        for (int k = 0; k < s->carried.len; k++) {
            Carried *ca = s->carried.items[k];
            if (ca->param->id < c->e->nvars && !c->no_host[ca->param->id] &&
                host_known(c, ca->init))
                set_live(c, ca->param, LIVE_HOST);
        }
        classify_body(c, s->body);
        for (int k = 0; k < s->carried.len; k++) {
            Carried *ca = s->carried.items[k];
            if (!host_known(c, opd_var(ca->param)))
                continue;
            if (!host_known(c, ca->yield)) { /* (the body took it for the host's) */
                c->no_host[ca->param->id] = 1;
                c->restart = true;
            }
            set_live(c, ca->result, LIVE_HOST);
        }
    } else if (s->kind == S_IF) {
        classify_body(c, s->then_body);
        add_item(c, s, PART_ELSE);
        classify_body(c, s->else_body);
        for (int k = 0; k < s->phis.len; k++) {
            Phi *ph = s->phis.items[k];
            if (host_known(c, ph->then_val) && host_known(c, ph->else_val))
                set_live(c, ph->dst, LIVE_HOST);
        }
    } else {
        classify_body(c, s->body);
    }
    add_item(c, s, PART_CLOSE);
}

static void classify_body(Cuda *c, Body *b) {
    Emitter *e = c->e;
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        bool array = (declares_array(s) || s->kind == S_FREE) && s->buf && s->buf->id < e->nbufs;
        if (declares_array(s) && s->buf->id < e->nbufs)
            c->buf_decl[s->buf->id] = s;
        if (s->kind == S_COMMENT) {
            add_item(c, s, PART_COMMENT);
        } else if (host_let(c, s)) {
            set_live(c, s->dst, LIVE_HOST);
            if (s->dst->id < e->nvars)
                c->host_def[s->dst->id] = s;
            add_item(c, s, PART_HOST);
        } else if (array && c->alloc_host[s->buf->id]) {
            c->host_buf[s->buf->id] = 1;
            add_item(c, s, PART_HOST);
        } else if (is_region(s) && c->host_tape && host_known(c, s->args[0]) &&
                   s->buf->id < e->nbufs) {
            c->host_buf[s->buf->id] = 1;
            c->host_tape_used = true;
            add_item(c, s, PART_HOST);
        } else if (host_scalar_save(c, s)) {
            if (s->kind == S_POP)
                set_live(c, s->dst, LIVE_HOST);
            c->pair_host[s->tape_pair] = 1;
            c->host_stack_used = true;
            add_item(c, s, PART_HOST);
        } else if (host_control(c, s)) {
            classify_control(c, s);
        } else if (demoted(c, s)) {
            add_item(c, s, PART_SEQ);
        } else if ((s->kind == S_MAP || s->kind == S_REDUCE) && grid_loop(c, s)) {
            add_item(c, s, s->kind == S_MAP ? PART_MAP : PART_REDUCE);
        } else if (s->kind == S_SCAN && grid_scan(c, s)) {
            add_item(c, s, PART_SCAN);
        } else if (device_call(c, s)) {
            add_item(c, s, PART_CALL);
        } else {
            add_item(c, s, PART_SEQ);
        }
    }
}

/* Whether b pushes or pops a region of the tape at any depth */
static bool body_has_region(Body *b) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        if (is_region(s) || body_has_region(s->then_body) || body_has_region(s->else_body) ||
            body_has_region(s->body))
            return true;
    }
    return false;
}

/* The host's tape only where no one-thread kernel pushes or pops a region
 * (a grid kernel's threads push on tapes of their own) */
static void check_host_tape(Cuda *c) {
    if (!c->host_tape_used)
        return;
    for (int i = 0; i < c->n; i++) {
        Stmt *s = c->item[i];
        if (c->kind[i] == PART_SEQ && (is_region(s) || body_has_region(s->then_body) ||
                                       body_has_region(s->else_body) || body_has_region(s->body))) {
            c->host_tape = false;
            c->restart = true;
            return;
        }
    }
}

/* A pair of scalar saves is the host's where every push and pop of it is
 * (one a kernel runs makes the pair the frame's) */
bool pair_on_host(Cuda *c, Stmt *s) {
    return (s->kind == S_PUSH || s->kind == S_POP) && s->tape_pair > 0 &&
           s->tape_pair < c->npairs && c->pair_host[s->tape_pair];
}

static void check_pairs_in(Cuda *c, Body *b);

static void check_pair(Cuda *c, Stmt *s) {
    if (pair_on_host(c, s) && !c->pair_dev[s->tape_pair]) {
        c->pair_dev[s->tape_pair] = 1;
        c->restart = true;
    }
    check_pairs_in(c, s->then_body);
    check_pairs_in(c, s->else_body);
    check_pairs_in(c, s->body);
}

static void check_pairs_in(Cuda *c, Body *b) {
    for (int i = 0; b && i < b->stmts.len; i++)
        check_pair(c, b->stmts.items[i]);
}

static void check_host_pairs(Cuda *c) {
    if (!c->host_stack_used)
        return;
    for (int i = 0; i < c->n; i++)
        if (c->kind[i] != PART_HOST && !is_control(c, i))
            check_pair(c, c->item[i]);
}

bool is_control(Cuda *c, int i) {
    return c->kind[i] == PART_OPEN || c->kind[i] == PART_ELSE || c->kind[i] == PART_CLOSE;
}

/* Whether the host can allocate every declaration of buf where it is
 * (each an item, its size the host's: one dimension), a declaration in a
 * loop another array each time, freed at the end of its scope */
static bool host_allocatable(Cuda *c, Buffer *buf) {
    int items = 0;
    for (int i = 0; i < c->n; i++) {
        Stmt *d = c->item[i];
        if (is_control(c, i) || !declares_array(d) || d->buf != buf)
            continue;
        bool sized = d->kind == S_ALLOC ? host_known(c, d->args[0])
                     : d->kind == S_DECL
                         ? !buf->table && buf->rank == 1 && host_known(c, decl_dim(d, 0))
                         : false;
        if (!sized)
            return false;
        items++;
    }
    return items > 0 && items == count_declarations(c->f->body, buf);
}

/* An array declared where the host runs that several kernels use: the
 * host allocates it where its size is known there (one dimension), else
 * the statements from its first use to its last run as one kernel of one
 * thread (the loops and ifs among them too). Returns whether a choice
 * changed. */
static bool place_buffers(Cuda *c) {
    for (int id = 0; id < c->e->nbufs; id++) {
        Stmt *d = c->buf_decl[id];
        if (!d || c->host_buf[id])
            continue;
        int first = -1, last = -1, part = -2;
        bool several = false;
        for (int i = 0; i < c->n; i++) {
            Stmt *s = c->item[i];
            if (is_control(c, i) || kernel_part(c, i) < 0 || !stmt_touches_buffer(s, d->buf))
                continue;
            if (first < 0)
                first = i;
            last = i;
            several |= part != -2 && part != kernel_part(c, i);
            part = kernel_part(c, i);
        }
        if (!several)
            continue;
        bool sized = host_allocatable(c, d->buf);
        for (int i = first; i <= last && sized; i++) {
            Stmt *s = c->item[i];
            sized = is_control(c, i) || !stmt_frees_buffer(s, d->buf) || s->kind == S_FREE;
        }
        if (sized) {
            c->alloc_host[id] = 1;
            return true;
        }
        for (int i = first; i <= last; i++)
            if (c->kind[i] != PART_SEQ && c->kind[i] != PART_HOST && c->kind[i] != PART_COMMENT)
                demote(c, c->item[i]);
        if (c->restart)
            return true;
    }
    return false;
}

/* Kernels: runs of one-thread items (with the comments before them, and
 * across the host's items, which the host runs before their launch),
 * maps, reduces, scans; comments before these go to the host; each item
 * of a loop, if or block the host runs is a part of its own. */
static void make_parts(Cuda *c) {
    c->nparts = 0;
    int open_seq = -1; /* the part a one-thread statement joins */
    for (int i = 0; i < c->n; i++) {
        PartKind k = c->kind[i];
        c->part_of[i] = -1;
        if (k == PART_HOST)
            continue;
        if (k == PART_COMMENT) {
            int j = i;
            while (j < c->n && (c->kind[j] == PART_COMMENT || c->kind[j] == PART_HOST))
                j++;
            k = j < c->n && c->kind[j] == PART_SEQ ? PART_SEQ : PART_COMMENT;
        }
        if (k == PART_SEQ && open_seq >= 0) {
            c->parts[open_seq].end = i + 1;
        } else {
            c->parts[c->nparts] = (Part){k, i, i + 1};
            open_seq = k == PART_SEQ ? c->nparts : -1;
            c->nparts++;
        }
        c->part_of[i] = open_seq >= 0 ? open_seq : c->nparts - 1;
    }
}

static void note_def(Cuda *c, Var *v, int at) {
    if (v->id < c->e->nvars && c->def_part[v->id] < 0 && c->live[v->id] == LIVE_KERNEL)
        c->def_part[v->id] = c->part_of[at];
}

static void note_use(Cuda *c, Var *v, int at) {
    if (v->id >= c->e->nvars)
        return;
    int d = c->def_part[v->id];
    if (d >= 0 && d != c->part_of[at] && c->live[v->id] == LIVE_KERNEL)
        c->live[v->id] = LIVE_FRAME;
}

static void note_operand_use(Cuda *c, Operand o, int at) {
    if (o.kind == OPD_VAR)
        note_use(c, o.var, at);
}

/* What the host's loop, if or block s binds and reads at item i: a loop's
 * carried scalars at its head (their initial values read there) and its
 * results at its end (each iteration's new values read there), an if's
 * results at its end (each branch's values read at its end) */
static void note_control(Cuda *c, int i, bool defs) {
    Stmt *s = c->item[i];
    for (int k = 0; k < s->carried.len; k++) {
        Carried *ca = s->carried.items[k];
        if (c->kind[i] == PART_OPEN && defs)
            note_def(c, ca->param, i);
        if (c->kind[i] == PART_OPEN && !defs)
            note_operand_use(c, ca->init, i);
        if (c->kind[i] == PART_CLOSE && defs)
            note_def(c, ca->result, i);
        if (c->kind[i] == PART_CLOSE && !defs)
            note_operand_use(c, ca->yield, i);
    }
    for (int k = 0; k < s->phis.len; k++) {
        Phi *ph = s->phis.items[k];
        if (c->kind[i] == PART_CLOSE && defs)
            note_def(c, ph->dst, i);
        if (!defs)
            note_operand_use(c, c->kind[i] == PART_ELSE ? ph->then_val : ph->else_val, i);
    }
}

static void name_if_frame(Cuda *c, Var *v) {
    if (v->id < c->e->nvars && c->live[v->id] == LIVE_FRAME)
        (void)var_name(c->e, v);
}

/* An array the host allocates where every declaration is an item: where
 * a loop or if around one runs in a kernel now, it no longer is */
static void check_host_arrays(Cuda *c) {
    for (int id = 0; id < c->e->nbufs; id++)
        if (c->alloc_host[id] && (!c->buf_decl[id] || !host_allocatable(c, c->buf_decl[id]->buf))) {
            c->alloc_host[id] = 0;
            c->restart = true;
        }
}

/* An array the host passes: a parameter of its own (not a struct's
 * field: the struct may be device memory), or one it allocated */
static bool host_passes(Cuda *c, Buffer *b) {
    if (!b || (b->id < c->e->nbufs && c->host_buf[b->id]))
        return true;
    for (int i = 0; b->kind == BUF_PARAM && i < c->f->params.len; i++) {
        Param *p = c->f->params.items[i];
        if (p->buf == b)
            return !p->group && !b->row_table;
    }
    return false;
}

/* The scans and histograms the host calls: each array theirs to pass,
 * else they run in a kernel of one thread */
static void check_calls(Cuda *c) {
    for (int i = 0; i < c->n; i++) {
        Stmt *s = c->item[i];
        Buffer *named[] = {s->buf,         s->scan_in[0],  s->scan_in[1],
                           s->hist_rev[0], s->hist_rev[1], s->hist_rev[2]};
        for (size_t q = 0; c->kind[i] == PART_CALL && q < sizeof named / sizeof named[0]; q++)
            if (!host_passes(c, named[q]))
                demote(c, s);
    }
}

/* A round of choices: the items, their kernels; false where one changed
 * (another round then) */
static bool classify_round(Cuda *c) {
    Emitter *e = c->e;
    c->n = 0;
    c->restart = false;
    c->host_tape_used = c->host_stack_used = false;
    memset(c->pair_host, 0, (size_t)c->npairs);
    memset(c->live, LIVE_KERNEL, (size_t)e->nvars + 1);
    memset(c->host_def, 0, sizeof(Stmt *) * ((size_t)e->nvars + 1));
    memset(c->host_buf, 0, (size_t)e->nbufs + 1);
    memset(c->buf_decl, 0, sizeof(Stmt *) * ((size_t)e->nbufs + 1));
    for (int i = 0; i < c->f->params.len; i++) {
        Param *p = c->f->params.items[i];
        if (p->var && p->var->id < e->nvars)
            c->live[p->var->id] = LIVE_PARAM;
    }
    classify_body(c, c->f->body);
    check_host_arrays(c);
    if (!c->restart)
        check_host_tape(c);
    if (!c->restart)
        check_host_pairs(c);
    if (c->restart)
        return false;
    make_parts(c);
    if (place_buffers(c))
        return false;
    check_calls(c);
    return !c->restart;
}

void classify(Cuda *c) {
    Emitter *e = c->e;
    while (!classify_round(c))
        ;
    for (int i = 0; i <= e->nvars; i++)
        c->def_part[i] = -1;
    for (int i = 0; i < c->n; i++) {
        if (c->part_of[i] < 0)
            continue;
        if (is_control(c, i)) {
            note_control(c, i, true);
            continue;
        }
        int n = 0;
        Var **defs = stmt_all_defs(c->item[i], &n);
        for (int k = 0; k < n; k++)
            note_def(c, defs[k], i);
        free(defs);
    }
    for (int i = 0; i < c->n; i++) {
        if (c->part_of[i] < 0)
            continue;
        if (is_control(c, i))
            note_control(c, i, false);
        else
            touch_stmt(c, c->item[i], i, note_use);
    }
    /* a carried scalar the host does not keep lives in the frame, where
     * its loop's result is read */
    for (int i = 0; i < c->n; i++) {
        Stmt *s = c->item[i];
        for (int k = 0; c->kind[i] == PART_OPEN && k < s->carried.len; k++) {
            Carried *ca = s->carried.items[k];
            if (host_known(c, opd_var(ca->param)))
                continue;
            set_live(c, ca->param, LIVE_FRAME);
            if (ca->result->id < e->nvars) {
                c->live[ca->result->id] = LIVE_FRAME;
                c->frame_expr[ca->result->id] =
                    arena_printf(&e->a, "pg_frame->%s", var_name(e, ca->param));
            }
        }
    }
    /* what crosses kernels is named, never inlined */
    for (int id = 0; id < e->nvars; id++)
        if (c->live[id] == LIVE_FRAME || c->live[id] == LIVE_HOST)
            e->inlined[id] = 0;
    /* and named first, in the function's scope: its name stays taken in
     * every kernel (the frame's fields are named by it) */
    for (int i = 0; i < c->n; i++) {
        if (is_control(c, i)) { /* (an if's results, a loop's carried scalars) */
            Stmt *s = c->item[i];
            for (int k = 0; k < s->phis.len; k++)
                name_if_frame(c, ((Phi *)s->phis.items[k])->dst);
            for (int k = 0; k < s->carried.len; k++)
                name_if_frame(c, ((Carried *)s->carried.items[k])->param);
            continue;
        }
        /* (a loop's result is its carried scalar's C variable after it,
         * named by the kernel that runs the loop: named here first, so that
         * no other kernel's variable takes its name) */
        Stmt *s = c->item[i];
        for (int k = 0; s->kind == S_LOOP && k < s->carried.len; k++) {
            Carried *ca = s->carried.items[k];
            if (ca->result->id < e->nvars && c->live[ca->result->id] == LIVE_FRAME)
                (void)var_name(e, ca->param);
        }
        int n = 0;
        Var **defs = stmt_all_defs(s, &n);
        for (int k = 0; k < n; k++)
            name_if_frame(c, defs[k]);
        free(defs);
    }
}
