/* The adjoints of arrays outside the signature: scratch arrays passed in
 * that carry derivatives, and inputs the function overwrites (their sweep
 * runs on a zeroed array added to the caller's adjoint at the end), each
 * allocated as long as the function's accesses reach. That extent is a
 * bound of every index, from loop ranges, counters, induction variables,
 * residues and selects, or the size the code computes where they cannot
 * tell. */
#include "rev.h"

#include <stdlib.h>
#include <string.h>
static bool index_bound(Rev *r, Builder *bd, Operand o, bool upper, Operand *out);

/* A constant or a parameter: its bound is itself, exactly. */
static bool is_fixed(Rev *r, Operand o) {
    return o.kind != OPD_VAR || !def_of(r, o);
}

/* A counter runs from first down to limit, or up from first to its last
 * value first + (trips - 1) * step, which is tight (the next element may
 * be outside the array) only where first and step are fixed. */
static bool counter_bound(Rev *r, Builder *bd, Counter *c, bool upper, Operand *out) {
    if (c->down || !upper)
        return index_bound(r, bd, c->down && !upper ? c->limit : c->first, upper, out);
    Operand trips;
    if (!is_fixed(r, c->first) || !is_fixed(r, c->step) ||
        !index_bound(r, bd, c->trips, true, &trips))
        return false;
    *out = b_add(bd, c->first, b_mul(bd, b_sub(bd, trips, opd_int(1)), c->step));
    return true;
}

/* A scalar a sequential loop carries and steps by a fixed positive amount
 * in every iteration (a walking pointer's offset, `*p = e; p++;`): from its
 * start up to start + (trips - 1) * step inside the loop. */
static bool induction_bound(Rev *r, Builder *bd, Stmt *loop, Var *param, bool upper, Operand *out) {
    Carried *c = NULL;
    for (int i = 0; i < loop->carried.len && !c; i++)
        if (((Carried *)loop->carried.items[i])->param == param)
            c = loop->carried.items[i];
    Stmt *y = c ? def_of(r, c->yield) : NULL;
    if (!y || y->kind != S_LET || y->op != OP_ADD)
        return false;
    int k = y->args[0].kind == OPD_VAR && y->args[0].var == param ? 1 : 0;
    Operand step = y->args[k];
    if (!(y->args[1 - k].kind == OPD_VAR && y->args[1 - k].var == param) ||
        step.kind != OPD_CONST || type_is_float(step.ty) || step.ival <= 0)
        return false;
    Operand start, hi, lo;
    if (!index_bound(r, bd, c->init, upper, &start))
        return false;
    if (!upper) {
        *out = start;
        return true;
    }
    if (!index_bound(r, bd, loop->hi, true, &hi) || !index_bound(r, bd, loop->lo, false, &lo))
        return false;
    Operand last =
        b_sub(bd, b_sub(bd, b_cast(bd, type_long(), hi), b_cast(bd, type_long(), lo)), opd_int(1));
    *out = b_add(bd, b_cast(bd, type_long(), start), b_mul(bd, last, step));
    return true;
}

/* o's binding where it is an integer let */
static Stmt *int_let(Rev *r, Operand o) {
    Stmt *d = o.kind == OPD_VAR ? def_of(r, o) : NULL;
    return d && d->kind == S_LET && !type_is_float(d->dst->ty) ? d : NULL;
}

Operand uncast_widening(Rev *r, Operand o) {
    for (Stmt *d = def_of(r, o);
         d && d->kind == S_LET && d->nargs == 1 &&
         (d->op == OP_COPY || (d->op == OP_CAST && widening_int_cast(d->args[0].ty, d->dst->ty)));
         d = def_of(r, o))
        o = d->args[0];
    return o;
}

Operand index_base_offset(Rev *r, Operand o, long long *offset) {
    for (int guard = 0; guard < 32 && o.kind == OPD_VAR; guard++) {
        Stmt *d = int_let(r, o);
        if (!d)
            break;
        if (d->op == OP_COPY || d->op == OP_CAST) {
            o = d->args[0];
        } else if ((d->op == OP_ADD || d->op == OP_SUB) && d->args[1].kind == OPD_CONST &&
                   !type_is_float(d->args[1].ty)) {
            *offset += d->op == OP_ADD ? d->args[1].ival : -d->args[1].ival;
            o = d->args[0];
        } else {
            break;
        }
    }
    return o;
}

static bool same_index_value(Rev *r, Operand a, Operand b) {
    long long oa = 0, ob = 0;
    a = index_base_offset(r, a, &oa);
    b = index_base_offset(r, b, &ob);
    return oa == ob && opd_equal(a, b);
}

/* Whether x % m takes every value in [0, m) over the iterations of a
 * loop (returned): x is the loop's index over [0, m) or more, or its
 * counter over m or more consecutive values (up or down), or that plus or minus a value the loop
 * does not change (a rotation, y[(i + 2) % n], the periodic left neighbour
 * y[(i + n - 1) % n], a reversed index n - 1 - i: m consecutive values meet
 * every residue, and a valid index is not negative), so the bound m - 1 is
 * reached. Not where the other term moves with the loop: (i + i) % n meets
 * only the even residues. */
static Stmt *residues_loop(Rev *r, Operand x, Operand m, int depth);

/* o keeps its value over the iterations of loop: a constant, a parameter,
 * or bound outside the loop's body */
