/* Reduce and scan loops of declared operators on structs (PRAGMAS.md
 * section 4, a TYPE that is a struct of floating fields), run in parallel
 * by blocks.
 *
 * The iterations are cut into NB contiguous blocks, as one writes such a
 * loop by hand:
 *
 *   map over blocks j:  acc = IDENTITY; block j's iterations cut down to
 *                       the terms and their combining; part[j] = acc
 *   loop over blocks:   start[j] = acc; acc = COMBINE(acc, part[j])
 *                       (on the GPU in two levels: combine_blocks)
 *   map over blocks j:  acc = start[j]; block j's iterations, as written
 *
 * A reduce has no uses of acc: its first map runs the iterations as
 * written, and there is no third. Every piece is ordinary IR (COMBINE
 * inlined), so the reverse is the map rule's and the sequential loop
 * rule's: the blocks' adjoints run in parallel, each back through its own
 * iterations from its checkpoints, and the loop over the blocks is short.
 * The blocks are combined in order: only the operator's associativity is
 * used, so operators that are not commutative are blocked too.
 *
 * This is not the papers' rule for tuple operators (a scan of the
 * operator's Jacobians, k x k for k fields): blocking costs two VJPs of
 * COMBINE per iteration whatever k is. Where blocks cannot be used (the
 * iterations pass values to each other through a scalar declared outside,
 * the terms read what the loop writes, a break), the loop runs as the
 * sequential loop it also is, and the output says why. */
#include "lift.h"

#include <string.h>

/* Enough blocks to keep the threads of a large machine busy, few enough
 * that the loop over them costs nothing. Not a limit on the input. On
 * the GPU, GPU_BLOCKS_PER_WORKER x pg_threads() blocks instead
 * (pargrad_cuda.h: thousands of workers on the host, where 256 blocks
 * would leave all but 256 of the GPU's threads idle, each of those
 * running n / 256 iterations; 1 worker in code on one GPU thread), their
 * parts combined in two levels (combine_blocks). */
#define COMBINATOR_BLOCKS 256
#define GPU_BLOCKS_PER_WORKER 16

/* ---- the loop's promise: acc assigned only as acc = COMBINE(acc, e) ---- */
typedef struct Mentions {
    Lift *L;
    int acc;
    const char *combine; /* NULL: take the first update's */
    bool commutative;
    int refs, in_updates;
    bool other_writes; /* acc assigned otherwise, or its address taken */
} Mentions;

typedef struct BindingRefs {
    Lift *L;
    int binding, refs;
} BindingRefs;

static enum CXChildVisitResult count_refs(CXCursor c, CXCursor parent, CXClientData data) {
    (void)parent;
    BindingRefs *br = data;
    if (clang_getCursorKind(c) == CXCursor_DeclRefExpr && env_lookup(br->L, c) == br->binding)
        br->refs++;
    return CXChildVisit_Recurse;
}

int binding_refs(Lift *L, CXCursor e, int binding) {
    BindingRefs br = {L, binding, 0};
    count_refs(e, clang_getNullCursor(), &br);
    clang_visitChildren(e, count_refs, &br);
    return br.refs;
}

static int refs_in(Mentions *m, CXCursor e) {
    return binding_refs(m->L, e, m->acc);
}

/* acc = COMBINE(acc, e), or COMBINE(e, acc) when commutative, e free of
 * acc: its two references to acc are the update's. */
static bool is_update(Mentions *m, CXCursor c) {
    Kids k = kids_of(c);
    CXCursor r = strip_implicit(k.items[1]);
    KidList args = all_kids(m->L->a, r);
    if (!refers_to(m->L, k.items[0], m->acc) || clang_getCursorKind(r) != CXCursor_CallExpr ||
        args.n != 3)
        return false;
    const char *fname = cursor_spelling(m->L, r);
    UserOp *u = m->combine ? NULL : user_op_of_combine(m->L->fe, fname);
    if (!m->combine && u && u->tuple) {
        m->combine = u->combine;
        m->commutative = u->commutative;
    }
    if (!m->combine || strcmp(fname, m->combine))
        return false;
    for (int side = 1; side <= 2; side++)
        if ((side == 1 || m->commutative) && refers_to(m->L, args.items[side], m->acc) &&
            refs_in(m, args.items[3 - side]) == 0)
            return true;
    return false;
}

