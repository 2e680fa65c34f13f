/* Reverse mode of sequential loops (PRAGMAS.md section 3).
 *
 * Forward, each iteration pushes what the return sweep cannot compute
 * again: the loop-carried scalars (but for induction variables, found from
 * the index) and the old values of the elements it overwrites (rev_save.c),
 * or, where that is cheaper, the values an array ends the iteration with
 * (rev_kill.c, a checkpoint). The return sweep runs the iterations in
 * reverse: each puts back what it saved, re-executes its body forward and
 * runs its adjoint.
 *
 * `#pragma pargrad loop stripmine(K)` turns the loop into K levels of
 * blocks before anything else runs (stripmine_loops): a level's iteration
 * saves what its whole block overwrites once, so T iterations keep about
 * K * T^(1/K) iterations' saves at a time, and each body runs forward at
 * most K + 1 times.
 *
 * `checkpoint(entry: a, b)` (SC22 6.2): arrays the loop writes without
 * false dependences are saved once before it instead of by its iterations
 * (entry_arrays). */
#include "rev.h"
#include "derivs.h"

#include <stdlib.h>
#include <string.h>

static Stmt *loop_like(Rev *r, Stmt *s, StmtKind kind) {
    Stmt *l = stmt_new(r->a, kind, s->loc);
    l->index = s->index;
    l->lo = s->lo;
    l->hi = s->hi;
    l->body = body_new(r->a);
    l->text = s->text;
    l->until = s->until;
    l->trips = s->trips;
    l->loop_notes = s->loop_notes;
    return l;
}

/* Carried scalars travel through the tape; push and pop share a number so
 * that both go when the return sweep turns out not to need the value. */
static void push_carried(Rev *r, Body *out, SrcLoc loc, Var *param) {
    Stmt *p = stmt_new(r->a, S_PUSH, loc);
    p->nargs = 1;
    p->args[0] = opd_var(param);
    p->tape_pair = param->id + 1;
    body_append(r->a, out, p);
}

/* A carried integer stepped by a constant in every iteration of a counted
 * loop (`idx++` walking a packed triangle, a pointer's offset): its value
 * in each iteration follows from the index, so it needs no tape. The step
 * (*step), or false. */
static bool induction_step(Rev *r, Stmt *loop, Carried *c, long long *step) {
    if (type_is_float(c->param->ty) || loop->hi.kind == OPD_NONE || loop->until.kind != OPD_NONE ||
        loop->blocks_of)
        return false;
    Stmt *y = def_of(r, c->yield);
    if (!y || y->kind != S_LET || (y->op != OP_ADD && y->op != OP_SUB) || y->nargs != 2)
        return false;
    for (int k = 0; k < 2; k++) {
        Operand self = y->args[k], by = y->args[1 - k];
        if (self.kind != OPD_VAR || self.var != c->param || by.kind != OPD_CONST ||
            type_is_float(by.ty) || (y->op == OP_SUB && k == 1))
            continue;
        *step = y->op == OP_SUB ? -by.ival : by.ival;
        return true;
    }
    return false;
}

/* o computed by lets of loop's body from its index and values from
 * outside it (an inner loop's bounds, i + 1): it can be computed again at
 * the start of the loop's return iteration. */
static bool from_index(Stmt *loop, Operand o, int depth) {
    if (o.kind == OPD_CONST || (o.kind == OPD_VAR && o.var == loop->index))
        return true;
    if (o.kind != OPD_VAR || o.var->is_mutable || depth == 0)
        return false;
    if (bound_outside(loop->body, o))
        return true;
    bool other = false;
    Stmt *d = binding_in(loop->body, o.var, NULL, &other);
    if (!d || d->kind != S_LET || d->op == OP_CALL || d->op >= OP_UOP)
        return false;
    for (int k = 0; k < d->nargs; k++)
        if (!from_index(loop, d->args[k], depth - 1))
            return false;
    return true;
}