static bool fixed_in(Rev *r, Operand o, Stmt *loop) {
    Stmt *d = def_of(r, o);
    return !d || (d != loop && !body_contains(loop->body, d));
}

/* x = a + b or a - b: one term walks the residues, the other is fixed */
static Stmt *residues_of_sum(Rev *r, Stmt *d, Operand m, int depth) {
    for (int k = 0; k < 2; k++) {
        Stmt *loop = residues_loop(r, d->args[k], m, depth + 1);
        if (loop && fixed_in(r, d->args[1 - k], loop))
            return loop;
    }
    return NULL;
}

/* count is at least m: the same value plus a constant not below m's
 * (a loop over the n + 1 faces of n periodic cells meets every residue
 * of n) */
static bool at_least(Rev *r, Operand count, Operand m) {
    long long oc = 0, om = 0;
    Operand bc = index_base_offset(r, count, &oc), bm = index_base_offset(r, m, &om);
    return oc >= om && opd_equal(bc, bm);
}

/* a loop's trip count where it runs at all: cond ? trips : 0 as trips */
static Operand trips_when_run(Rev *r, Operand trips) {
    Stmt *d = int_let(r, trips);
    if (d && d->op == OP_SELECT && d->args[2].kind == OPD_CONST && d->args[2].ival == 0)
        return d->args[1];
    return trips;
}

static Stmt *residues_loop(Rev *r, Operand x, Operand m, int depth) {
    Stmt *d = x.kind == OPD_VAR ? def_of(r, x) : NULL;
    if (!d || depth >= 8)
        return NULL;
    if (d->kind == S_LET && !type_is_float(d->dst->ty)) {
        if (d->op == OP_CAST)
            return residues_loop(r, d->args[0], m, depth + 1);
        if (d->op == OP_ADD || d->op == OP_SUB)
            return residues_of_sum(r, d, m, depth);
        return NULL;
    }
    if (d->counter && d->counter->var == x.var) {
        /* by ones from m - 1 down to 0 (or from 0 up to m, exclusive) */
        Counter *c = d->counter;
        long long of = 0, om = 0;
        bool ones = !c->blocks_of && c->step.kind == OPD_CONST && !type_is_float(c->step.ty) &&
                    c->step.ival == 1;
        if (!ones)
            return NULL;
        if (c->down) { /* the limit is inclusive: i > -1 makes -1 + 1 */
            long long ol = 0;
            Operand bf = index_base_offset(r, c->first, &of), bm = index_base_offset(r, m, &om);
            Operand bl = index_base_offset(r, c->limit, &ol);
            bool all = bl.kind == OPD_CONST && !type_is_float(bl.ty) && bl.ival + ol == 0 &&
                       opd_equal(bf, bm) && of >= om - 1;
            return all ? d : NULL;
        }
        bool all = c->first.kind == OPD_CONST && c->first.ival == 0 && at_least(r, c->limit, m);
        return all ? d : NULL;
    }
    bool all = (d->kind == S_LOOP || d->kind == S_MAP || d->kind == S_REDUCE) &&
               d->index == x.var && !d->blocks_of && d->lo.kind == OPD_CONST && d->lo.ival == 0 &&
               at_least(r, trips_when_run(r, d->hi), m);
    return all ? d : NULL;
}

static bool all_residues(Rev *r, Operand x, Operand m) {
    return residues_loop(r, x, m, 0) != NULL;
}

/* c ? a : b as min(a, b) (1: c is a < b, a <= b, b > a or b >= a), max(a,
 * b) (2), or neither (0). */
static int extremum_form(Rev *r, Stmt *sel) {
    Stmt *c = def_of(r, sel->args[0]);
    if (!c || c->kind != S_LET || c->nargs != 2)
        return 0;
    Operand a = sel->args[1], b = sel->args[2];
    bool same = same_index_value(r, c->args[0], a) && same_index_value(r, c->args[1], b);
    bool swapped = same_index_value(r, c->args[0], b) && same_index_value(r, c->args[1], a);
    bool lt = c->op == OP_LT || c->op == OP_LE, gt = c->op == OP_GT || c->op == OP_GE;
    if ((same && lt) || (swapped && gt))
        return 1;
    if ((same && gt) || (swapped && lt))
        return 2;
    return 0;
}

/* The bound of c ? a : b. Over the iterations max(a, b) reaches the larger
 * of the two maxima, and min(a, n) for a fixed n reaches min(max a, n) (a
 * tile's end, `ii + B < n ? ii + B : n`); other selects take either value,
 * a bound that may not be reached. */
static bool select_bound(Rev *r, Builder *bd, Stmt *d, bool upper, Operand *out) {
    int form = extremum_form(r, d);
    bool was = r->bound_loose;
    Operand x, y;
    r->bound_loose = false;
    bool ok = index_bound(r, bd, d->args[1], upper, &x);
    bool loose_x = r->bound_loose;
    r->bound_loose = false;
    ok = ok && index_bound(r, bd, d->args[2], upper, &y);
    bool loose_y = r->bound_loose;
    bool exact = false;
    if (form == 1 && upper) {
        *out = b_select(bd, b_cmp(bd, OP_LT, x, y), x, y);
        exact = (!loose_x && is_fixed(r, d->args[2])) || (!loose_y && is_fixed(r, d->args[1]));
    } else {
        *out = b_select(bd, b_cmp(bd, upper ? OP_GT : OP_LT, x, y), x, y);
        exact = form == 2 && upper && !loose_x && !loose_y;
    }
    r->bound_loose = was || loose_x || loose_y || (upper && !exact);
    return ok;
}

