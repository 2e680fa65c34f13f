/* Scan fusion (fuse.c has the overview): a scan with the map computing
 * its terms before it and the map reading its prefixes after it becomes
 * one parallel region of two passes over blocks of the iterations. */
#include "fuse_internal.h"

#include <stdlib.h>
#include <string.h>

/* ---- the terms alone: pass 1 of a fused scan ---- */
/* The statements of pre that compute the terms (what pre writes into the
 * scan's inputs, or assigns to the term variables), found backwards from
 * them until nothing changes: a mutable variable needed anywhere keeps all
 * its assignments. Loops are kept whole, and only when they have no
 * effects. */
typedef struct Slice {
    Fuse *F;
    Stmt *scan, *pre, *post;
    unsigned char *need; /* per variable id */
    int nvars;
    StmtSet kept;
    PtrVec declared; /* variables declared in pre */
    PtrVec arrays;   /* buffers the kept reads read */
    bool changed, failed;
    bool check_reads;
} Slice;

static bool needed(Slice *sl, Var *v) {
    return v && v->id < sl->nvars && sl->need[v->id];
}

static void need_operand(Operand *o, void *ctx) {
    Slice *sl = ctx;
    if (o->kind == OPD_VAR && o->var->id < sl->nvars && !sl->need[o->var->id]) {
        sl->need[o->var->id] = 1;
        sl->changed = true;
    }
}

static void need_all(Slice *sl, Body *b) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        stmt_visit_operands(s, need_operand, sl);
        if (s->kind == S_READ && !vec_contains(&sl->arrays, s->buf))
            vec_push(sl->F->a, &sl->arrays, s->buf);
        need_all(sl, s->then_body);
        need_all(sl, s->else_body);
        need_all(sl, s->body);
    }
}

static bool is_term_write(Slice *sl, Stmt *s) {
    ScanFusion *fu = sl->scan->fusion;
    for (int q = 0; q < 2 && (s->kind == S_WRITE || s->kind == S_ACC); q++)
        if (s->buf == sl->scan->scan_in[q]) /* a stored term's variable is its term */
            return !fu || !fu->stored[q];
    return fu && s->kind == S_LET && s->dst->is_mutable &&
           (s->dst == fu->term[0] || s->dst == fu->term[1]);
}

/* Pass 1 reads memory before any iteration ran: a read pre or post
 * writes must touch only the iteration's own element (no other iteration
 * writes it) and come before pre's writes of it. */
static void check_read(Slice *sl, Stmt *r, int top) {
    Fuse *F = sl->F;
    Buffer *b = r->buf;
    Touch tp = touches(F, sl->pre, sl->pre->body, b);
    Touch tq = sl->post ? touches(F, sl->post, sl->post->body, b) : (Touch){0};
    if (!tp.writes && !tq.writes)
        return;
    Place p;
    if (tp.scattered || tq.scattered || r->nidx != 1 || !place_of(F, sl->pre, r->idx[0], &p) ||
        (tp.have && !same_place(F, tp.place, p)) || (tq.have && !same_place(F, tq.place, p))) {
        sl->failed = true;
        return;
    }
    for (int j = 0; j < top; j++)
        if (stmt_writes_buffer(sl->pre->body->stmts.items[j], b))
            sl->failed = true;
}

static void check_reads_in(Slice *sl, Body *b, int top) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        if (s->kind == S_READ)
            check_read(sl, s, top);
        check_reads_in(sl, s->then_body, top);
        check_reads_in(sl, s->else_body, top);
        check_reads_in(sl, s->body, top);
    }
}

/* Whether a body kept whole computes without effects: no writes, calls
 * with effects, or assignments to variables declared outside pre. */
static bool pure_body(Slice *sl, Body *b) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        Body one = {.stmts = {(void **)&s, 1, 1}};
        if (s->kind == S_WRITE || s->kind == S_ACC || body_has_barrier(&one))
            return false;
        if (s->kind == S_LET && s->dst->is_mutable && !vec_contains(&sl->declared, s->dst))
            return false;
        if (!pure_body(sl, s->then_body) || !pure_body(sl, s->else_body) || !pure_body(sl, s->body))
            return false;
    }
    return true;
}

static bool defines_needed(Slice *sl, Stmt *s) {
    Var *defs[64];
    int n = stmt_defs(s, defs, 64);
    for (int k = 0; k < n; k++)
        if (needed(sl, defs[k]))
            return true;
    return false;
}

static bool assigns_needed(Slice *sl, Body *b) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        if ((s->kind == S_LET && s->dst->is_mutable && needed(sl, s->dst)) ||
            assigns_needed(sl, s->then_body) || assigns_needed(sl, s->else_body) ||
            assigns_needed(sl, s->body))
            return true;
    }
    return false;
}