/* o (from_index) computed again into bd's body: its lets copied */
static Operand index_value_again(Rev *r, Stmt *loop, Operand o, Builder *bd) {
    bool other = false;
    Stmt *d = o.kind == OPD_VAR && o.var != loop->index
                  ? binding_in(loop->body, o.var, NULL, &other)
                  : NULL;
    if (!d)
        return o;
    Stmt *c = stmt_new(r->a, S_LET, d->loc);
    *c = *d;
    c->dst = var_new(r->a, r->dst, d->dst->name, d->dst->ty);
    for (int k = 0; k < d->nargs; k++)
        c->args[k] = index_value_again(r, loop, d->args[k], bd);
    body_append(r->a, bd->b, c);
    return opd_var(c->dst);
}

/* A carried integer counted on by a loop in the body (`idx` walking a
 * packed triangle row by row: `for (j = i + 1; j < d; j++) idx++;`): the
 * yield is the result of a counted loop directly in the body whose own
 * carried scalar starts at it and steps by a constant, with bounds from
 * the index (from_index). Each iteration adds step times that loop's
 * trips, so the return sweep finds its value where an iteration starts
 * from where it ends, the value after the loop less the later
 * iterations' steps: no tape. The inner loop (*inner) and its step, or
 * NULL. */
static Stmt *counted_by_inner(Rev *r, Stmt *loop, Carried *c, long long *step) {
    if (type_is_float(c->param->ty) || !is_counted_loop(loop))
        return NULL;
    Stmt *in = def_of(r, c->yield);
    if (!in || !is_counted_loop(in) || !vec_contains(&loop->body->stmts, in) ||
        !from_index(loop, in->lo, 8) || !from_index(loop, in->hi, 8))
        return NULL;
    for (int k = 0; k < in->carried.len; k++) {
        Carried *ic = in->carried.items[k];
        if (c->yield.kind == OPD_VAR && ic->result == c->yield.var &&
            opd_equal(ic->init, opd_var(c->param)) && induction_step(r, in, ic, step))
            return in;
    }
    return NULL;
}

/* Whether the forward needs to push the carried scalar's values. */
static bool carried_on_tape(Rev *r, Stmt *loop, Carried *c) {
    long long step;
    return !induction_step(r, loop, c, &step) && !counted_by_inner(r, loop, c, &step);
}

/* The value of a carried scalar counted on by an inner loop
 * (counted_by_inner) where the return iteration starts: a running value,
 * from the loop's result down, less the iteration's count. */
static void counted_value(Rev *r, Stmt *s, Carried *c, Stmt *in, long long step, Body *before,
                          Body *out) {
    Var *run = var_new(r->a, r->dst, c->param->name, type_long());
    run->is_mutable = true;
    Stmt *d = stmt_new(r->a, S_DECL, s->loc);
    d->dst = run;
    d->nargs = 1;
    Builder pre = {r->a, r->dst, before, s->loc};
    b_comment(&pre, arena_printf(r->a,
                                 "%s where each return iteration starts: counted back from its "
                                 "value after the loop, less what the inner loop adds (no tape)",
                                 c->param->name));
    d->args[0] = b_cast(&pre, type_long(), opd_var(c->result));
    body_append(r->a, before, d);
    Builder bd = {r->a, r->dst, out, s->loc};
    Operand lo = b_cast(&bd, type_long(), index_value_again(r, s, in->lo, &bd));
    Operand hi = b_cast(&bd, type_long(), index_value_again(r, s, in->hi, &bd));
    Operand trips = b_select(&bd, b_cmp(&bd, OP_GT, hi, lo), b_sub(&bd, hi, lo), opd_int(0));
    Stmt *back = stmt_new(r->a, S_LET, s->loc);
    back->dst = run;
    back->op = OP_SUB;
    back->nargs = 2;
    back->args[0] = opd_var(run);
    back->args[1] = b_mul(&bd, trips, opd_int(step));
    body_append(r->a, out, back);
    Stmt *set = stmt_new(r->a, S_LET, s->loc);
    set->dst = c->param;
    set->op = OP_CAST;
    set->cast_exact = true;
    set->nargs = 1;
    set->args[0] = opd_var(run);
    body_append(r->a, out, set);
}