/* Whether d (a let or a read) is a statement of the function's top level */
static bool at_top(Rev *r, Stmt *d) {
    if (!r->top_let) { /* once: one pass over the top level, not one per if */
        r->top_let = arena_alloc(r->a, (size_t)r->nvars + 1); /* zeroed */
        for (int i = 0; i < r->src->body->stmts.len; i++) {
            Stmt *t = r->src->body->stmts.items[i];
            if ((t->kind == S_LET || t->kind == S_READ) && t->dst->id < r->nvars)
                r->top_let[t->dst->id] = 1;
        }
    }
    return d->dst->id < r->nvars && r->top_let[d->dst->id];
}

/* An integer the function's top level reads from an array it never
 * writes, at constant subscripts (`const int nx = s->nx;`, a size in a
 * struct): read again where bd builds, it is the same value. */
static bool read_again(Rev *r, Builder *bd, Stmt *d, Operand *out) {
    if (type_is_float(d->dst->ty) || d->dst->is_mutable || !at_top(r, d) ||
        vec_contains(&r->written, d->buf))
        return false;
    for (int k = 0; k < d->nidx; k++)
        if (d->idx[k].kind != OPD_CONST)
            return false;
    if (!vec_contains(&r->unwritten, d->buf)) {
        bool written = body_writes_buffer(r->src->body, d->buf);
        vec_push(r->a, written ? &r->written : &r->unwritten, d->buf);
        if (written)
            return false;
    }
    for (int i = 0; i < r->read_from.len; i++)
        if (r->read_from.items[i] == d && r->read_into.items[i] == bd->b) {
            *out = opd_var(r->read_value.items[i]);
            return true;
        }
    Stmt *c = stmt_new(r->a, S_READ, d->loc);
    *c = *d;
    c->dst = var_new(r->a, r->dst, d->dst->name, d->dst->ty);
    body_append(r->a, bd->b, c);
    vec_push(r->a, &r->read_from, d);
    vec_push(r->a, &r->read_into, bd->b);
    vec_push(r->a, &r->read_value, c->dst);
    *out = opd_var(c->dst);
    return true;
}

/* An upper (or lower) bound of an index expression over all iterations,
 * from the loop bounds; indices are assumed non-negative, as valid array
 * indices are. */
static bool index_bound(Rev *r, Builder *bd, Operand o, bool upper, Operand *out) {
    if (o.kind != OPD_VAR) {
        *out = o;
        return true;
    }
    Stmt *d = def_of(r, o);
    if (!d) { /* a parameter */
        *out = o;
        return true;
    }
    Operand x, y;
    if (d->kind == S_READ)
        return read_again(r, bd, d, out);
    if (d->counter && d->counter->var == o.var)
        return counter_bound(r, bd, d->counter, upper, out);
    if (d->kind == S_LOOP && (d->index != o.var || d->hi.kind == OPD_NONE))
        return d->index != o.var && d->hi.kind != OPD_NONE &&
               induction_bound(r, bd, d, o.var, upper, out);
    if ((d->kind == S_LOOP || d->kind == S_MAP || d->kind == S_REDUCE) && d->index == o.var) {
        /* a block of a map's iterations (lift_tuple.c): the blocks cover the
         * whole range */
        bool whole = d->blocks_of && d->whole_hi.kind != OPD_NONE;
        Operand bound = whole ? (upper ? d->whole_hi : d->whole_lo) : upper ? d->hi : d->lo;
        if (!index_bound(r, bd, bound, upper, &x))
            return false;
        *out = upper ? b_sub(bd, x, opd_int(1)) : x;
        return true;
    }
    if (d->kind != S_LET || type_is_float(d->dst->ty))
        return false;
    switch (d->op) {
    case OP_COPY:
    case OP_CAST:
        return index_bound(r, bd, d->args[0], upper, out);
    case OP_ADD:
    case OP_MUL:
        if (!index_bound(r, bd, d->args[0], upper, &x) ||
            !index_bound(r, bd, d->args[1], upper, &y))
            return false;
        *out = d->op == OP_ADD ? b_add(bd, x, y) : b_mul(bd, x, y);
        return true;
    case OP_SUB:
        if (!index_bound(r, bd, d->args[0], upper, &x) ||
            !index_bound(r, bd, d->args[1], !upper, &y))
            return false;
        *out = b_sub(bd, x, y);
        return true;
    case OP_DIV: /* x / c: monotone in x for a constant c > 0; x / m <= x for m >= 1 */
        if (d->args[1].kind == OPD_CONST && d->args[1].ival > 0) {
            if (!index_bound(r, bd, d->args[0], upper, &x))
                return false;
            *out = b_div(bd, x, d->args[1]);
            return true;
        }
        r->bound_loose |= upper;
        if (upper)
            return index_bound(r, bd, d->args[0], true, out);
        *out = opd_int(0);
        return true;
    case OP_SELECT:
        return select_bound(r, bd, d, upper, out);
    /* Bit operations of non-negative integers: x & y <= y, x | y and
     * x ^ y <= x + y, x >> y <= x, x << y is x * 2^y. */
    case OP_BITAND:
        if (!upper) {
            *out = opd_int(0);
            return true;
        }
        r->bound_loose = true;
        return index_bound(r, bd, d->args[1], true, out) ||
               index_bound(r, bd, d->args[0], true, out);
    case OP_BITOR:
    case OP_BITXOR:
    case OP_SHL:
    case OP_SHR:
        if (!upper) {
            *out = opd_int(0);
            return true;
        }
        if (!index_bound(r, bd, d->args[0], true, &x))
            return false;
        if (d->op == OP_SHR) { /* by a constant: monotone */
            if (d->args[1].kind != OPD_CONST)
                r->bound_loose = true;
            *out = d->args[1].kind == OPD_CONST ? b_op(bd, OP_SHR, d->dst->ty, x, d->args[1]) : x;
            return true;
        }
        r->bound_loose |= d->op != OP_SHL;
        if (!index_bound(r, bd, d->args[1], true, &y))
            return false;
        *out = d->op == OP_SHL ? b_op(bd, OP_SHL, d->dst->ty, x, y) : b_add(bd, x, y);
        return true;
    case OP_MOD: /* x % m in [0, m) for a valid (non-negative) index */
        r->bound_loose |= upper && !all_residues(r, d->args[0], d->args[1]);
        if (!upper)
            *out = opd_int(0);
        else if (d->args[1].kind == OPD_CONST && d->args[1].ival > 0)
            *out = opd_int(d->args[1].ival - 1);
        else if (index_bound(r, bd, d->args[1], true, &y))
            *out = b_sub(bd, y, opd_int(1));
        else
            return false;
        return true;
    default:
        return false;
    }
}