static enum CXChildVisitResult find_updates(CXCursor c, CXCursor parent, CXClientData data) {
    (void)parent;
    Mentions *m = data;
    enum CXCursorKind kind = clang_getCursorKind(c);
    bool assign = kind == CXCursor_CompoundAssignOperator ||
                  (kind == CXCursor_BinaryOperator && !strcmp(binop_of(m->L, c), "="));
    if (assign && kind == CXCursor_BinaryOperator && is_update(m, c)) {
        m->in_updates += 2;
        return CXChildVisit_Continue;
    }
    bool postfix;
    const char *uop = kind == CXCursor_UnaryOperator ? unop_of(m->L, c, &postfix) : "";
    if ((assign || !strcmp(uop, "&") || !strcmp(uop, "++") || !strcmp(uop, "--")) &&
        refs_in(m, kids_of(c).items[0]) > 0)
        m->other_writes = true;
    return CXChildVisit_Recurse;
}

/* The operator of a loop that assigns acc only by updates with it (u, or
 * the one its updates call when the pragma names none) and, for a
 * reduce, reads acc nowhere else; NULL with *why set otherwise. */
static const UserOp *updates_only(Lift *L, CXCursor body, int acc, const UserOp *u, bool reads,
                                  const char **why) {
    Mentions m = {L, acc, u ? u->combine : NULL, u && u->commutative, 0, 0, false};
    find_updates(body, clang_getNullCursor(), &m);
    clang_visitChildren(body, find_updates, &m);
    m.refs = refs_in(&m, body);
    /* the operator the pragma names (another may share its COMBINE) */
    const UserOp *op = u ? u : m.combine ? user_op_of_combine(L->fe, m.combine) : NULL;
    const char *name = L->env[acc].name;
    if (!op || !m.in_updates || m.other_writes || (!reads && m.refs != m.in_updates)) {
        *why = arena_printf(L->a,
                            "'%s' is %s otherwise than by %s = COMBINE(%s, e) (blocks of the "
                            "iterations would see its partial values)",
                            name, reads ? "assigned" : "used", name, name);
        return NULL;
    }
    return op;
}

/* ---- the blocks ---- */
typedef struct Blocks {
    CXCursor loop;
    Canon *cn;
    int acc, nfields;
    const UserOp *u;
    Operand n, nb;
    Buffer **parts, **starts; /* per field; starts: scans only */
    bool terms;               /* the first map (acc from the identity, into parts) */
    Var *carried;             /* a value a block's iterations pass on (not acc) */
} Blocks;

/* Block j: acc from the identity (the first map) or from start[j]
 * through iterations [lo + j*n/nb, lo + (j+1)*n/nb); the first map's
 * acc goes to part[j]. */
static void run_block(Lift *L, void *ctx, Operand j) {
    Blocks *bl = ctx;
    Builder bd = lift_builder(L, bl->loop);
    Operand lo = b_cast(&bd, type_long(), bl->cn->lo);
    Operand next = b_add(&bd, j, opd_int(1));
    Canon block = *bl->cn;
    block.lo =
        b_cast(&bd, bl->cn->index_ty, b_add(&bd, lo, b_div(&bd, b_mul(&bd, j, bl->n), bl->nb)));
    block.hi =
        b_cast(&bd, bl->cn->index_ty, b_add(&bd, lo, b_div(&bd, b_mul(&bd, next, bl->n), bl->nb)));
    block.outer = false;
    block.exit_binding = -1;
    Operand *fields = arena_alloc(L->a, sizeof(Operand) * (size_t)bl->nfields);
    for (int f = 0; f < bl->nfields; f++) {
        Binding *fb = &L->env[bl->acc + 1 + f];
        fb->val = bl->terms ? b_fconst(bl->u->identities[f], fb->ty)
                            : read_element(L, bl->loop, bl->starts[f], &j, 1);
    }
    lift_seq_loop(L, bl->loop, &block);
    if (L->failed)
        return;
    for (int f = 0; f < bl->nfields; f++)
        fields[f] = L->env[bl->acc + 1 + f].val;
    Body *b = L->cur;
    Stmt *loop = b->stmts.len ? b->stmts.items[b->stmts.len - 1] : NULL;
    if (loop && loop->kind == S_LOOP) {
        if (!bl->carried)
            bl->carried = loop_carried_read(L, loop, fields, bl->nfields);
        loop->blocks_of = j.var;
        if (loop->counter)
            loop->counter->blocks_of = j.var;
        loop->whole_lo = bl->cn->lo;
        loop->whole_hi = bl->cn->hi;
    }
    for (int f = 0; bl->terms && f < bl->nfields; f++)
        body_append(L->a, L->cur,
                    stmt_write(L->a, loc_of(L, bl->loop), bl->parts[f], j, fields[f]));
}