static void keep(Slice *sl, Stmt *s) {
    if (!set_has(&sl->kept, s)) {
        set_add(&sl->kept, s);
        sl->changed = true;
    }
}

static bool body_keeps_any(Slice *sl, Body *b) {
    for (int i = 0; b && i < b->stmts.len; i++)
        if (set_has(&sl->kept, b->stmts.items[i]))
            return true;
    return false;
}

static void slice_mark(Slice *sl, Body *b, int top) {
    for (int i = b ? b->stmts.len - 1 : -1; i >= 0; i--) {
        Stmt *s = b->stmts.items[i];
        int at = top < 0 ? i : top;
        switch (s->kind) {
        case S_LET:
        case S_READ:
        case S_DECL:
            if (s->kind == S_DECL && s->buf) { /* a local array: kept where a kept read reads it */
                if (vec_contains(&sl->arrays, s->buf))
                    keep(sl, s);
                break;
            }
            if (!is_term_write(sl, s) && !(s->dst && needed(sl, s->dst)))
                break;
            if (s->kind == S_READ && !vec_contains(&sl->arrays, s->buf))
                vec_push(sl->F->a, &sl->arrays, s->buf);
            if (s->kind == S_LET && s->dst->is_mutable && !is_term_write(sl, s) &&
                !vec_contains(&sl->declared, s->dst))
                sl->failed = true; /* reads a sum pre adds to */
            keep(sl, s);
            stmt_visit_operands(s, need_operand, sl);
            if (s->kind == S_READ && sl->check_reads)
                check_read(sl, s, at);
            break;
        case S_WRITE:
        case S_ACC:
            if (is_term_write(sl, s)) {
                keep(sl, s);
                need_operand(&s->args[0], sl);
            }
            break;
        case S_IF:
            for (int k = 0; k < s->phis.len; k++) {
                Phi *p = s->phis.items[k];
                if (needed(sl, p->dst)) {
                    need_operand(&p->then_val, sl);
                    need_operand(&p->else_val, sl);
                }
            }
            slice_mark(sl, s->then_body, at);
            slice_mark(sl, s->else_body, at);
            if (defines_needed(sl, s) || body_keeps_any(sl, s->then_body) ||
                body_keeps_any(sl, s->else_body)) {
                keep(sl, s);
                need_operand(&s->cond, sl);
            }
            break;
        case S_LOOP:
        case S_MAP:
        case S_REDUCE:
        case S_BLOCK: {
            /* kept whole when anything in it is needed */
            if (!defines_needed(sl, s) && !assigns_needed(sl, s->body))
                break;
            if (!pure_body(sl, s->body)) {
                sl->failed = true;
                break;
            }
            keep(sl, s);
            stmt_visit_operands(s, need_operand, sl);
            need_all(sl, s->body);
            if (sl->check_reads)
                check_reads_in(sl, s->body, at);
            break;
        }
        default:
            break;
        }
    }
}

/* The kept statements of b; ifs get copies with their kept statements and
 * needed phis. */
static Body *slice_build(Slice *sl, Body *b) {
    Body *out = body_new(sl->F->a);
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        if (!set_has(&sl->kept, s))
            continue;
        if (s->kind == S_IF) {
            Stmt *c = stmt_new(sl->F->a, S_IF, s->loc);
            *c = *s;
            c->then_body = slice_build(sl, s->then_body);
            c->else_body = s->else_body ? slice_build(sl, s->else_body) : NULL;
            c->phis = (PtrVec){0};
            for (int k = 0; k < s->phis.len; k++)
                if (needed(sl, ((Phi *)s->phis.items[k])->dst))
                    vec_push(sl->F->a, &c->phis, s->phis.items[k]);
            s = c;
        }
        body_append(sl->F->a, out, s);
    }
    return out;
}

static Body *slice_terms(Fuse *F, Stmt *scan, Stmt *pre, Stmt *post, bool check_reads) {
    Slice sl = {.F = F, .scan = scan, .pre = pre, .post = post, .check_reads = check_reads};
    F->inside_of = NULL;
    sl.nvars = F->f->next_var_id;
    sl.need = xcalloc((size_t)sl.nvars + 1, 1);
    declared_vars(F->a, pre->body, &sl.declared);
    do {
        sl.changed = false;
        slice_mark(&sl, pre->body, -1);
    } while (sl.changed && !sl.failed);
    Body *out = sl.failed ? NULL : slice_build(&sl, pre->body);
    free(sl.need);
    free(sl.kept.slots);
    return out;
}