/* ---- accesses whose bounds are not reached ----
 *
 * An exact extent counts only accesses whose bounds are reached. One whose
 * bound is not (a clamped neighbour, temp[S * col + c] for S = r == row - 1
 * ? r : r + 1) still lies inside the extent where an access whose bound is
 * reached (temp[r * col + c]) has the same shape with each part at least
 * as large, as bounds known without code tell: base + off for a loop's
 * index (its end minus one), a parameter or a constant, shifted by
 * constants, and for a select the larger of its operands', each under
 * what the condition says of the index in it. */
typedef struct SBound {
    Operand base; /* none: a constant */
    long long off;
    /* where the value is computed, base >= floor (inside a loop over [lo,
     * base + h): lo - h + 1), so that a constant k is at most base + k -
     * floor (the clamp i > 0 ? i - 1 : 0) */
    bool has_floor;
    long long floor;
} SBound;

/* x and y of one base, x's floor for y where y is a constant */
static bool one_base(SBound *x, SBound *y) {
    if (x->base.kind == OPD_NONE && y->base.kind != OPD_NONE && y->has_floor) {
        *x = (SBound){y->base, x->off - y->floor, true, y->floor};
        return true;
    }
    if (y->base.kind == OPD_NONE && x->base.kind != OPD_NONE && x->has_floor) {
        *y = (SBound){x->base, y->off - x->floor, true, x->floor};
        return true;
    }
    return opd_equal(x->base, y->base);
}

/* In one operand of a select: index v is at most at (v NULL: no cap). */
typedef struct Cap {
    Var *v;
    SBound at;
} Cap;

static bool is_loop_index(Rev *r, Operand o) {
    Stmt *d = o.kind == OPD_VAR ? def_of(r, o) : NULL;
    return d && (d->kind == S_LOOP || d->kind == S_MAP || d->kind == S_REDUCE) &&
           d->index == o.var && !d->blocks_of && !d->counter && d->hi.kind != OPD_NONE;
}

static bool sbound_of(Rev *r, Operand o, bool selects, Cap cap, SBound *b, int depth);

/* The comparison with its operands swapped: y > x for x < y */
static PrimOp mirrored(PrimOp op) {
    switch (op) {
    case OP_LT:
        return OP_GT;
    case OP_GT:
        return OP_LT;
    case OP_LE:
        return OP_GE;
    case OP_GE:
        return OP_LE;
    default:
        return op;
    }
}

/* The cap the condition of select sel puts on an index in its operand
 * side (0 then, 1 else): i < y, i <= y, i == y's else where y is i's own
 * end minus one (the clamp i == n - 1 ? i : i + 1), and their mirrors. */
static Cap select_cap(Rev *r, Stmt *sel, int side, int depth) {
    Cap none = {0};
    Stmt *c = def_of(r, sel->args[0]);
    if (!c || c->kind != S_LET || c->nargs != 2)
        return none;
    PrimOp op = c->op;
    long long cx = 0;
    Operand x = index_base_offset(r, c->args[0], &cx), y = c->args[1];
    if (!is_loop_index(r, x)) { /* y > i is i < y */
        op = mirrored(op);
        cx = 0;
        x = index_base_offset(r, c->args[1], &cx);
        y = c->args[0];
    }
    SBound yb, xb;
    if (!is_loop_index(r, x) || !sbound_of(r, y, false, none, &yb, depth + 1) ||
        !sbound_of(r, x, false, none, &xb, depth + 1))
        return none;
    bool ends = opd_equal(xb.base, yb.base) && xb.off + cx == yb.off; /* i + cx == its last */
    long long strict; /* the branch where x + cx <= y - strict */
    if ((op == OP_LT && side == 0) || (op == OP_GE && side == 1) ||
        (ends && ((op == OP_EQ && side == 1) || (op == OP_NE && side == 0))))
        strict = 1;
    else if ((op == OP_LE && side == 0) || (op == OP_GT && side == 1))
        strict = 0;
    else
        return none;
    return (Cap){x.var, {yb.base, yb.off - cx - strict, false, 0}};
}