/* start[j] = acc (scans); acc = COMBINE(acc, part[j]) */
static void combine_block(Lift *L, void *ctx, Operand j) {
    Blocks *bl = ctx;
    Operand *x = arena_alloc(L->a, sizeof(Operand) * (size_t)bl->nfields);
    Operand *y = arena_alloc(L->a, sizeof(Operand) * (size_t)bl->nfields);
    for (int f = 0; f < bl->nfields; f++) {
        x[f] = L->env[bl->acc + 1 + f].val;
        if (bl->starts)
            body_append(L->a, L->cur,
                        stmt_write(L->a, loc_of(L, bl->loop), bl->starts[f], j, x[f]));
        y[f] = read_element(L, bl->loop, bl->parts[f], &j, 1);
    }
    Operand *r = inline_tuple_op(L, bl->loop, bl->u->combine, x, y);
    for (int f = 0; r && f < bl->nfields; f++)
        L->env[bl->acc + 1 + f].val = r[f];
}

/* The struct variable the loop names, with a value in every field; -1
 * with *why set otherwise. */
static int struct_accumulator(Lift *L, Pragma *pg, const char **why) {
    int b = pg->vars.len == 1 ? env_named(L, pg->vars.items[0]) : -1;
    if (b < 0 || !L->env[b].shape) {
        *why = "it combines more than one variable, or one that is not a struct";
        return -1;
    }
    for (int f = 0; f < L->env[b].shape->n; f++)
        if (L->env[b + 1 + f].val.kind == OPD_NONE) {
            *why =
                arena_printf(L->a, "a field of '%s' has no value before the loop", L->env[b].name);
            return -1;
        }
    return b;
}

static Buffer **field_arrays(Lift *L, CXCursor c, int acc, int nf, const char *suffix, Operand n) {
    Buffer **out = arena_alloc(L->a, sizeof(Buffer *) * (size_t)nf);
    for (int f = 0; f < nf; f++) {
        Binding *fb = &L->env[acc + 1 + f];
        out[f] =
            heap_array(L, loc_of(L, c),
                       arena_printf(L->a, "%s_%s", ident_of(L->a, fb->name), suffix), fb->ty, n);
        out[f]->filled_first = true;
    }
    return out;
}

static bool lift_carrier(Lift *L, Blocks *bl, Pragma *pg, Operand *init);

/* ---- the blocks combined in two levels (the GPU) ----
 * On the GPU the blocks are tens of thousands (16 x pg_threads()), and
 * combining them in order on one GPU thread takes as many dependent
 * steps, each a load from device memory: milliseconds, in the forward
 * sweep and again in the return sweep. There they are combined in
 * COMBINE_GROUPS groups of consecutive blocks instead: a map over the
 * groups combines each group's parts in order, a loop over the groups'
 * totals gives the whole value (and each group's start, for a scan), and
 * for a scan a second map over the groups gives each block its start from
 * its group's. Only the operator's associativity is used, as for the
 * blocks. */
#define COMBINE_GROUPS 256 /* (the square root of the blocks on the host) */

typedef struct Groups {
    Blocks *bl;   /* the blocks: their parts, and their starts (scans) */
    Blocks whole; /* the loop over the groups: the groups' totals and starts */
    Operand ng;
    bool starts; /* the second map (scans): the blocks' starts written */
    int *carried;
} Groups;

/* Group g's blocks [g nb / ng, (g + 1) nb / ng) combined in order, from
 * the identity into the group's total, or from the group's start into
 * the blocks' starts. */