/* The carried scalar's value in the iteration at hand: popped, for an
 * induction variable init + (index - lo) * step, or for one an inner loop
 * counts on from the iteration after (declared in `before`). */
static void carried_value(Rev *r, Stmt *s, Carried *c, Body *before, Body *out) {
    long long step;
    Stmt *in = induction_step(r, s, c, &step) ? NULL : counted_by_inner(r, s, c, &step);
    if (in) {
        counted_value(r, s, c, in, step, before, out);
        return;
    }
    if (carried_on_tape(r, s, c)) {
        Stmt *pop = stmt_new(r->a, S_POP, s->loc);
        pop->dst = c->param;
        pop->tape_pair = c->param->id + 1;
        body_append(r->a, out, pop);
        return;
    }
    Builder bd = {r->a, r->dst, out, s->loc};
    Operand trip =
        b_sub(&bd, b_cast(&bd, type_long(), opd_var(s->index)), b_cast(&bd, type_long(), s->lo));
    Operand at = b_add(&bd, b_cast(&bd, type_long(), c->init), b_mul(&bd, trip, opd_int(step)));
    Stmt *set = stmt_new(r->a, S_LET, s->loc);
    set->dst = c->param;
    set->op = OP_CAST;
    set->cast_exact = true;
    set->nargs = 1;
    set->args[0] = at;
    body_append(r->a, out, set);
}

/* ---- checkpoint(entry: a, b) ---- */
/* An array a loop writes without false dependences (no element written
 * twice, none written after it was read) keeps every value it had: each
 * iteration, run again in the return sweep on the array as the loop left
 * it, reads what it read the first time, and writes what it wrote. So the
 * loop's entry saves the elements it will write once, its iterations save
 * nothing of them, and its return sweep's end puts them back for the
 * statements before the loop. The user promises the absence of false
 * dependences; what a look at the statements can refute is refused. */

/* Whether o can differ between the loop's iterations (true where unsure). */
static bool varies_by_trip(Rev *r, Stmt *loop, Operand o, int depth) {
    if (o.kind != OPD_VAR)
        return false;
    if (depth > 32 || o.var == loop->index || o.var->is_mutable)
        return true;
    for (int i = 0; i < loop->carried.len; i++)
        if (((Carried *)loop->carried.items[i])->param == o.var)
            return true;
    Stmt *d = def_of(r, o);
    if (!d)
        return false;
    if (d->index == o.var) /* an inner loop's index: over bounds that may vary */
        return varies_by_trip(r, loop, d->lo, depth + 1) ||
               varies_by_trip(r, loop, d->hi, depth + 1);
    if (d->kind == S_READ && stmt_writes_buffer(loop, d->buf))
        return true;
    if (d->kind != S_LET && d->kind != S_READ)
        return true;
    for (int k = 0; k < d->nargs; k++)
        if (varies_by_trip(r, loop, d->args[k], depth + 1))
            return true;
    for (int k = 0; k < d->nidx; k++)
        if (varies_by_trip(r, loop, d->idx[k], depth + 1))
            return true;
    return false;
}

/* Whether value v is computed (through lets) from w's own element. */
static bool reads_own_element(Rev *r, Stmt *w, Operand v, int depth) {
    Stmt *d = v.kind == OPD_VAR && depth < 16 ? def_of(r, v) : NULL;
    if (!d)
        return false;
    if (d->kind == S_READ && d->buf == w->buf && d->nidx == w->nidx) {
        bool same = true;
        for (int k = 0; k < w->nidx; k++)
            same &= opd_equal(d->idx[k], w->idx[k]);
        if (same)
            return true;
    }
    if (d->kind != S_LET)
        return false;
    for (int k = 0; k < d->nargs; k++)
        if (reads_own_element(r, w, d->args[k], depth + 1))
            return true;
    return false;
}