static bool sbound_of(Rev *r, Operand o, bool selects, Cap cap, SBound *b, int depth) {
    long long c = 0;
    o = index_base_offset(r, o, &c);
    SBound x, y;
    if (o.kind == OPD_CONST && !type_is_float(o.ty)) {
        *b = (SBound){opd_none(), o.ival + c, false, 0};
        return true;
    }
    if (depth >= 8 || o.kind != OPD_VAR || o.var->is_mutable || type_is_float(o.var->ty))
        return false;
    Stmt *d = def_of(r, o);
    if (!d) { /* a parameter */
        *b = (SBound){o, c, false, 0};
        return true;
    }
    if (is_loop_index(r, o) && sbound_of(r, d->hi, false, (Cap){0}, &x, depth + 1)) {
        long long lo = 0;
        Operand l = index_base_offset(r, d->lo, &lo);
        bool lo_known = l.kind == OPD_CONST && !type_is_float(l.ty);
        *b = (SBound){x.base, x.off - 1 + c, lo_known, lo_known ? l.ival + lo - x.off + 1 : 0};
        if (cap.v == o.var && opd_equal(cap.at.base, x.base) && cap.at.off < x.off - 1)
            b->off = cap.at.off + c;
        return true;
    }
    if (d->kind == S_LET && d->op == OP_ADD &&
        sbound_of(r, d->args[0], selects, cap, &x, depth + 1) &&
        sbound_of(r, d->args[1], selects, cap, &y, depth + 1) &&
        (x.base.kind == OPD_NONE || y.base.kind == OPD_NONE)) { /* (a view's offset 0) */
        SBound *part = x.base.kind == OPD_NONE ? &y : &x;
        *b = (SBound){part->base, x.off + y.off + c, part->has_floor, part->floor};
        return true;
    }
    if (selects && d->kind == S_LET && d->op == OP_SELECT) {
        Cap c0 = select_cap(r, d, 0, depth), c1 = select_cap(r, d, 1, depth);
        if (!sbound_of(r, d->args[1], true, c0.v ? c0 : cap, &x, depth + 1) ||
            !sbound_of(r, d->args[2], true, c1.v ? c1 : cap, &y, depth + 1) || !one_base(&x, &y))
            return false;
        *b = (SBound){x.base, (x.off > y.off ? x.off : y.off) + c, x.has_floor || y.has_floor,
                      x.has_floor ? x.floor : y.floor};
        return true;
    }
    return false;
}

/* Every value u takes is at most the bound v reaches: bounds known
 * without code, or sums and products (of non-negative indices) of such
 * parts, part by part, or differences by one value. */
static bool reaches_no_farther(Rev *r, Operand u, Operand v, int depth) {
    SBound bu, bv;
    if (opd_equal(u, v) && (u.kind != OPD_VAR || !u.var->is_mutable))
        return true;
    if (depth > 8)
        return false;
    if (sbound_of(r, u, true, (Cap){0}, &bu, 0) && sbound_of(r, v, false, (Cap){0}, &bv, 0))
        return opd_equal(bu.base, bv.base) && bu.off <= bv.off;
    Stmt *du = int_let(r, u), *dv = int_let(r, v);
    if (du && (du->op == OP_COPY || du->op == OP_CAST))
        return reaches_no_farther(r, du->args[0], v, depth + 1);
    if (dv && (dv->op == OP_COPY || dv->op == OP_CAST))
        return reaches_no_farther(r, u, dv->args[0], depth + 1);
    if (!du || !dv || du->op != dv->op)
        return false;
    switch (du->op) {
    case OP_ADD:
    case OP_MUL:
        return (reaches_no_farther(r, du->args[0], dv->args[0], depth + 1) &&
                reaches_no_farther(r, du->args[1], dv->args[1], depth + 1)) ||
               (reaches_no_farther(r, du->args[0], dv->args[1], depth + 1) &&
                reaches_no_farther(r, du->args[1], dv->args[0], depth + 1));
    case OP_SUB:
        return reaches_no_farther(r, du->args[0], dv->args[0], depth + 1) &&
               opd_equal(du->args[1], dv->args[1]) &&
               (du->args[1].kind != OPD_VAR || !du->args[1].var->is_mutable);
    default:
        return false;
    }
}

static void count_skipped(Extent *ex, Stmt *s) {
    if (!ex->beyond)
        ex->beyond = s;
    ex->skipped_reads += s->kind != S_WRITE;
    ex->skipped_writes += s->kind == S_WRITE;
    if (ex->skipped && s->kind == S_WRITE)
        vec_push(ex->r->a, ex->skipped, s);
    if (ex->checked)
        vec_push(ex->r->a, ex->checked, s);
}

/* The accesses whose bounds are not reached: inside the extent where an
 * access whose bound is reached, counted unconditionally (no guard),
 * reaches as far; else skipped. */
static void resolve_unreached(Extent *ex) {
    for (int i = 0; i < ex->unreached.len; i++) {
        Stmt *u = ex->unreached.items[i];
        bool inside = false;
        for (int k = 0; k < ex->reached.len && !inside; k++)
            inside =
                reaches_no_farther(ex->r, u->idx[0], ((Stmt *)ex->reached.items[k])->idx[0], 0);
        if (!inside)
            count_skipped(ex, u);
    }
    ex->unreached.len = 0;
}

