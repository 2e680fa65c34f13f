/* Scan fusion (fuse.c has the overview): a scan with the map computing
 * its terms before it and the map reading its prefixes after it becomes
 * one parallel region of two passes over blocks of the iterations. */
#include "derivs.h"
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
    int n;
    Var **defs = stmt_all_defs(s, &n);
    bool any = false;
    for (int k = 0; k < n && !any; k++)
        any = needed(sl, defs[k]);
    free(defs);
    return any;
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

static void count_all_writes(Fuse *F, Body *b, bool top) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        if ((s->kind == S_WRITE || s->kind == S_ACC) && s->buf && s->buf->id < F->f->next_buf_id) {
            F->writes[s->buf->id]++;
            F->top_writes[s->buf->id] += top;
            F->acc_writes[s->buf->id] |= s->kind == S_ACC;
        }
        count_all_writes(F, s->then_body, false);
        count_all_writes(F, s->else_body, false);
        count_all_writes(F, s->body, false);
    }
}

/* count_writes over the whole function, from the counts of all buffers
 * (counted once until a fusion changes them) */
static void function_writes(Fuse *F, Buffer *buf, int *all, int *at_top, bool *acc) {
    if (buf->id >= F->f->next_buf_id) { /* (one made since: counted alone) */
        count_writes(F->f->body, buf, true, all, at_top, acc);
        return;
    }
    if (!F->writes_valid) {
        size_t n = (size_t)F->f->next_buf_id + 1;
        F->writes = xrealloc(F->writes, sizeof(int) * n);
        F->top_writes = xrealloc(F->top_writes, sizeof(int) * n);
        F->acc_writes = xrealloc(F->acc_writes, n);
        memset(F->writes, 0, sizeof(int) * n);
        memset(F->top_writes, 0, sizeof(int) * n);
        memset(F->acc_writes, 0, n);
        count_all_writes(F, F->f->body, true);
        F->writes_valid = true;
    }
    *all += F->writes[buf->id];
    *at_top += F->top_writes[buf->id];
    *acc |= F->acc_writes[buf->id];
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
        function_writes(F, t, &everywhere, &unused, &acc);
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

/* ---- prefixes read back from the outputs ----
 *
 * An inclusive scan's usual shape, `acc OP= t; y[i] = acc;`, leaves in
 * y[f(i)] the prefix after step i, the value the scan's array holds at
 * i + 1. Where the map after a scan writes y[f(i)] = acc OP t at its top
 * level (t the scan's term as the map before computes it, f an index of
 * its own per iteration, that map y's only writer), the reads of the
 * prefixes after that map in the same body (the return sweep's) read
 * y[f(i - 1)] instead, the scan's seed at 0, until something writes or
 * frees y; and the scan stores no prefixes: an array less written and
 * read again. Both are the same operation on the same operands (up to the
 * compiler's contraction of a * b + c into one rounding). */
typedef struct Window {
    Fuse *F;
    Stmt *pre, *post;
    Body *b;
    int from, to; /* pre's and post's positions in b */
    int budget;   /* comparisons left: shared operands make a tree of a DAG */
} Window;

/* The statement of b binding v: a let, a read, or the if whose phi *phi it
 * is; NULL where v is bound before b (or otherwise in it: *other). */
static Stmt *def_in(Body *b, Var *v, Phi **phi, bool *other) {
    *phi = NULL;
    *other = false;
    return binding_in(b, v, phi, other);
}

static bool written_in_window(Window *w, Buffer *buf) {
    for (int i = w->from; i <= w->to; i++)
        if (stmt_writes_buffer(w->b->stmts.items[i], buf))
            return true;
    return false;
}

/* x in an iteration of pre and y in the same iteration of post certainly
 * hold the same value. */
static bool same_in_both(Window *w, Operand x, Operand y, int depth) {
    if (x.kind == OPD_CONST && y.kind == OPD_CONST)
        return x.ty.kind == y.ty.kind &&
               (type_is_float(x.ty) ? x.fval == y.fval : x.ival == y.ival);
    if (x.kind != OPD_VAR || y.kind != OPD_VAR || x.var->is_mutable || y.var->is_mutable ||
        depth == 0 || --w->budget < 0)
        return false;
    if (x.var == w->pre->index || y.var == w->post->index)
        return x.var == w->pre->index && y.var == w->post->index;
    Phi *px, *py;
    bool ox, oy;
    Stmt *dx = def_in(w->pre->body, x.var, &px, &ox), *dy = def_in(w->post->body, y.var, &py, &oy);
    if (ox || oy)
        return false;
    if (!dx && !dy)
        return x.var == y.var; /* bound before both maps */
    if (!dx || !dy || dx->kind != dy->kind || x.var->ty.kind != y.var->ty.kind)
        return false;
    if (dx->kind == S_IF) /* the same condition, and the same values either way */
        return px && py && same_in_both(w, dx->cond, dy->cond, depth - 1) &&
               same_in_both(w, px->then_val, py->then_val, depth - 1) &&
               same_in_both(w, px->else_val, py->else_val, depth - 1);
    if (dx->kind == S_READ) {
        if (dx->buf != dy->buf || dx->nidx != dy->nidx || written_in_window(w, dx->buf))
            return false;
        for (int i = 0; i < dx->nidx; i++)
            if (!same_in_both(w, dx->idx[i], dy->idx[i], depth - 1))
                return false;
        return true;
    }
    if (dx->op != dy->op || dx->nargs != dy->nargs || dx->op >= OP_UOP ||
        (dx->op == OP_CALL && dx->fn != dy->fn))
        return false;
    for (int i = 0; i < dx->nargs; i++)
        if (!same_in_both(w, dx->args[i], dy->args[i], depth - 1))
            return false;
    return true;
}

/* The value pre writes into the scan's input t at its iteration's element,
 * its only write of t anywhere. */
static bool term_of(Window *w, Buffer *t, Operand *value) {
    int all = 0, top = 0;
    bool acc = false;
    function_writes(w->F, t, &all, &top, &acc);
    if (all != 1 || acc)
        return false;
    for (int i = 0; i < w->pre->body->stmts.len; i++) {
        Stmt *s = w->pre->body->stmts.items[i];
        Place p;
        if (s->kind == S_WRITE && s->buf == t && s->nidx == 1 &&
            place_of(w->F, w->pre, s->idx[0], &p) && plain_place(p) && p.delta == 0) {
            *value = s->args[0];
            return true;
        }
    }
    return false;
}

static Stmt *post_def(Window *w, Operand v) {
    Phi *phi;
    bool other;
    return v.kind == OPD_VAR && !v.var->is_mutable ? def_in(w->post->body, v.var, &phi, &other)
                                                   : NULL;
}

/* d is op(a, other) or op(other, a), op commutative. */
static bool one_operand_is(Stmt *d, PrimOp op, Operand a, Operand *other) {
    if (!d || d->kind != S_LET || d->op != op || d->nargs != 2 || a.kind != OPD_VAR)
        return false;
    for (int q = 0; q < 2; q++)
        if (d->args[q].kind == OPD_VAR && d->args[q].var == a.var) {
            *other = d->args[1 - q];
            return true;
        }
    return false;
}

/* v, in post, is the scan's step from the prefix `before`: before OP term. */
static bool is_step(Window *w, Stmt *s, Operand v, Operand before) {
    Operand t[2], o, m;
    for (int q = 0; q < 2 && s->scan_in[q]; q++)
        if (!term_of(w, s->scan_in[q], &t[q]))
            return false;
    Stmt *d = post_def(w, v);
    switch (s->scan_op) {
    case RED_ADD:
    case RED_MUL:
        return one_operand_is(d, s->scan_op == RED_ADD ? OP_ADD : OP_MUL, before, &o) &&
               same_in_both(w, t[0], o, 64);
    case RED_MIN:
    case RED_MAX: {
        Type ty;
        const char *fn = s->scan_op == RED_MIN ? "fmin" : "fmax";
        if (s->buf->elem.kind == TY_FLOAT)
            fn = arena_printf(w->F->a, "%sf", fn);
        return one_operand_is(d, OP_CALL, before, &o) && d->fn == deriv_lookup(fn, &ty) &&
               same_in_both(w, t[0], o, 64);
    }
    case RED_AFFINE: /* (factor * before) + term */
        for (int q = 0; q < 2 && d && d->kind == S_LET && d->op == OP_ADD; q++)
            if (one_operand_is(post_def(w, d->args[q]), OP_MUL, before, &m) &&
                same_in_both(w, t[0], m, 64) && same_in_both(w, t[1], d->args[1 - q], 64))
                return true;
        return false;
    default:
        return false;
    }
}

/* o, in post, is its index k, or o' + c, c + o', o' - c, c - o' or
 * o' * d of such an o' (through widening casts), c the same in every
 * iteration and computed without reads (index_at computes it again, after
 * post), d a constant other than 0: an element of its own in each
 * iteration. */
static bool shifted_index(Window *w, Operand o, int depth) {
    if (o.kind != OPD_VAR || depth == 0)
        return false;
    if (o.var == w->post->index)
        return true;
    Stmt *d = post_def(w, o);
    if (!d || d->kind != S_LET)
        return false;
    if (d->op == OP_CAST)
        return signed_width(d->args[0].ty) &&
               signed_width(d->dst->ty) >= signed_width(d->args[0].ty) &&
               shifted_index(w, d->args[0], depth - 1);
    for (int q = 0; q < 2 && (d->op == OP_ADD || d->op == OP_SUB); q++)
        if (same_each_iteration(w->post->body, w->post->index, d->args[1 - q], false, 8) &&
            shifted_index(w, d->args[q], depth - 1))
            return true;
    for (int q = 0; q < 2 && d->op == OP_MUL; q++) /* a row's: i * 16 + j */
        if (d->args[1 - q].kind == OPD_CONST && !type_is_float(d->args[1 - q].ty) &&
            d->args[1 - q].ival != 0 && shifted_index(w, d->args[q], depth - 1))
            return true;
    return false;
}

/* o, a shifted index of post's iteration, computed in bd for iteration
 * k. */
static Operand index_at(Window *w, Builder *bd, Operand o, Operand k) {
    if (o.kind == OPD_VAR && o.var == w->post->index)
        return strcmp(type_cname(k.ty), type_cname(o.var->ty)) ? b_cast(bd, o.var->ty, k) : k;
    Stmt *d = post_def(w, o);
    if (!d)
        return o; /* the same in every iteration, bound before post */
    Operand x = index_at(w, bd, d->args[0], k);
    Operand y = d->nargs > 1 ? index_at(w, bd, d->args[1], k) : opd_none();
    return opd_var(emit_let(bd->a, bd->f, bd->b, bd->loc, TEMP_NAME, d->dst->ty, d->op, d->nargs, x,
                            y, opd_none()));
}

/* The write in post, at an element of its own in each iteration, of the
 * prefix after the step into an array nothing else writes, or NULL. */
static Stmt *output_of_steps(Window *w, Stmt *s) {
    Fuse *F = w->F;
    Stmt *post = w->post;
    if (!is_zero(F, post->lo) || !is_zero(F, w->pre->lo) ||
        !same_trips(F, w->pre->lo, w->pre->hi, post->lo, post->hi))
        return NULL;
    Operand before = opd_none();
    for (int i = 0; i < post->body->stmts.len; i++) {
        Stmt *r = post->body->stmts.items[i];
        Place p;
        if (r->kind == S_READ && r->buf == s->buf && r->nidx == 1 &&
            place_of(F, post, r->idx[0], &p) && plain_place(p) && p.delta == 0)
            before = opd_var(r->dst);
    }
    for (int i = 0; before.kind == OPD_VAR && i < post->body->stmts.len; i++) {
        Stmt *y = post->body->stmts.items[i];
        int all = 0, top = 0;
        bool acc = false;
        if (y->kind != S_WRITE || y->buf->kind == BUF_TAPE || y->buf->rank != 1 ||
            y->buf->row_table || y->buf->elem.kind != s->buf->elem.kind || y->nidx != 1 ||
            !shifted_index(w, y->idx[0], 16))
            continue;
        count_writes(post->body, y->buf, true, &all, &top, &acc);
        if (all == 1 && is_step(w, s, y->args[0], before))
            return y;
    }
    return NULL;
}

/* Reads of the scan's prefixes in b from position `from` to `to`, at any
 * depth, but the last (at `end`), become reads of the output y at the
 * element the step before wrote, the seed at 0. */
static void read_from_output(Window *w, Body *b, int from, int to, Stmt *s, Stmt *y, Operand end) {
    Fuse *F = w->F;
    for (int i = from; b && i < to; i++) {
        Stmt *r = b->stmts.items[i];
        Body *kids[3] = {r->then_body, r->else_body, r->body};
        for (int q = 0; q < 3; q++)
            read_from_output(w, kids[q], 0, kids[q] ? kids[q]->stmts.len : 0, s, y, end);
        if (r->kind != S_READ || r->buf != s->buf || r->nidx != 1 || same(F, r->idx[0], end, 3))
            continue;
        Body *head = body_new(F->a);
        Builder bd = {F->a, F->f, head, r->loc};
        const char *name = buffer_label(F->a, y->buf);
        b_comment(&bd, arena_printf(F->a,
                                    "the prefix is what the step before wrote into %s (the scan "
                                    "keeps no prefixes)",
                                    name));
        Operand earlier = b_sub(&bd, r->idx[0], opd_int(1));
        Operand zero = opd_int(0);
        zero.ty = earlier.ty;
        Operand first = b_cmp(&bd, OP_LT, earlier, zero);
        Operand at = index_at(w, &bd, y->idx[0], b_select(&bd, first, zero, earlier));
        Stmt *rd = stmt_new(F->a, S_READ, r->loc);
        rd->buf = y->buf;
        rd->nidx = 1;
        rd->idx[0] = at;
        rd->dst = var_new(F->a, F->f, arena_printf(F->a, "%s_before", name), y->buf->elem);
        body_append(F->a, head, rd);
        r->kind = S_LET;
        r->op = OP_SELECT;
        r->nargs = 3;
        r->args[0] = first;
        r->args[1] = s->args[0];
        r->args[2] = opd_var(rd->dst);
        r->buf = NULL;
        r->nidx = 0;
        for (int k = 0; k < head->stmts.len; k++, to++)
            body_insert(F->a, b, i++, head->stmts.items[k]);
    }
}

/* The position of the first statement of b from `from` on that writes
 * or frees y (at any depth), or b's end. */
static int alive_until(Body *b, int from, Buffer *y) {
    for (int i = from; i < b->stmts.len; i++)
        if (stmt_frees_buffer(b->stmts.items[i], y) || stmt_writes_buffer(b->stmts.items[i], y))
            return i;
    return b->stmts.len;
}

static bool reads_from(Body *b, int from, Buffer *buf) {
    for (int i = from; i < b->stmts.len; i++)
        if (stmt_reads_buffer(b->stmts.items[i], buf))
            return true;
    return false;
}

static void prefixes_in(Fuse *F, Body *b) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        prefixes_in(F, s->then_body);
        prefixes_in(F, s->else_body);
        prefixes_in(F, s->body);
    }
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        if (s->kind != S_SCAN || s->reversed || s->fusion || !is_temp_array(s->buf) ||
            s->nargs != 1 || (s->args[0].kind == OPD_VAR && s->args[0].var->is_mutable))
            continue;
        int ipre = neighbour_map(b, i, -1), ipost = neighbour_map(b, i, 1);
        if (ipre < 0 || ipost < 0)
            continue;
        Window w = {F, b->stmts.items[ipre], b->stmts.items[ipost], b, ipre, ipost, 4096};
        Stmt *y = output_of_steps(&w, s);
        int end = y ? alive_until(b, ipost + 1, y->buf) : -1;
        if (!y || reads_from(b, end, s->buf))
            continue;
        read_from_output(&w, b, ipost + 1, end, s, y, s->hi);
    }
}

void prefixes_from_outputs(Fuse *F) {
    prefixes_in(F, F->f->body);
    refresh_defs(F);
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
            F->writes_valid = false;
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