/* ---- scan fusion ---- */
/* Whether buf is touched outside the statements of `skip` (at any
 * depth), other than by its allocation and at element `end` (at_end: it is
 * touched there). */
typedef struct Elsewhere {
    bool found, at_end;
} Elsewhere;

static void add_subtree(StmtSet *set, Body *b) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        set_add(set, s);
        add_subtree(set, s->then_body);
        add_subtree(set, s->else_body);
        add_subtree(set, s->body);
    }
}

static Elsewhere elsewhere(Fuse *F, Buffer *buf, Stmt **skip, int nskip, Operand end) {
    StmtSet skipped = {0};
    for (int k = 0; k < nskip; k++)
        if (skip[k]) {
            set_add(&skipped, skip[k]);
            add_subtree(&skipped, skip[k]->body);
        }
    Elsewhere w = {false, false};
    PtrVec uses = uses_of(F, F->index, buf);
    for (int i = 0; i < uses.len; i++) {
        Stmt *s = uses.items[i];
        if (set_has(&skipped, s) || s->kind == S_ALLOC || s->kind == S_FREE)
            continue;
        bool access = s->kind == S_READ || s->kind == S_WRITE || s->kind == S_ACC;
        bool at_end = access && s->buf == buf && s->nidx == 1 && same(F, s->idx[0], end, 3);
        w.at_end |= at_end;
        w.found |= !at_end;
    }
    free(skipped.slots);
    return w;
}

/* Counts the statements of b (at any depth) writing buf, and those of
 * them at the top level. */
static void count_writes(Body *b, Buffer *buf, bool top, int *all, int *at_top, bool *acc) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        if ((s->kind == S_WRITE || s->kind == S_ACC) && s->buf == buf) {
            (*all)++;
            *at_top += top;
            *acc |= s->kind == S_ACC;
        }
        count_writes(s->then_body, buf, false, all, at_top, acc);
        count_writes(s->else_body, buf, false, all, at_top, acc);
        count_writes(s->body, buf, false, all, at_top, acc);
    }
}

static bool allocated_in(Body *b, int before, Buffer *buf) {
    for (int i = 0; i < before; i++) {
        Stmt *s = b->stmts.items[i];
        if (s->kind == S_ALLOC && s->buf == buf)
            return true;
    }
    return false;
}

/* pre's terms can stay in registers: each is written once per iteration,
 * at its top level, into a temporary nothing else reads in [0, hi) (an
 * accumulation into one allocated zeroed in this scope), and what
 * computes them can run alone in pass 1. A term that later code reads is
 * stored as well (stored[q]), where pre's write is the only one. */
static bool terms_in_registers(Fuse *F, Body *b, int ipre, Stmt *s, Stmt *pre, Stmt *post,
                               bool stored[2]) {
    Stmt *skip[3] = {pre, s, post};
    for (int q = 0; q < 2 && s->scan_in[q]; q++) {
        Buffer *t = s->scan_in[q];
        int all = 0, top = 0, everywhere = 0, unused = 0;
        bool acc = false;
        count_writes(pre->body, t, true, &all, &top, &acc);
        if (!all && !touches(F, pre, pre->body, t).any)
            continue; /* read from memory anyway */
        if (!is_temp_array(t) || all != 1 || top != 1 ||
            (acc && (t->filled_first || !allocated_in(b, ipre, t))) ||
            (post && touches(F, post, post->body, t).any))
            return false;
        if (!elsewhere(F, t, skip, 3, s->hi).found)
            continue;
        count_writes(F->f->body, t, true, &everywhere, &unused, &acc);
        if (acc || everywhere != 1)
            return false;
        stored[q] = true;
    }
    Body *slice = slice_terms(F, s, pre, post, true);
    return slice != NULL;
}

/* Post reads the prefixes only before or after its iteration's step. */
static bool reads_prefix_at_step(Fuse *F, Stmt *post, Stmt *s, Body *b) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *r = b->stmts.items[i];
        Place p;
        if ((r->kind == S_WRITE || r->kind == S_ACC) && r->buf == s->buf)
            return false;
        if (r->kind == S_READ && r->buf == s->buf &&
            (r->nidx != 1 || !place_of(F, post, r->idx[0], &p) || !plain_place(p) ||
             !same(F, p.base, opd_int(0), 3) || p.delta < 0 || p.delta > 1))
            return false;
        if (!reads_prefix_at_step(F, post, s, r->then_body) ||
            !reads_prefix_at_step(F, post, s, r->else_body) ||
            !reads_prefix_at_step(F, post, s, r->body))
            return false;
    }
    return true;
}