static void run_group(Lift *L, void *ctx, Operand g) {
    Groups *gr = ctx;
    Blocks *bl = gr->bl, group = *bl;
    Builder bd = lift_builder(L, bl->loop);
    Operand lo = b_div(&bd, b_mul(&bd, g, bl->nb), gr->ng);
    Operand hi = b_div(&bd, b_mul(&bd, b_add(&bd, g, opd_int(1)), bl->nb), gr->ng);
    for (int f = 0; f < bl->nfields; f++) {
        Binding *fb = &L->env[bl->acc + 1 + f];
        fb->val = gr->starts ? read_element(L, bl->loop, gr->whole.starts[f], &g, 1)
                             : b_fconst(bl->u->identities[f], fb->ty);
    }
    if (!gr->starts)
        group.starts = NULL;
    Stmt *loop =
        lift_built_range(L, bl->loop, lo, hi, gr->carried, bl->nfields, combine_block, &group);
    loop->blocks_of = g.var; /* (the groups' blocks cover [0, nb) once each) */
    loop->whole_lo = opd_int(0);
    loop->whole_hi = bl->nb;
    for (int f = 0; !gr->starts && f < bl->nfields; f++)
        body_append(L->a, L->cur,
                    stmt_write(L->a, loc_of(L, bl->loop), gr->whole.parts[f], g,
                               L->env[bl->acc + 1 + f].val));
}

/* The loop over the blocks (their starts written, for a scan), acc from
 * init; acc's fields hold the whole value after it. */
static void combine_blocks(Lift *L, Blocks *bl, int *carried, Operand *init) {
    CXCursor c = bl->loop;
    int nf = bl->nfields;
    for (int f = 0; f < nf; f++)
        L->env[bl->acc + 1 + f].val = init[f];
    if (!L->fe->gpu) {
        lift_built_loop(L, c, bl->nb, carried, nf, combine_block, bl);
        return;
    }
    Builder bd = lift_builder(L, c);
    Operand most = opd_int(COMBINE_GROUPS);
    Operand ng = b_select(&bd, b_cmp(&bd, OP_LT, bl->nb, most), bl->nb, most);
    Groups gr = {bl, *bl, ng, false, carried};
    gr.whole.parts = field_arrays(L, c, bl->acc, nf, "group", ng);
    gr.whole.starts = bl->starts ? field_arrays(L, c, bl->acc, nf, "group_start", ng) : NULL;
    lift_built_map(L, c, bl->cn->body, ng,
                   "groups of consecutive blocks, each group's parts combined in order", run_group,
                   &gr);
    for (int f = 0; f < nf; f++)
        L->env[bl->acc + 1 + f].val = init[f];
    if (!L->failed)
        lift_built_loop(L, c, ng, carried, nf, combine_block, &gr.whole);
    if (!bl->starts || L->failed)
        return;
    Operand *total = arena_alloc(L->a, sizeof(Operand) * (size_t)nf);
    for (int f = 0; f < nf; f++)
        total[f] = L->env[bl->acc + 1 + f].val;
    gr.starts = true;
    lift_built_map(L, c, bl->cn->body, ng, "each block's start, from its group's", run_group, &gr);
    for (int f = 0; f < nf; f++)
        L->env[bl->acc + 1 + f].val = total[f];
}

/* The three pieces (two for a reduce); false with *why set where the
 * blocks do not work out (nothing is left lifted then). */
static bool lift_blocks(Lift *L, Blocks *bl, Pragma *pg, const char **why) {
    CXCursor c = bl->loop;
    int acc = bl->acc, nf = bl->nfields;
    bool scan = pg->kind == PG_SCAN;
    const char *name = L->env[acc].name;
    Builder bd = lift_builder(L, c);
    b_comment(&bd, arena_printf(L->a,
                                "'#pragma pargrad %s': in blocks of the iterations, %s in "
                                "parallel, then the blocks combined in order%s",
                                pg->text, scan ? "each block's terms combined" : "each reduced",
                                scan ? ", then each block's iterations from its start" : ""));
    bl->parts = field_arrays(L, c, acc, nf, "part", bl->nb);
    bl->starts = scan ? field_arrays(L, c, acc, nf, "start", bl->nb) : NULL;
    Operand *init = arena_alloc(L->a, sizeof(Operand) * (size_t)nf);
    for (int f = 0; f < nf; f++)
        init[f] = L->env[acc + 1 + f].val;
    bl->terms = true;
    lift_built_map(L, c, bl->cn->body, bl->nb,
                   arena_printf(L->a,
                                scan ? "the terms of each block of the scan of %s"
                                     : "blocks of the reduce of %s, each in order",
                                name),
                   run_block, bl);
    if (L->failed || bl->carried)
        return false;
    if (scan) {
        Stmt *m = L->cur->stmts.items[L->cur->stmts.len - 1];
        if ((*why = slice_block_terms(L, m, bl->parts, nf)))
            return false;
    }
    int *carried = arena_alloc(L->a, sizeof(int) * (size_t)nf);
    for (int f = 0; f < nf; f++)
        carried[f] = acc + 1 + f;
    combine_blocks(L, bl, carried, init);
    if (!scan && !L->failed && bl->u->commutative && bl->u->inverse)
        lift_carrier(L, bl, pg, init);
    if (!scan || L->failed)
        return true;
    Operand *final = arena_alloc(L->a, sizeof(Operand) * (size_t)nf);
    for (int f = 0; f < nf; f++)
        final[f] = L->env[acc + 1 + f].val;
    bl->terms = false;
    lift_built_map(L, c, bl->cn->body, bl->nb,
                   arena_printf(L->a, "the iterations of each block of the scan of %s", name),
                   run_block, bl);
    for (int f = 0; f < nf; f++)
        L->env[acc + 1 + f].val = final[f];
    return !bl->carried;
}