/* A statement of the loop's body b giving buf a false dependence that can
 * be seen (*why says which), or NULL. */
static Stmt *entry_conflict(Rev *r, Stmt *loop, Body *b, Buffer *buf, bool under_if,
                            const char **why) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        if ((s->kind == S_ACC || s->kind == S_HIST) && s->buf == buf) {
            *why = "adds into its elements: each addition reads the element it writes";
            return s;
        }
        if (s->kind == S_WRITE && s->buf == buf) {
            if (s->nargs == 1 && reads_own_element(r, s, s->args[0], 0)) {
                *why = "reads the element it overwrites";
                return s;
            }
            bool varies = under_if;
            for (int k = 0; k < s->nidx && !varies; k++)
                varies = varies_by_trip(r, loop, s->idx[k], 0);
            if (!varies) {
                *why = "writes the same elements in every iteration";
                return s;
            }
        }
        bool in_if = under_if || s->kind == S_IF;
        Body *bodies[3] = {s->then_body, s->else_body, s->body};
        for (int q = 0; q < 3; q++) {
            Stmt *bad = entry_conflict(r, loop, bodies[q], buf, in_if, why);
            if (bad)
                return bad;
        }
    }
    return NULL;
}

/* Whether entry array buf of loop s has a false dependence that can be
 * seen (then reported). */
static bool refuse_entry_conflict(Rev *r, Stmt *s, Buffer *buf) {
    const char *why = NULL;
    Stmt *bad = entry_conflict(r, s, s->body, buf, false, &why);
    if (bad)
        rev_error(r, bad->loc,
                  arena_printf(r->a,
                               "remove %s from checkpoint(entry: ...) at line %d; its "
                               "iterations then save the elements they overwrite",
                               buf->name, s->loop_notes->entry_loc.line),
                  arena_printf(r->a,
                               "'%s' has a false dependence in the loop of "
                               "checkpoint(entry: ...): this statement %s",
                               buf->name, why));
    return bad != NULL;
}

static void check_dead_entry_clauses(Rev *r, Body *b) {
    for (int i = 0; b && i < b->stmts.len && !r->failed; i++) {
        Stmt *s = b->stmts.items[i];
        for (int k = 0; s->loop_notes && k < s->loop_notes->entry.len && !r->failed; k++)
            if (stmt_writes_buffer(s, s->loop_notes->entry.items[k]))
                refuse_entry_conflict(r, s, s->loop_notes->entry.items[k]);
        check_dead_entry_clauses(r, s->then_body);
        check_dead_entry_clauses(r, s->else_body);
        check_dead_entry_clauses(r, s->body);
    }
}

bool entry_clauses_check(Arena *a, Func *f, Body *b, RevErrors *err) {
    Rev r = {.a = a, .src = f, .err = err, .nvars = f->next_var_id};
    r.def_stmt = arena_alloc(a, sizeof(Stmt *) * (size_t)(r.nvars + 1));
    rev_index_defs(&r, f->body);
    rev_index_defs(&r, b);
    check_dead_entry_clauses(&r, b);
    return !r.failed;
}

/* The arrays of loop s's entry clause saved once before it: those it
 * writes whose elements can be found ahead (the others, noted in `notes`
 * when given, its iterations save as without the clause); NULL if none. */
