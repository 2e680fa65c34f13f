/* Histograms of a declared operator on structs, commutative with an inverse
 * (PRAGMAS.md section 4): `#pragma pargrad histogram(OP: h)` over an array
 * of structs h, whose iterations update bins only as
 * h[k] = COMBINE(h[k], e).
 *
 * The reverse is the invertible rule (Bruun et al., section 4.2.4), as for
 * the histograms of scalars (rev_hist.c), written out here with the pieces
 * the reduce of structs uses (lift_tuple.c), so that ordinary IR carries it
 * and every rule that follows is the map rule's:
 *
 *   1. fin[k] = COMBINE(fin[k], e)  the loop as written, in blocks of the
 *                                 iterations (a map), each into a copy of
 *                                 the bins of its own, then fin[b] = h[b]
 *                                 combined with the blocks' copies: the
 *                                 bins' final values (no derivative flows
 *                                 through fin, so no adjoint and no tape)
 *   2. h[b] = DERIV_OF(fin[b], COMBINE(h[b], NODIFF(INV(fin[b], h[b]))))
 *                                 a map over the bins: the value is fin's,
 *                                 the derivative the bin's value from before
 *                                 meeting the rest of its bin
 *   3. h[k] += DERIV_OF(0, COMBINE(NODIFF(INV(fin[k], e)), e))
 *                                 the carrier: a map over the iterations
 *                                 whose updates add nothing, only each
 *                                 value's derivative; it runs in the return
 *                                 sweep only (is_carrier), as one parallel
 *                                 gather of the bins' seeds.
 *
 * A struct's fields updated together have no OpenMP atomic, hence the
 * blocks' copies of the bins (one per thread, fewer where bins are many).
 * Loops that do more than update bins (other writes, calls with effects,
 * reads of h elsewhere) run as the sequential loop they also are, and the
 * output says why. */
#include "lift.h"

#include <string.h>

typedef struct TupleHist {
    CXCursor loop;
    int binding; /* h's */
    Buffer *whole;
    int nfields;
    const UserOp *u;
    Buffer **fin; /* per field: the bins' final values */
    bool carrier; /* lifting step 3 (else step 1) */
    /* step 1: the blocks' copies of the bins, per field (block j's bin k
     * at j * stride + k), and the block being lifted's offset j * stride */
    Buffer **part;
    Operand nb, nblk, stride, base;
    Canon *cn;
    Operand lo, n; /* the iterations [lo, lo + n) */
} TupleHist;

/* ---- the loop's promise: h used only as h[k] = COMBINE(h[k], e) ---- */
/* The argument of COMBINE that is the bin (1 or 2) in update c, an
 * assignment h[k] = COMBINE(.., ..) of the operator; 0 if c is not one:
 * the bin written is the one read (the same text), the value free of h. */
static int update_bin_arg(Lift *L, TupleHist *th, CXCursor lhs, CXCursor rhs) {
    CXCursor l = strip_parens(lhs), call = strip_parens(rhs);
    if (clang_getCursorKind(l) != CXCursor_ArraySubscriptExpr ||
        clang_getCursorKind(call) != CXCursor_CallExpr ||
        strcmp(cursor_spelling(L, call), th->u->combine))
        return 0;
    KidList args = all_kids(L->a, call);
    if (args.n != 3 || binding_refs(L, l, th->binding) != 1)
        return 0;
    const char *written = written_text(L->fe, l);
    for (int side = 1; side <= 2; side++) {
        CXCursor bin = strip_parens(args.items[side]);
        const char *text = written_text(L->fe, bin);
        if (clang_getCursorKind(bin) == CXCursor_ArraySubscriptExpr && written && text &&
            !strcmp(written, text) && binding_refs(L, args.items[side], th->binding) == 1 &&
            binding_refs(L, args.items[3 - side], th->binding) == 0)
            return side;
    }
    return 0;
}

typedef struct Updates {
    Lift *L;
    TupleHist *th;
    int in_updates;
} Updates;