/* ---- the invertible rule, for a commutative operator with an inverse ----
 * The blocks give the reduce's value r. Its derivative is the papers'
 * invertible rule (Bruun et al., section 3.3), each element e with the
 * adjoint of COMBINE(INV(r, e), e) in e, the other elements held fixed:
 * written out as a carrier, a reduce of + over the iterations of
 * COMBINE(NODIFF(INV(r, e)), e) whose result takes r's value
 * (Accum.value). Its forward sweep runs nothing; its return sweep is one
 * parallel map, with no checkpoints, in place of the blocks'. */
typedef struct Carrier {
    int acc, nfields;
    const UserOp *u;
    Operand *r;
} Carrier;

/* COMBINE(NODIFF(INV(r, e)), e): e's share of r, derivatives in e only. */
static Operand *own_share(Lift *L, CXCursor at, Carrier *cr, Operand *e) {
    Operand *rest = inline_tuple_op(L, at, cr->u->inverse, cr->r, e);
    if (!rest)
        return NULL;
    Builder bd = lift_builder(L, at);
    for (int f = 0; f < cr->nfields; f++)
        rest[f] = b_op(&bd, OP_NODIFF, rest[f].ty, rest[f], opd_none());
    return inline_tuple_op(L, at, cr->u->combine, rest, e);
}

/* acc = COMBINE(acc, e) (or COMBINE(e, acc)) inside the carrier: each
 * field adds e's share. False for other assignments. */
bool carrier_update(Lift *L, CXCursor c, CXCursor lhs, CXCursor rhs) {
    Carrier *cr = L->carrier;
    if (clang_getCursorKind(lhs) != CXCursor_DeclRefExpr || env_lookup(L, lhs) != cr->acc)
        return false;
    CXCursor call = strip_implicit(rhs);
    KidList args = all_kids(L->a, call);
    if (clang_getCursorKind(call) != CXCursor_CallExpr || args.n != 3)
        return false;
    CXCursor e = refers_to(L, args.items[1], cr->acc) ? args.items[2] : args.items[1];
    int n;
    Operand *ev = struct_values(L, e, &n);
    Operand *share = ev ? own_share(L, c, cr, ev) : NULL;
    Builder bd = lift_builder(L, c);
    for (int f = 0; share && f < cr->nfields; f++) {
        Binding *fb = &L->env[cr->acc + 1 + f];
        fb->val = b_add(&bd, fb->val, share[f]);
    }
    return true;
}

static bool has_effects(Body *b) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        if (s->kind == S_EFFECT || has_effects(s->then_body) || has_effects(s->else_body) ||
            has_effects(s->body))
            return true;
    }
    return false;
}

/* The carrier after the blocks (whose value the fields hold), init the
 * value before the loop. False, with nothing lifted, where its iterations
 * would do more than give their elements' shares: writes of arrays, calls
 * with effects (the blocks' adjoint covers those loops). */