static void extent_of_body(Extent *ex, Body *b);

/* o computed again by bd from the parameters and constants it is
 * computed from (sums, differences, products and conversions of them:
 * T p[n * n]'s length, before the body that computes it runs); false for
 * anything else */
static bool recomputed(Rev *r, Builder *bd, Operand o, Operand *out, int depth) {
    Stmt *d = def_of(r, o);
    if (o.kind != OPD_VAR || !d) {
        *out = o;
        return true;
    }
    if (depth > 8 || d->kind != S_LET || o.var->is_mutable || type_is_float(d->dst->ty))
        return false;
    Operand x, y;
    switch (d->op) {
    case OP_COPY:
        return recomputed(r, bd, d->args[0], out, depth + 1);
    case OP_CAST:
        if (!recomputed(r, bd, d->args[0], &x, depth + 1))
            return false;
        *out = b_cast(bd, d->dst->ty, x);
        return true;
    case OP_ADD:
    case OP_SUB:
    case OP_MUL:
        if (!recomputed(r, bd, d->args[0], &x, depth + 1) ||
            !recomputed(r, bd, d->args[1], &y, depth + 1))
            return false;
        *out = d->op == OP_ADD   ? b_add(bd, x, y)
               : d->op == OP_SUB ? b_sub(bd, x, y)
                                 : b_mul(bd, x, y);
        return true;
    default:
        return false;
    }
}

/* The extent of ex->buf from its accesses, or, where they cannot tell, the
 * length the parameter is declared with (T p[n], computed again before
 * the body where it is an expression) */
void extent_of(Extent *ex, Body *b) {
    extent_of_body(ex, b);
    resolve_unreached(ex);
    Operand *declared = ex->rows ? ex->buf->shape : ex->buf->extent, size;
    if (declared &&
        (!ex->ok || ex->size.kind == OPD_NONE || ex->skipped_reads || ex->skipped_writes) &&
        (ex->after_body ? (size = *declared, true)
                        : recomputed(ex->r, ex->bd, *declared, &size, 0))) {
        ex->ok = true;
        ex->size = b_cast(ex->bd, type_long(), size);
        ex->skipped_reads = ex->skipped_writes = 0;
    }
}

/* Whether o has the same value at the function's top level after the
 * return sweep: a constant, a parameter, or a value its top level binds. */
static bool known_at_top(Rev *r, Operand o) {
    Stmt *d = def_of(r, o);
    if (o.kind == OPD_VAR && o.var->is_mutable) /* (assigned again later, maybe) */
        return false;
    if (o.kind != OPD_VAR || !d)
        return true;
    return d->kind == S_LET && at_top(r, d);
}

static Operand guarded(Extent *ex, Operand n) {
    return ex->guard.kind == OPD_NONE ? n : b_select(ex->bd, ex->guard, n, opd_int(0));
}

/* The branches of an if, each under its condition where it can be tested. */
static void extent_of_branches(Extent *ex, Stmt *s) {
    Operand outer = ex->guard;
    bool known = ex->after_body && known_at_top(ex->r, s->cond);
    for (int q = 0; q < 2; q++) {
        Operand c = q ? b_op(ex->bd, OP_NOT, type_bool(), s->cond, opd_none()) : s->cond;
        if (known)
            ex->guard = outer.kind == OPD_NONE ? c : b_op(ex->bd, OP_AND, type_bool(), outer, c);
        extent_of_body(ex, q ? s->else_body : s->then_body);
        ex->guard = outer;
    }
}

static void extent_of_body(Extent *ex, Body *b) {
    for (int i = 0; b && i < b->stmts.len && ex->ok; i++) {
        Stmt *s = b->stmts.items[i];
        /* a histogram's update (S_ACC) leaves its seed: it counts as a read */
        if (s->kind == S_HIST && s->buf == ex->buf) { /* all its bins */
            Operand n = guarded(ex, b_cast(ex->bd, type_long(), s->args[0]));
            ex->size = ex->size.kind == OPD_NONE
                           ? n
                           : b_select(ex->bd, b_cmp(ex->bd, OP_GT, n, ex->size), n, ex->size);
            continue;
        }
        if ((s->kind == S_READ || s->kind == S_WRITE || s->kind == S_ACC) && s->buf == ex->buf) {
            Operand ub;
            ex->r->bound_loose = false;
            bool bounded = s->nidx == (ex->rows ? ex->buf->rank : 1) &&
                           index_bound(ex->r, ex->bd, s->idx[0], true, &ub);
            if (ex->exact && (!bounded || ex->r->bound_loose)) {
                vec_push(ex->r->a, &ex->unreached, s);
                continue;
            }
            if (ex->exact && ex->guard.kind == OPD_NONE)
                vec_push(ex->r->a, &ex->reached, s);
            if (!bounded) {
                ex->ok = false;
                ex->unbounded = s;
                return;
            }
            Builder *bd = ex->bd;
            Operand n = guarded(ex, b_add(bd, b_cast(bd, type_long(), ub), opd_int(1)));
            ex->size = ex->size.kind == OPD_NONE
                           ? n
                           : b_select(bd, b_cmp(bd, OP_GT, n, ex->size), n, ex->size);
        }
        if (s->kind == S_IF)
            extent_of_branches(ex, s);
        extent_of_body(ex, s->body);
    }
}