static enum CXChildVisitResult find_bin_updates(CXCursor c, CXCursor parent, CXClientData data) {
    (void)parent;
    Updates *up = data;
    if (clang_getCursorKind(c) == CXCursor_BinaryOperator && !strcmp(binop_of(up->L, c), "=")) {
        Kids k = kids_of(c);
        if (update_bin_arg(up->L, up->th, k.items[0], k.items[1])) {
            up->in_updates += 2;
            return CXChildVisit_Continue;
        }
    }
    return CXChildVisit_Recurse;
}

/* The operator of the first update h[k] = COMBINE(.., ..) in the body,
 * for a pragma that names none. */
typedef struct FirstCombine {
    Lift *L;
    int binding;
    const UserOp *u;
} FirstCombine;

static enum CXChildVisitResult find_combine(CXCursor c, CXCursor parent, CXClientData data) {
    (void)parent;
    FirstCombine *fc = data;
    if (fc->u)
        return CXChildVisit_Break;
    if (clang_getCursorKind(c) == CXCursor_BinaryOperator && !strcmp(binop_of(fc->L, c), "=")) {
        Kids k = kids_of(c);
        CXCursor l = strip_parens(k.items[0]), call = strip_parens(k.items[1]);
        if (clang_getCursorKind(l) == CXCursor_ArraySubscriptExpr &&
            binding_refs(fc->L, l, fc->binding) == 1 &&
            clang_getCursorKind(call) == CXCursor_CallExpr) {
            UserOp *u = user_op_of_combine(fc->L->fe, cursor_spelling(fc->L, call));
            fc->u = u && u->tuple ? u : NULL;
        }
    }
    return CXChildVisit_Recurse;
}

static const UserOp *inferred_op(Lift *L, int binding, CXCursor body) {
    FirstCombine fc = {L, binding, NULL};
    clang_visitChildren(body, find_combine, &fc);
    return fc.u;
}

/* Whether every mention of h in the body is in an update. */
static bool updates_only_bins(Lift *L, TupleHist *th, CXCursor body) {
    Updates up = {L, th, 0};
    find_bin_updates(body, clang_getNullCursor(), &up);
    clang_visitChildren(body, find_bin_updates, &up);
    return up.in_updates > 0 && up.in_updates == binding_refs(L, body, th->binding);
}

/* ---- the updates, as steps 2 and 4 lift them ---- */

/* h[k] = COMBINE(h[k], e) while the loop is lifted for step 1 or 3; false
 * for other assignments. */
bool tuple_bin_update(Lift *L, CXCursor c, CXCursor lhs, CXCursor rhs) {
    TupleHist *th = L->tuple_hist;
    int side = update_bin_arg(L, th, lhs, rhs);
    if (!side)
        return false;
    Operand idx[4];
    int n = 0;
    Buffer *at = lift_subscripts(L, strip_parens(lhs), idx, &n);
    if (!at || L->failed)
        return true;
    KidList args = all_kids(L->a, strip_parens(rhs));
    int ne = 0;
    Operand *e = struct_values(L, args.items[3 - side], &ne);
    if (!e)
        return true;
    if (ne != th->nfields) {
        lift_fail(L, c, NULL, "the value combined into '%s' is a struct of another shape",
                  th->whole->name);
        return true;
    }
    int nf = th->nfields;
    Builder bd = lift_builder(L, c);
    Operand *fin = arena_alloc(L->a, sizeof(Operand) * (size_t)nf);
    if (!th->carrier) { /* the block's copy of the bin, checked before it is read */
        hist_bin_check(L, c, th->whole->fields->bufs[0], th->whole->name, idx, n);
        Operand at = b_add(&bd, th->base, b_cast(&bd, type_long(), idx[0]));
        for (int f = 0; f < nf; f++)
            fin[f] = read_element(L, c, th->part[f], &at, 1);
        Operand *r = side == 1 ? inline_tuple_op(L, c, th->u->combine, fin, e)
                               : inline_tuple_op(L, c, th->u->combine, e, fin);
        for (int f = 0; r && f < nf; f++)
            write_element(L, c, th->part[f], &at, 1, r[f]);
        return true;
    }
    for (int f = 0; f < nf; f++)
        fin[f] = read_element(L, c, th->fin[f], idx, n);
    Operand *rest = inline_tuple_op(L, c, th->u->inverse, fin, e);
    for (int f = 0; rest && f < nf; f++)
        rest[f] = b_op(&bd, OP_NODIFF, rest[f].ty, rest[f], opd_none());
    Operand *share = rest ? inline_tuple_op(L, c, th->u->combine, rest, e) : NULL;
    for (int f = 0; share && f < nf; f++) {
        Buffer *bin = th->whole->fields->bufs[f];
        Stmt *s = stmt_new(L->a, S_ACC, loc_of(L, c));
        s->buf = bin;
        s->nidx = n;
        memcpy(s->idx, idx, sizeof(Operand) * (size_t)n);
        s->nargs = 1;
        s->args[0] = b_op(&bd, OP_DERIV_OF, bin->elem, b_fconst(0, bin->elem), share[f]);
        s->acc = ACC_ATOMIC; /* never runs: only its adjoint, a gather */
        s->acc_op = RED_ADD;
        body_append(L->a, L->cur, s);
    }
    return true;
}