static bool pre_fits(Fuse *F, Stmt *s, Stmt *pre) {
    if (!fusible_map(pre) || !same_trips(F, pre->lo, pre->hi, opd_int(0), s->hi) ||
        touches(F, pre, pre->body, s->buf).any)
        return false;
    int computed = 0;
    for (int q = 0; q < 2 && s->scan_in[q]; q++) {
        Touch t = touches(F, pre, pre->body, s->scan_in[q]);
        if (!t.any)
            continue; /* read from memory */
        if (!t.writes || t.scattered || t.nested ||
            !same_place(F, t.place, place_at(opd_int(0), 0)) ||
            body_reads_buffer(pre->body, s->scan_in[q]))
            return false;
        computed++;
    }
    return computed > 0;
}

static bool post_fits(Fuse *F, Stmt *s, Stmt *post) {
    for (int q = 0; q < 2 && s->scan_in[q]; q++)
        if (body_writes_buffer(post->body, s->scan_in[q]))
            return false;
    return fusible_map(post) && same_trips(F, post->lo, post->hi, opd_int(0), s->hi) &&
           reads_prefix_at_step(F, post, s, post->body);
}

static const char *scan_label(Fuse *F, Buffer *p) {
    const char *name = buffer_label(F->a, p), *at = strstr(name, "_prefix");
    if (!at)
        return name;
    const char *stem = arena_printf(F->a, "%.*s", (int)(at - name), name);
    if (!strcmp(at, "_prefix"))
        return stem;
    if (!strcmp(at, "_prefix_b_total"))
        return arena_printf(F->a, "%s_b", stem);
    return name;
}

/* pre's writes of the terms become assignments to the term variables. */
static void terms_to_vars(Fuse *F, Body *b, Stmt *s, ScanFusion *fu) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *w = b->stmts.items[i];
        for (int q = 0; q < 2; q++)
            if (w->kind == S_WRITE && s->scan_in[q] && w->buf == s->scan_in[q] &&
                fu->stored[q]) { /* written still, and its value assigned too */
                Stmt *set = stmt_new(F->a, S_LET, w->loc);
                set->dst = fu->term[q];
                set->op = OP_COPY;
                set->nargs = 1;
                set->args[0] = w->args[0];
                body_insert(F->a, b, ++i, set);
                break;
            } else if ((w->kind == S_WRITE || w->kind == S_ACC) && s->scan_in[q] &&
                       w->buf == s->scan_in[q]) {
                w->kind = S_LET;
                w->dst = fu->term[q];
                w->op = OP_COPY;
                w->nargs = 1;
                w->buf = NULL;
                w->nidx = 0;
            }
    }
}

/* post's reads of the prefixes become copies of `before` and `after`. */
static void prefix_reads_to_vars(Fuse *F, Stmt *post, Stmt *s, Body *b, ScanFusion *fu) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *r = b->stmts.items[i];
        prefix_reads_to_vars(F, post, s, r->then_body, fu);
        prefix_reads_to_vars(F, post, s, r->else_body, fu);
        prefix_reads_to_vars(F, post, s, r->body, fu);
        Place p;
        if (r->kind != S_READ || r->buf != s->buf || !place_of(F, post, r->idx[0], &p))
            continue;
        /* forward, P[k] is the value before step k; reversed, P[k + 1] */
        bool after = s->reversed ? p.delta == 0 : p.delta == 1;
        Var **v = after ? &fu->after : &fu->before;
        if (!*v)
            *v = var_new(
                F->a, F->f,
                arena_printf(F->a, "%s_%s", scan_label(F, s->buf), after ? "after" : "before"),
                s->buf->elem);
        r->kind = S_LET;
        r->op = OP_COPY;
        r->nargs = 1;
        r->args[0] = opd_var(*v);
        r->buf = NULL;
        r->nidx = 0;
    }
}

static bool long_index(Fuse *F, Stmt *m) {
    return m && is_zero(F, m->lo) && signed_width(m->index->ty) == 8;
}

/* Both maps run over [0, hi) with index k; a map whose index was another
 * binds it from k first. */
static void share_index(Fuse *F, Stmt *s, ScanFusion *fu) {
    Stmt *ms[2] = {fu->pre, fu->post};
    fu->index = long_index(F, ms[0])   ? ms[0]->index
                : long_index(F, ms[1]) ? ms[1]->index
                                       : var_new(F->a, F->f, "k", type_long());
    for (int q = 0; q < 2; q++) {
        Stmt *m = ms[q];
        if (!m)
            continue;
        if (m->index != fu->index) {
            Body *head = body_new(F->a);
            append_iteration(F, head, m, opd_var(fu->index), opd_int(0));
            m->body = head;
        }
        m->index = fu->index;
        m->lo = opd_int(0);
        m->hi = s->hi;
    }
}