static PtrVec *entry_arrays(Rev *r, Stmt *s, PtrVec *dead, Body *notes) {
    LoopNotes *n = s->loop_notes;
    if (!n || !n->entry.len)
        return NULL;
    PtrVec *arrays = arena_alloc(r->a, sizeof(PtrVec));
    for (int i = 0; i < n->entry.len && !r->failed; i++) {
        Buffer *buf = n->entry.items[i];
        if (vec_contains(dead, buf) || vec_contains(r->entry_saved, buf) ||
            !stmt_writes_buffer(s, buf))
            continue;
        if (refuse_entry_conflict(r, s, buf))
            return NULL;
        if (entry_saves_ahead(r, s, buf, dead)) {
            vec_push(r->a, arrays, buf);
        } else if (notes) {
            Builder bd = {r->a, r->dst, notes, s->loc};
            b_comment(&bd, arena_printf(r->a,
                                        "checkpoint(entry: %s): which elements the loop writes "
                                        "is known only as it runs; its iterations save them",
                                        buf->name));
        }
    }
    return arrays->len ? arrays : NULL;
}

/* outer with the arrays added (outer itself where there are none) */
static PtrVec *with_arrays(Rev *r, PtrVec *outer, PtrVec *more) {
    if (!more || !more->len)
        return outer;
    PtrVec *all = arena_alloc(r->a, sizeof(PtrVec));
    for (int i = 0; outer && i < outer->len; i++)
        vec_push(r->a, all, outer->items[i]);
    for (int i = 0; i < more->len; i++)
        vec_push(r->a, all, more->items[i]);
    return all;
}

/* Saves (forward) or puts back (after the return sweep) the entry arrays. */
static void transfer_entry_arrays(Rev *r, Stmt *s, PtrVec *arrays, Body *out, PtrVec *dead,
                                  bool save) {
    Body *b = body_new(r->a);
    if (!transfer_entry(r, s, arrays, b, dead, save))
        return;
    Builder bd = {r->a, r->dst, out, s->loc};
    const char *names = ((Buffer *)arrays->items[0])->name;
    int at = out->stmts.len;
    for (int i = 1; i < arrays->len; i++)
        names = arena_printf(r->a, "%s, %s", names, ((Buffer *)arrays->items[i])->name);
    b_comment(&bd, save ? arena_printf(r->a,
                                       "checkpoint(entry: %s): the elements the loop writes, "
                                       "saved once here; its iterations save none of them",
                                       names)
                        : arena_printf(r->a, "checkpoint(entry: %s): put back as before the loop",
                                       names));
    ((Stmt *)out->stmts.items[at])->note = save ? ENTRY_SAVE_NOTE : NULL; /* --report finds it */
    for (int i = 0; i < b->stmts.len; i++)
        body_append(r->a, out, b->stmts.items[i]);
}

/* The loop's checkpoints (rev_kill.c), but for arrays an outer loop's
 * checkpoint has put back (their writes are dropped here: the values would
 * be the outer iteration's) and for a loop whose return sweep does nothing,
 * which would pop nothing. */
static PtrVec *loop_checkpoints(Rev *r, Stmt *s) {
    PtrVec *all = only_final_values(s) ? NULL : iteration_checkpoints(r, s);
    if (!all || !all->len)
        return NULL;
    PtrVec *cps = arena_alloc(r->a, sizeof(PtrVec));
    for (int i = 0; i < all->len; i++)
        if (!vec_contains(r->restored, ((Checkpoint *)all->items[i])->buf) &&
            !vec_contains(r->entry_saved, ((Checkpoint *)all->items[i])->buf))
            vec_push(r->a, cps, all->items[i]);
    return cps;
}

/* Forward: each iteration pushes the elements it will overwrite and its
 * carried scalars, then runs the primal body; at its end, its checkpoints. */