/* ---- step 1, in parallel: blocks of the iterations, each into a copy of
 * the bins of its own (from the identity), then per bin the value from
 * before combined with the blocks' copies in order. A block per thread,
 * fewer where bins are many (nblk = n / (8 nb), at least 1): the copies
 * cost at most an eighth of the iterations. ---- */

/* part[q] = the identity, q < nblk * stride */
static void identity_bin(Lift *L, void *ctx, Operand q) {
    TupleHist *th = ctx;
    for (int f = 0; f < th->nfields; f++)
        body_append(L->a, L->cur,
                    stmt_write(L->a, loc_of(L, th->loop), th->part[f], q,
                               b_fconst(th->u->identities[f], th->part[f]->elem)));
}

/* block j: iterations [lo + j n / nblk, lo + (j + 1) n / nblk) as written,
 * into part[j * stride + k] */
static void fill_block(Lift *L, void *ctx, Operand j) {
    TupleHist *th = ctx;
    Builder bd = lift_builder(L, th->loop);
    Operand next = b_add(&bd, j, opd_int(1));
    Canon block = *th->cn;
    Type ity = th->cn->index_ty;
    block.lo = b_cast(&bd, ity, b_add(&bd, th->lo, b_div(&bd, b_mul(&bd, j, th->n), th->nblk)));
    block.hi = b_cast(&bd, ity, b_add(&bd, th->lo, b_div(&bd, b_mul(&bd, next, th->n), th->nblk)));
    block.outer = false;
    block.exit_binding = -1;
    th->base = b_mul(&bd, j, th->stride);
    lift_seq_loop(L, th->loop, &block);
}

/* fin[b] = COMBINE(fin[b], part[j * stride + b]) */
static void combine_block(Lift *L, void *ctx, Operand j) {
    TupleHist *th = ctx;
    int nf = th->nfields;
    CXCursor at = th->loop;
    Builder bd = lift_builder(L, at);
    Operand b = th->base, q = b_add(&bd, b_mul(&bd, j, th->stride), b);
    Operand *x = arena_alloc(L->a, sizeof(Operand) * (size_t)nf);
    Operand *y = arena_alloc(L->a, sizeof(Operand) * (size_t)nf);
    for (int f = 0; f < nf; f++) {
        x[f] = read_element(L, at, th->fin[f], &b, 1);
        y[f] = read_element(L, at, th->part[f], &q, 1);
    }
    Operand *r = inline_tuple_op(L, at, th->u->combine, x, y);
    for (int f = 0; r && f < nf; f++)
        body_append(L->a, L->cur, stmt_write(L->a, loc_of(L, at), th->fin[f], b, r[f]));
}

/* bin b: the value from before, then the blocks' */
static void final_bin(Lift *L, void *ctx, Operand b) {
    TupleHist *th = ctx;
    for (int f = 0; f < th->nfields; f++)
        body_append(L->a, L->cur,
                    stmt_write(L->a, loc_of(L, th->loop), th->fin[f], b,
                               read_element(L, th->loop, th->whole->fields->bufs[f], &b, 1)));
    th->base = b;
    lift_built_loop(L, th->loop, th->nblk, NULL, 0, combine_block, th);
}