/* Fuses the scan at i with the map at ipre before it and the one at ipost
 * after it (-1: none), if every condition holds: the scan's new position,
 * or -1. */
static int try_fuse_scan(Fuse *F, Body *b, int i, int ipre, int ipost) {
    Stmt *s = b->stmts.items[i];
    Stmt *pre = ipre >= 0 ? b->stmts.items[ipre] : NULL;
    Stmt *post = ipost >= 0 ? b->stmts.items[ipost] : NULL;
    F->inside_of = NULL; /* bodies may have changed since */
    if ((pre && !pre_fits(F, s, pre)) || (post && !post_fits(F, s, post)) ||
        (pre && post &&
         (pre->serial != post->serial || !independent_but_same_element(F, pre, post))))
        return -1;
    PtrVec before = {0}, after = {0};
    Stmt *first[2] = {pre, s}, *last[2] = {s, post};
    if (pre && !split_between(F, b, ipre, i, first, 1, last, post ? 2 : 1, &before, &after))
        return -1;
    if (post && !split_between(F, b, i, ipost, pre ? first : first + 1, pre ? 2 : 1, &post, 1,
                               &before, &after))
        return -1;
    ScanFusion *fu = arena_alloc(F->a, sizeof *fu);
    fu->pre = pre;
    fu->post = post;
    fu->keep_terms = !pre || !terms_in_registers(F, b, ipre, s, pre, post, fu->stored);
    if (fu->keep_terms)
        fu->stored[0] = fu->stored[1] = false;
    for (int q = 0; q < 2 && s->scan_in[q]; q++)
        fu->in_memory[q] = fu->keep_terms || !touches(F, pre, pre->body, s->scan_in[q]).any;
    Stmt *skip[3] = {pre, s, post};
    Elsewhere w = elsewhere(F, s->buf, skip, 3, s->reversed ? opd_int(0) : s->hi);
    fu->keep_prefix = w.found || !is_temp_array(s->buf);
    fu->final = !fu->keep_prefix && w.at_end;
    const char *label = scan_label(F, s->buf);
    for (int q = 0; q < 2 && s->scan_in[q]; q++) {
        const char *role = s->scan_in[1] && q == 0 ? "factor" : "term";
        fu->term[q] = var_new(F->a, F->f, arena_printf(F->a, "%s_%s", label, role), s->buf->elem);
        fu->term[q]->is_mutable = true;
    }
    if (pre && !fu->keep_terms)
        terms_to_vars(F, pre->body, s, fu);
    if (post)
        prefix_reads_to_vars(F, post, s, post->body, fu);
    share_index(F, s, fu);
    s->fusion = fu;
    s->body = body_new(F->a);
    if (pre)
        body_append(F->a, s->body, pre);
    if (post)
        body_append(F->a, s->body, post);
    return splice(b, pre ? ipre : i, post ? ipost : i, &before, s, &after);
}

static int neighbour_map(Body *b, int i, int step) {
    int j = i + step;
    while (j >= 0 && j < b->stmts.len && movable_kind(b->stmts.items[j]))
        j += step;
    return j >= 0 && j < b->stmts.len && ((Stmt *)b->stmts.items[j])->kind == S_MAP ? j : -1;
}

void fuse_scans(Fuse *F, Body *b) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        fuse_scans(F, s->then_body);
        fuse_scans(F, s->else_body);
        fuse_scans(F, s->body);
    }
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        if (s->kind != S_SCAN || s->fusion)
            continue;
        int ipre = neighbour_map(b, i, -1), ipost = neighbour_map(b, i, 1);
        int at = try_fuse_scan(F, b, i, ipre, ipost);
        if (at < 0)
            at = try_fuse_scan(F, b, i, ipre, -1);
        if (at < 0)
            at = try_fuse_scan(F, b, i, -1, ipost);
        if (at >= 0) {
            note_defs(F, s->body);
            i = at;
        }
    }
}

/* Dead-code elimination may drop a map whose body emptied out, and
 * copies statements it finds twice: the fused maps are read back from
 * the scan's body, pre first. */
Body *fuse_pass1_body(Arena *a, Func *f, Stmt *scan) {
    Fuse F = {.a = a, .f = f};
    refresh_defs(&F);
    Body *b = slice_terms(&F, scan, scan->fusion->pre, scan->fusion->post, false);
    free(F.def);
    free(F.rebind);
    free(F.inside);
    return b;
}