void rev_loop_fwd(Rev *r, Stmt *s, Body *out, PtrVec *dead) {
    PtrVec *outer_entry = r->entry_saved;
    PtrVec *entry = entry_arrays(r, s, dead, out);
    if (entry)
        transfer_entry_arrays(r, s, entry, out, dead, true);
    r->entry_saved = with_arrays(r, outer_entry, entry);
    Stmt *l = loop_like(r, s, S_LOOP);
    l->carried = s->carried;
    PtrVec *unsaved = iteration_saves_skip(r, s, dead);
    WriteLog *log =
        save_regions(r, (Stmt **)s->body->stmts.items, s->body->stmts.len, l->body, unsaved);
    for (int i = 0; i < s->carried.len; i++) {
        Carried *c = s->carried.items[i];
        if (carried_on_tape(r, s, c))
            push_carried(r, l->body, s->loc, c->param);
    }
    for (int i = 0; i < s->body->stmts.len; i++)
        append_forward(r, s->body->stmts.items[i], dead, log, l->body);
    end_log(r, log, l->body);
    PtrVec *cps = loop_checkpoints(r, s);
    for (int i = 0; cps && i < cps->len; i++)
        transfer_checkpoint(r, cps->items[i], s->loc, l->body, true);
    body_append(r->a, out, l);
    r->entry_saved = outer_entry;
}

/* Rev.restored with the checkpoints' arrays added */
static PtrVec *with_restored(Rev *r, PtrVec *outer, PtrVec *cps) {
    PtrVec bufs = {0};
    for (int i = 0; cps && i < cps->len; i++)
        vec_push(r->a, &bufs, ((Checkpoint *)cps->items[i])->buf);
    return with_arrays(r, outer, &bufs);
}

/* Return sweep: iterations in reverse; each restores its carried scalars
 * and what it overwrote, re-executes its body, then runs the body's adjoint.
 * The adjoint of a carried value travels in the result's adjoint variable. */
void rev_loop_bwd(Rev *r, Stmt *s, Body *out, PtrVec *dead) {
    Stmt *l = loop_like(r, s, S_LOOP);
    l->reversed = true;
    l->note = "adjoint, reversed";
    PtrVec *outer_entry = r->entry_saved;
    PtrVec *entry = entry_arrays(r, s, dead, NULL);
    r->entry_saved = with_arrays(r, outer_entry, entry);
    if (s->hi.kind == OPD_NONE) { /* a while loop: as many iterations as it ran */
        l->hi = opd_var(s->trips);
        l->until = opd_none();
    }
    Stmt **stmts = (Stmt **)s->body->stmts.items;
    int n = s->body->stmts.len;
    /* pushed last in the iteration, popped first */
    PtrVec *cps = loop_checkpoints(r, s);
    for (int i = cps ? cps->len - 1 : -1; i >= 0; i--)
        transfer_checkpoint(r, cps->items[i], s->loc, l->body, false);
    PtrVec *unsaved = iteration_saves_skip(r, s, dead);
    restore_logged_writes(r, stmts, n, l->body, unsaved);
    for (int i = s->carried.len - 1; i >= 0; i--)
        carried_value(r, s, s->carried.items[i], out, l->body);
    /* after the carried scalars: an index may be one (y[j], j++) */
    restore_saved_regions(r, stmts, n, l->body, unsaved);
    PtrVec *outer_restored = r->restored;
    r->restored = with_restored(r, outer_restored, cps);
    Body *outer_iter = r->iter_body;
    PtrVec *outer_skip = r->iter_skip;
    int *outer_first = r->iter_first_read;
    bool *outer_dead = r->iter_dead;
    r->iter_body = s->body;
    r->iter_skip = unsaved;
    r->iter_first_read = first_reads(r, s->body, unsaved);
    r->iter_dead = dead_reruns(r, s->body);
    rev_fwd_body(r, s->body, l->body, true);
    rev_adjoint_decls(r, s->body, l->body);
    Builder bd = {r->a, r->dst, l->body, s->loc};
    for (int i = 0; i < s->carried.len; i++) {
        Carried *c = s->carried.items[i];
        if (!c->result->active)
            continue;
        declare_adjoint(r, l->body, c->param, s->loc);
        add_adjoint(r, &bd, c->yield, opd_var(adjoint_of(r, c->result)));
    }
    rev_bwd_stmts(r, s->body, l->body, true);
    r->iter_body = outer_iter;
    r->iter_skip = outer_skip;
    r->iter_first_read = outer_first;
    r->iter_dead = outer_dead;
    r->restored = outer_restored;
    for (int i = 0; i < s->carried.len; i++) {
        Carried *c = s->carried.items[i];
        if (!c->result->active)
            continue;
        Stmt *set = stmt_new(r->a, S_LET, s->loc);
        set->dst = adjoint_of(r, c->result);
        set->op = OP_COPY;
        set->nargs = 1;
        set->args[0] = opd_var(adjoint_of(r, c->param));
        body_append(r->a, l->body, set);
    }
    body_append(r->a, out, l);
    r->entry_saved = outer_entry;
    if (entry)
        transfer_entry_arrays(r, s, entry, out, dead, false);
    Builder after = {r->a, r->dst, out, s->loc};
    for (int i = 0; i < s->carried.len; i++) {
        Carried *c = s->carried.items[i];
        if (c->result->active)
            add_adjoint(r, &after, c->init, opd_var(adjoint_of(r, c->result)));
    }
}