static Buffer **bin_arrays(Lift *L, TupleHist *th, const char *suffix, Operand count) {
    Buffer **out = arena_alloc(L->a, sizeof(Buffer *) * (size_t)th->nfields);
    for (int f = 0; f < th->nfields; f++) {
        out[f] = heap_array(L, loc_of(L, th->loop),
                            arena_printf(L->a, "%s_%s_%s", th->whole->name,
                                         ident_of(L->a, th->whole->fields->paths[f]), suffix),
                            th->whole->fields->types[f], count);
        out[f]->filled_first = true;
        out[f]->never_restored = true; /* its readers want its last values */
    }
    return out;
}

static void lift_final_bins(Lift *L, TupleHist *th) {
    CXCursor c = th->loop;
    Builder bd = lift_builder(L, c);
    Operand lo = b_cast(&bd, type_long(), th->cn->lo), hi = b_cast(&bd, type_long(), th->cn->hi);
    th->lo = lo;
    th->n = b_select(&bd, b_cmp(&bd, OP_GT, hi, lo), b_sub(&bd, hi, lo), opd_int(0));
    /* (long operands first: an operation takes its first operand's type) */
    Operand eighth = b_mul(&bd, th->nb, opd_int(8));
    Operand t =
        b_div(&bd, th->n, b_select(&bd, b_cmp(&bd, OP_GT, eighth, opd_int(0)), eighth, opd_int(1)));
    Operand most = b_threads(&bd);
    t = b_select(&bd, b_cmp(&bd, OP_LE, t, most), t, most);
    th->nblk = b_select(&bd, b_cmp(&bd, OP_GE, t, opd_int(1)), t, opd_int(1));
    th->fin = bin_arrays(L, th, "final", th->nb);
    /* a block's bins a cache line (8 doubles) or more away from the next's:
     * threads updating few bins would share lines */
    th->stride =
        b_add(&bd, b_mul(&bd, b_div(&bd, b_add(&bd, th->nb, opd_int(7)), opd_int(8)), opd_int(8)),
              opd_int(8));
    th->part = bin_arrays(L, th, "part", b_mul(&bd, th->nblk, th->stride));
    lift_built_map(L, c, th->cn->body, b_mul(&bd, th->nblk, th->stride),
                   "each block's copy of the bins, from the identity", identity_bin, th);
    lift_built_map(L, c, th->cn->body, th->nblk, "blocks of the iterations, each into its bins",
                   fill_block, th);
    lift_built_map(L, c, th->cn->body, th->nb,
                   "the bins' final values: from before, then the blocks' in order", final_bin, th);
}

/* Step 2: h[b] = DERIV_OF(fin[b], COMBINE(h[b], NODIFF(INV(fin[b], h[b])))). */
static void rule_bin(Lift *L, void *ctx, Operand b) {
    TupleHist *th = ctx;
    int nf = th->nfields;
    CXCursor at = th->loop;
    Builder bd = lift_builder(L, at);
    Operand *h0 = arena_alloc(L->a, sizeof(Operand) * (size_t)nf);
    Operand *fin = arena_alloc(L->a, sizeof(Operand) * (size_t)nf);
    for (int f = 0; f < nf; f++) {
        h0[f] = read_element(L, at, th->whole->fields->bufs[f], &b, 1);
        fin[f] = read_element(L, at, th->fin[f], &b, 1);
    }
    Operand *rest = inline_tuple_op(L, at, th->u->inverse, fin, h0);
    for (int f = 0; rest && f < nf; f++)
        rest[f] = b_op(&bd, OP_NODIFF, rest[f].ty, rest[f], opd_none());
    Operand *share = rest ? inline_tuple_op(L, at, th->u->combine, h0, rest) : NULL;
    for (int f = 0; share && f < nf; f++)
        body_append(L->a, L->cur,
                    stmt_write(L->a, loc_of(L, th->loop), th->whole->fields->bufs[f], b,
                               b_op(&bd, OP_DERIV_OF, fin[f].ty, fin[f], share[f])));
}

/* Whether the carrier's body does nothing but its updates of h: no other
 * writes, no calls with effects, no reads of h (the iterations would see
 * partial bins). */