static bool lift_carrier(Lift *L, Blocks *bl, Pragma *pg, Operand *init) {
    int acc = bl->acc, nf = bl->nfields;
    Carrier cr = {acc, nf, bl->u, arena_alloc(L->a, sizeof(Operand) * (size_t)nf)};
    bool active_init = false;
    for (int f = 0; f < nf; f++) {
        cr.r[f] = L->env[acc + 1 + f].val;
        active_init |= init[f].kind == OPD_VAR;
    }
    LiftMark mark = lift_mark(L);
    /* the value before the loop is one more element */
    Operand *init_share = active_init ? own_share(L, bl->loop, &cr, init) : NULL;
    Stmt *s = loop_stmt(L, bl->loop, S_REDUCE, bl->cn, pg);
    s->note = "the invertible rule: each element's share of the blocks' value";
    Role head_role = L->env[acc].role;
    L->env[acc].role = ROLE_ACC; /* not privatised: its fields are the accumulators */
    for (int f = 0; f < nf; f++) {
        Binding *fb = &L->env[acc + 1 + f];
        Accum *ac = arena_alloc(L->a, sizeof(Accum));
        ac->op = RED_ADD;
        ac->init = init_share ? init_share[f] : b_fconst(0, fb->ty);
        ac->value = cr.r[f];
        ac->user_name = fb->name;
        vec_push(L->a, &s->accums, ac);
        fb->role = ROLE_ACC;
        fb->acc_barrier = L->nbarriers + 1; /* the barrier lift_parallel_body pushes */
        fb->acc_op = RED_ADD;
        fb->val = b_fconst(0, fb->ty);
    }
    Carrier *outer = L->carrier;
    L->carrier = &cr;
    lift_parallel_body(L, s, bl->cn, BARRIER_REDUCE);
    L->carrier = outer;
    L->env[acc].role = head_role;
    for (int f = 0; f < nf; f++) {
        Binding *fb = &L->env[acc + 1 + f];
        Accum *ac = s->accums.items[f];
        ac->contrib = fb->val;
        ac->result = var_new(L->a, L->f, fb->name, fb->ty);
        fb->role = ROLE_NORMAL;
        fb->val = opd_var(ac->result);
    }
    bool plain = !L->failed && !stmt_writes_any(s) && !has_effects(s->body);
    if (plain)
        body_append(L->a, L->cur, s);
    else if (!L->failed) {
        lift_undo(L, &mark);
        for (int f = 0; f < nf; f++)
            L->env[acc + 1 + f].val = cr.r[f];
    }
    lift_mark_free(&mark);
    return plain;
}

bool lift_tuple_combinator(Lift *L, CXCursor c, Canon *cn, Pragma *pg, UserOp *u,
                           const char **why) {
    if (pg->kind != PG_REDUCE && pg->kind != PG_SCAN)
        return lift_tuple_histogram(L, c, cn, pg, u, why);
    if (contains_break(cn->body) || contains_return(cn->body)) {
        *why = "its body breaks out of it or returns";
        return false;
    }
    int acc = struct_accumulator(L, pg, why);
    const UserOp *op = acc < 0 ? NULL : updates_only(L, cn->body, acc, u, pg->kind == PG_SCAN, why);
    if (!op)
        return false;
    int nf = L->env[acc].shape->n;
    if (op->fields != nf) {
        *why =
            arena_printf(L->a, "'%s' is not of the type '%s' combines", L->env[acc].name, op->name);
        return false;
    }
    LiftMark mark = lift_mark(L);
    Builder bd = lift_builder(L, c);
    Operand lo = b_cast(&bd, type_long(), cn->lo), hi = b_cast(&bd, type_long(), cn->hi);
    Operand n = b_select(&bd, b_cmp(&bd, OP_GT, hi, lo), b_sub(&bd, hi, lo), opd_int(0));
    Operand most = L->fe->gpu ? b_mul(&bd, b_threads(&bd), opd_int(GPU_BLOCKS_PER_WORKER))
                              : opd_int(COMBINATOR_BLOCKS);
    Operand nb = b_select(&bd, b_cmp(&bd, OP_LT, n, most), n, most);
    Blocks bl = {c, cn, acc, nf, op, n, nb, NULL, NULL, true, NULL};
    bool done = lift_blocks(L, &bl, pg, why) || L->failed;
    if (!done) {
        if (bl.carried)
            *why = arena_printf(L->a,
                                "an iteration reads '%s' before assigning it, the value the "
                                "iteration before left (declare it inside the loop if that is "
                                "not meant)",
                                bl.carried->name);
        lift_undo(L, &mark);
    }
    lift_mark_free(&mark);
    return done;
}