/* Adds an internal adjoint into the caller's: x_b[k] += x_b_internal[k]
 * over its `size` elements, or for an array of rank above 1 over its
 * `size` rows and the dimensions of each (Buffer.inner_dims). */
static void add_into(Rev *r, Body *out, Buffer *from, Buffer *to, Operand size) {
    int rank = from->inner_dims ? from->rank : 1;
    Stmt *rd = stmt_new(r->a, S_READ, r->src->loc);
    Stmt *acc = stmt_new(r->a, S_ACC, r->src->loc);
    for (int d = 0; d < rank; d++) {
        Stmt *m = stmt_new(r->a, S_MAP, r->src->loc);
        m->index =
            var_new(r->a, r->dst, rank > 1 ? arena_printf(r->a, "k%d", d) : "k", type_long());
        m->lo = opd_int(0);
        m->hi = d ? from->inner_dims[d] : size;
        m->body = body_new(r->a);
        rd->idx[d] = acc->idx[d] = opd_var(m->index);
        body_append(r->a, out, m);
        out = m->body;
    }
    rd->buf = from;
    rd->nidx = acc->nidx = rank;
    rd->dst = var_new(r->a, r->dst, TEMP_NAME, from->elem);
    body_append(r->a, out, rd);
    acc->buf = to;
    acc->nargs = 1;
    acc->args[0] = opd_var(rd->dst);
    body_append(r->a, out, acc);
}

/* A parameter's declared dimension computed again where bd builds (the
 * prologue, ahead of the statements that compute it: T p[F][m + 1]) */
static Operand dimension_here(Rev *r, Builder *bd, Operand o, const char *name) {
    Stmt *d = def_of(r, o);
    if (!d || d->kind != S_LET)
        return o; /* (a parameter, or a constant) */
    Stmt *c = stmt_new(r->a, S_LET, d->loc);
    *c = *d;
    for (int i = 0; i < d->nargs; i++)
        c->args[i] = dimension_here(r, bd, d->args[i], TEMP_NAME);
    /* (named: the emitter does not see the flattened accesses' uses of
     * it, and would inline a temporary used once) */
    c->dst = var_new(r->a, r->dst, name, d->dst->ty);
    body_append(r->a, bd->b, c);
    return opd_var(c->dst);
}

/* buf's declared dimensions (rank above 1) computed where bd builds: the
 * adjoint's flattened accesses use them (the primal's own may not: C
 * indexes its array itself) */
static Operand *dimensions_here(Rev *r, Builder *bd, Buffer *buf) {
    Operand *dims = arena_alloc(r->a, sizeof(Operand) * (size_t)buf->rank);
    dims[0] = buf->inner_dims[0];
    for (int d = 1; d < buf->rank; d++)
        dims[d] = dimension_here(r, bd, buf->inner_dims[d],
                                 arena_printf(r->a, "%s_dim%d", buffer_label(r->a, buf), d));
    return dims;
}

/* The elements of `rows` rows of dimensions dims */
static Operand elements_of_rows(Builder *bd, int rank, const Operand *dims, Operand rows) {
    Operand n = rows;
    for (int d = 1; d < rank; d++)
        n = b_mul(bd, n, b_cast(bd, type_long(), dims[d]));
    return n;
}

/* Arrays that carry derivatives but have no adjoint parameter (scratch
 * arrays passed in) keep their adjoints in zeroed arrays sized by the
 * largest index the function uses. So do inputs the function overwrites:
 * the adjoint parameter holds the caller's running sum, not a seed for the
 * overwritten values, so the sweep runs on a zeroed array that is added to
 * it at the end. */
/* Puts check before s, wherever s is in b */
static bool insert_before(Arena *a, Body *b, Stmt *s, Stmt *check) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *t = b->stmts.items[i];
        if (t == s) {
            body_insert(a, b, i, check);
            return true;
        }
        if (insert_before(a, t->then_body, s, check) || insert_before(a, t->else_body, s, check) ||
            insert_before(a, t->body, s, check))
            return true;
    }
    return false;
}

/* The size of the adjoint of a scratch array the function reads at
 * subscripts pargrad cannot bound (srad's c[iS[i] * cols + j], NPB CG's
 * p[colidx[k]]) from the accesses it can, each other access checked by
 * the forward sweep against it (pg_bin_check: a message and a stop, not a
 * write outside the adjoint); none where no access is bounded, or the
 * array has rows. */
static Operand checked_extent(Rev *r, Param *p, Builder *bd) {
    PtrVec checked = {0};
    Extent ex = {.r = r,
                 .bd = bd,
                 .buf = p->buf,
                 .size = opd_none(),
                 .ok = true,
                 .exact = true,
                 .checked = &checked,
                 .guard = opd_none()};
    if (p->buf->rank != 1)
        return opd_none();
    extent_of(&ex, r->src->body);
    if (!ex.ok || ex.size.kind == OPD_NONE)
        return opd_none();
    for (int i = 0; i < checked.len; i++) {
        Stmt *s = checked.items[i];
        Stmt *c = stmt_new(r->a, S_EFFECT, s->loc);
        c->text = "pg_bin_check";
        c->effect_id = r->src->next_effect_id++;
        const char *file = strrchr(s->loc.file, '/') ? strrchr(s->loc.file, '/') + 1 : s->loc.file;
        EffectArg *args = arena_alloc(r->a, 3 * sizeof(EffectArg));
        args[0].val = s->idx[0];
        args[1].val = ex.size;
        args[2].text = arena_printf(r->a,
                                    "\"'%s' (its adjoint's length from its other "
                                    "accesses) at %s:%d\"",
                                    p->name, file, s->loc.line);
        for (int k = 0; k < 3; k++)
            vec_push(r->a, &c->effect_args, &args[k]);
        insert_before(r->a, r->src->body, s, c);
    }
    return ex.size;
}