static bool only_bin_updates(Body *b, TupleHist *th) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        bool into_h = false;
        for (int f = 0; f < th->nfields; f++) {
            if (stmt_reads_buffer(s, th->whole->fields->bufs[f]) && s->kind != S_ACC)
                return false;
            into_h |= s->buf == th->whole->fields->bufs[f];
        }
        if (s->kind == S_WRITE || s->kind == S_SCAN || s->kind == S_HIST || s->kind == S_EFFECT ||
            (s->kind == S_ACC && !into_h))
            return false;
        if (!only_bin_updates(s->then_body, th) || !only_bin_updates(s->else_body, th) ||
            !only_bin_updates(s->body, th))
            return false;
    }
    return true;
}

static Operand known_bins(Buffer *whole) {
    Buffer *f0 = whole->fields->bufs[0];
    if (whole->rank == 1 && f0->dims)
        return f0->dims[0];
    if (whole->rank == 1 && f0->extent)
        return *f0->extent;
    return opd_none();
}

bool lift_tuple_histogram(Lift *L, CXCursor c, Canon *cn, Pragma *pg, const UserOp *u,
                          const char **why) {
    int hb = pg->vars.len == 1 ? env_named(L, pg->vars.items[0]) : -1;
    Buffer *whole = hb >= 0 && L->env[hb].is_array ? L->env[hb].buf : NULL;
    if (!u && whole && whole->fields)
        u = inferred_op(L, hb, cn->body);
    if (!whole || !whole->fields || !u || !u->tuple) {
        *why = "it is not a histogram of a declared operator into an array of structs";
        return false;
    }
    if (!u->commutative || !u->inverse) {
        *why = arena_printf(L->a,
                            "the rule for histograms of structs needs '%s' declared commutative "
                            "with an inverse",
                            u->name);
        return false;
    }
    Operand nbins = known_bins(whole);
    if (nbins.kind == OPD_NONE) {
        *why = arena_printf(L->a, "the number of bins of '%s' is not known (declare it %s[n])",
                            whole->name, whole->name);
        return false;
    }
    if (whole->fields->n != u->fields) {
        *why = arena_printf(L->a, "'%s' is not of the type '%s' combines", whole->name, u->name);
        return false;
    }
    TupleHist th = {
        .loop = c, .binding = hb, .whole = whole, .nfields = u->fields, .u = u, .cn = cn};
    if (contains_break(cn->body) || contains_return(cn->body) ||
        !updates_only_bins(L, &th, cn->body)) {
        *why = arena_printf(L->a,
                            "'%s' is used otherwise than by %s[k] = %s(%s[k], e), or the loop "
                            "breaks out or returns",
                            whole->name, whole->name, u->combine, whole->name);
        return false;
    }
    LiftMark mark = lift_mark(L);
    Builder bd = lift_builder(L, c);
    Operand nb = b_cast(&bd, type_long(), nbins);
    b_comment(&bd, arena_printf(L->a,
                                "'#pragma pargrad %s': the loop as written, in blocks, each into "
                                "a copy of the bins of its own, combined into the final bins; "
                                "then the invertible rule of '%s': each value's adjoint from "
                                "its bin's, in parallel",
                                pg->text, u->name));
    th.nb = nb;
    TupleHist *outer = L->tuple_hist;
    L->tuple_hist = &th;
    lift_final_bins(L, &th);
    lift_built_map(L, c, cn->body, nb,
                   "the bins' values, with the derivatives of the invertible rule", rule_bin, &th);
    th.carrier = true;
    Stmt *s = loop_stmt(L, c, S_MAP, cn, pg);
    s->carrier = true;
    s->note = "the invertible rule's carrier: adds nothing, runs in the return sweep only";
    lift_parallel_body(L, s, cn, BARRIER_MAP);
    L->tuple_hist = outer;
    bool plain = !L->failed && only_bin_updates(s->body, &th);
    if (plain)
        body_append(L->a, L->cur, s);
    else if (!L->failed) {
        lift_undo(L, &mark);
        *why =
            arena_printf(L->a, "its iterations do more than update the bins of '%s'", whole->name);
    }
    lift_mark_free(&mark);
    return plain || L->failed;
}