/* ---- strip-mining ---- */
/* The block at each level is B = ceil(T^(1/K)) iterations raised to the
 * levels below it: B^(K-1) at the outermost, B at the innermost of the
 * blocks. Any B >= 1 gives the same results; rounding in pow only moves
 * the memory a little. */
static Operand strip_root(Builder *bd, Operand trips, int levels, const char *name) {
    Type ty;
    Operand t = b_cast(bd, type_double(), trips);
    Operand root = levels == 2 ? b_call(bd, deriv_lookup("sqrt", &ty), t, opd_none())
                               : b_call(bd, deriv_lookup("pow", &ty), t,
                                        b_fconst(1.0 / levels, type_double()));
    Operand b = b_cast(bd, type_long(), b_call(bd, deriv_lookup("ceil", &ty), root, opd_none()));
    Operand more = b_cmp(bd, OP_GT, b, opd_int(1));
    /* named: the comment above the loops and --report speak of it */
    return opd_var(emit_let(bd->a, bd->f, bd->b, bd->loc, name, type_long(), OP_SELECT, 3, more, b,
                            opd_int(1)));
}

static Carried *carried_new(Arena *a, Var *param, Operand init, Var *result) {
    Carried *c = arena_alloc(a, sizeof(Carried));
    c->param = param;
    c->init = init;
    c->result = result;
    return c;
}

/* Replaces loop s (items[at] of `in`) by K - 1 levels of blocks around it,
 * each level's loop carrying what s carries; s runs the innermost block. */