void internal_adjoints(Rev *r, RevSpec *spec, Body *prologue, Body *epilogue) {
    for (int i = 0; i < r->src->params.len; i++) {
        Param *p = r->src->params.items[i];
        if (!p->buf || !p->buf->active)
            continue;
        bool overwritten_input = p->buf->adj && !in_names(&spec->out, p->name) &&
                                 body_writes_buffer(r->src->body, p->buf);
        if (p->buf->adj && !overwritten_input)
            continue;
        Builder bd = {r->a, r->dst, prologue, r->src->loc};
        Extent ex = {.r = r,
                     .bd = &bd,
                     .buf = p->buf,
                     .size = opd_none(),
                     .ok = true,
                     .exact = overwritten_input,
                     .guard = opd_none(),
                     .rows = p->buf->rank > 1};
        if (!ex.rows || p->buf->inner_dims) /* (T p[n][m]: the rows, then their elements) */
            extent_of(&ex, r->src->body);
        else
            ex.ok = false;
        if ((!ex.ok || ex.size.kind == OPD_NONE || ex.skipped_reads || ex.skipped_writes) &&
            overwritten_input) {
            /* With out(name) too, the adjoint parameter carries the seed of
             * the final values in and the input values' adjoint out: no
             * array of pargrad's own is needed. */
            /* an out(...) that leaves the return value out makes it no output */
            bool ret = in_names(&spec->out, "return");
            rev_error(
                r, ex.beyond ? ex.beyond->loc : r->src->loc,
                arena_printf(
                    r->a,
                    "list '%s' in out(...) as well%s: %s_b then brings the seed "
                    "of its final values (zeros if they do not matter) and "
                    "returns the adjoint of its input values",
                    p->name,
                    ret ? arena_printf(r->a, " (beside the return value: out(return, %s))", p->name)
                        : "",
                    p->name),
                arena_printf(r->a,
                             "'%s' is overwritten and in wrt(...) but not in out(...): "
                             "the adjoint of its input values needs an array of its "
                             "size, which pargrad cannot tell%s",
                             p->name,
                             ex.beyond ? " (this subscript may reach past the elements "
                                         "the others reach)"
                                       : ""));
            return;
        }
        if ((!ex.ok || ex.size.kind == OPD_NONE) && !overwritten_input) {
            ex.size = checked_extent(r, p, &bd);
            ex.ok = ex.size.kind != OPD_NONE;
        }
        if (!ex.ok || ex.size.kind == OPD_NONE) {
            /* an array the function writes needs out(...) too (the error
             * above otherwise follows) */
            bool written = body_writes_buffer(r->src->body, p->buf);
            bool ret = in_names(&spec->out, "return") || !spec->out.len;
            const char *also =
                !written ? ""
                : ret    ? arena_printf(r->a, " and in out(...) (out(return, %s))", p->name)
                         : " and in out(...)";
            /* (a struct's field has no declaration of its own to size) */
            const char *sized =
                p->buf->field ? ""
                              : arena_printf(r->a,
                                             "; or declare its length from integer parameters "
                                             "(%s %s[n * m])",
                                             type_cname(p->buf->elem), p->name);
            rev_error(
                r, ex.unbounded ? ex.unbounded->loc : r->src->loc,
                arena_printf(r->a,
                             "list '%s' in wrt(...)%s: its adjoint then comes as a "
                             "parameter%s",
                             p->name, also, sized),
                arena_printf(r->a,
                             "'%s' carries derivatives, but pargrad cannot tell its size "
                             "to keep its adjoint%s",
                             p->name,
                             ex.unbounded ? " (pargrad finds no bound of this subscript)" : ""));
            return;
        }
        Buffer *adj = buffer_new(r->a, r->dst,
                                 arena_printf(r->a, overwritten_input ? "%s_b_sweep" : "%s_b",
                                              buffer_label(r->a, p->buf)),
                                 p->buf->elem, BUF_LOCAL);
        if (ex.rows) { /* flat, its accesses flattened by the parameter's dimensions */
            adj->rank = p->buf->rank;
            adj->inner_dims = dimensions_here(r, &bd, p->buf);
        }
        if (overwritten_input) /* (the caller's adjoint, NULL where the array is) */
            add_into(r, where_given(r, p->buf, epilogue, r->src->loc), adj, p->buf->adj, ex.size);
        adj->is_adjoint = true;
        p->buf->adj = adj;
        Stmt *al = stmt_new(r->a, S_ALLOC, r->src->loc);
        al->buf = adj;
        al->nargs = 1;
        al->args[0] =
            ex.rows ? elements_of_rows(&bd, adj->rank, adj->inner_dims, ex.size) : ex.size;
        body_append(r->a, prologue, al);
        Stmt *fr = stmt_new(r->a, S_FREE, r->src->loc);
        fr->buf = adj;
        body_append(r->a, epilogue, fr);
    }
}