static void strip_mine(Arena *a, Func *f, Body *in, int at, Stmt *s) {
    int levels = s->loop_notes->stripmine, nc = s->carried.len;
    s->loop_notes->stripmine = 0;
    Body *pre = body_new(a);
    Builder bd = {a, f, pre, s->loc};
    /* the blocks' length B, named after the loop's index (t_strip: a B of
     * the program's own, a batch size, would read as this one) */
    const char *B = arena_printf(a, "%s_strip", s->index->name), *blocks = B;
    for (int j = 2; j < levels; j++)
        blocks = arena_printf(a, "%s^%d, each in blocks of %s", B, j, blocks);
    b_comment(&bd, arena_printf(a,
                                "stripmine(%d): the loop runs in blocks of %s iterations, "
                                "%s = ceil(trips^(1/%d)); a block saves what it overwrites "
                                "once, its iterations save theirs only when it runs again in "
                                "the return sweep",
                                levels, blocks, B, levels));
    Operand start = b_cast(&bd, type_long(), s->lo), end = b_cast(&bd, type_long(), s->hi);
    Operand span = b_sub(&bd, end, start);
    Operand trips = b_select(&bd, b_cmp(&bd, OP_GT, span, opd_int(0)), span, opd_int(0));
    Operand root = strip_root(&bd, trips, levels, B);
    Operand *size = arena_alloc(a, sizeof(Operand) * (size_t)levels);
    size[levels - 1] = opd_int(1);
    for (int j = levels - 2; j >= 0; j--)
        size[j] = b_mul(&bd, size[j + 1], root);
    Operand *init = arena_alloc(a, sizeof(Operand) * (size_t)(nc + 1));
    Var **result = arena_alloc(a, sizeof(Var *) * (size_t)(nc + 1));
    for (int i = 0; i < nc; i++) {
        Carried *c = s->carried.items[i];
        init[i] = c->init;
        result[i] = c->result;
    }
    Body *cur = pre;
    const char *name = s->index->name;
    for (int j = 0; j + 1 < levels; j++) {
        Builder lb = {a, f, cur, s->loc};
        Operand len = b_sub(&lb, end, start);
        Stmt *l = stmt_new(a, S_LOOP, s->loc);
        l->index = var_new(a, f, arena_printf(a, "%s_block%d", name, j + 1), type_long());
        l->lo = opd_int(0);
        l->hi = b_div(&lb, b_add(&lb, len, b_sub(&lb, size[j], opd_int(1))), size[j]);
        l->body = body_new(a);
        l->note = j == 0 ? "strip-mined" : NULL;
        if (j == 0 && s->loop_notes->entry.len) { /* saved once before all the levels */
            loop_notes(a, l)->entry = s->loop_notes->entry;
            l->loop_notes->entry_loc = s->loop_notes->entry_loc;
            s->loop_notes->entry = (PtrVec){0};
        }
        if (j > 0)
            loop_notes(a, l)->trips =
                levels - j == 2 ? B : arena_printf(a, "%s^%d", B, levels - j - 1);
        for (int i = 0; i < nc; i++) {
            Carried *c = s->carried.items[i];
            Var *p = var_new(a, f, c->param->name, c->param->ty);
            Var *inner = var_new(a, f, c->result->name, c->result->ty);
            Carried *lc = carried_new(a, p, init[i], result[i]);
            lc->yield = opd_var(inner);
            vec_push(a, &l->carried, lc);
            init[i] = opd_var(p);
            result[i] = inner;
        }
        body_append(a, cur, l);
        Builder in_l = {a, f, l->body, s->loc};
        Operand first = b_add(&in_l, start, b_mul(&in_l, opd_var(l->index), size[j]));
        Operand last = b_add(&in_l, first, size[j]);
        end = b_select(&in_l, b_cmp(&in_l, OP_LT, last, end), last, end);
        start = first;
        cur = l->body;
    }
    Builder ib = {a, f, cur, s->loc};
    s->loop_notes->trips = B;
    s->lo = b_cast(&ib, s->index->ty, start);
    s->hi = b_cast(&ib, s->index->ty, end);
    for (int i = 0; i < nc; i++) {
        Carried *c = s->carried.items[i];
        c->init = init[i];
        c->result = result[i];
    }
    body_append(a, cur, s);
    in->stmts.items[at] = pre->stmts.items[pre->stmts.len - 1];
    for (int i = pre->stmts.len - 2; i >= 0; i--)
        vec_insert(a, &in->stmts, at, pre->stmts.items[i]);
}

void stripmine_loops(Arena *a, Func *f, Body *b) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        stripmine_loops(a, f, s->then_body);
        stripmine_loops(a, f, s->else_body);
        stripmine_loops(a, f, s->body);
        if (s->kind == S_LOOP && s->loop_notes && s->loop_notes->stripmine > 1 &&
            s->hi.kind != OPD_NONE) {
            int len = b->stmts.len;
            strip_mine(a, f, b, i, s);
            i += b->stmts.len - len;
        }
    }
}
