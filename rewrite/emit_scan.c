/* Emission of fused scans (rewrite/fuse.c, ScanFusion in ir.h): one
 * parallel region per scan, written as one writes a parallel scan by hand.
 * Each thread takes a block of the iterations; pass 1 combines the block's
 * terms, a barrier, then pass 2 starts from the initial value combined
 * with the blocks before (above, for a reversed scan) and runs the block's
 * iterations in order: the terms' map, the step, the map reading the
 * prefixes. Inside another parallel loop the same is one sequential loop. */
#include "emit_internal.h"

#include <stdlib.h>
#include <string.h>

/* Names for everything the fused maps bind, taken before either is
 * emitted: their statements are emitted twice (pass 1 and pass 2), and
 * all of them must keep apart in pass 2's one loop. */
static void reserve_names(Emitter *e, Body *b) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        int n;
        Var **defs = stmt_all_defs(s, &n);
        for (int k = 0; k < n; k++)
            if (!(defs[k]->id < e->nvars && e->inlined[defs[k]->id]))
                var_name(e, defs[k]);
        free(defs);
        if (s->index)
            var_name(e, s->index);
        for (int k = 0; k < s->carried.len; k++)
            var_name(e, ((Carried *)s->carried.items[k])->param);
        reserve_names(e, s->then_body);
        reserve_names(e, s->else_body);
        reserve_names(e, s->body);
    }
}

/* x OP t, the scan's operator (not affine) */
static void print_combine(Emitter *e, Stmt *s, const char *x, const char *t) {
    switch (s->scan_op) {
    case RED_ADD:
        fprintf(e->out, "%s + %s", x, t);
        break;
    case RED_MUL:
        fprintf(e->out, "%s * %s", x, t);
        break;
    case RED_MIN:
    case RED_MAX:
        fprintf(e->out, "%s(%s, %s)", extremum_name(e, s->scan_op == RED_MIN, s->buf->elem), x, t);
        break;
    default: /* RED_USER */
        fprintf(e->out, "%s(%s, %s)", s->uop->helper, x, t);
        break;
    }
}

typedef struct FusedNames {
    const char *ty, *n, *nt, *blocks, *t, *m, *lo, *hi, *part, *part_b, *run, *k, *term[2];
    Stmt *pre, *post;
    Var *index;
    bool par;
    /* pass 1 composed the block as two halves (emit_two_chains): h1, h1_b
     * the first's map, half its length (0 with one thread) */
    bool two_chains;
    const char *h1, *h1_b, *half;
    bool lanes; /* in a map run as vector lanes: per-lane values, blocks[t][lane] */
} FusedNames;

/* A loop over the lanes around what follows, in a map run as lanes. */
static void open_lanes(Emitter *e, FusedNames *nm, Body **bodies, int n, bool simd) {
    if (nm->lanes)
        lane_loop_open(e, simd, lanes_use_index(e, bodies, n, NULL));
}

static void close_lanes(Emitter *e, FusedNames *nm) {
    if (nm->lanes)
        lane_loop_close(e);
}

/* Block t's partial in the blocks: q = 1 the added part of affine's. */
static const char *block_slot(Emitter *e, Stmt *s, FusedNames *nm, const char *t, int q) {
    const char *at =
        nm->lanes ? arena_printf(&e->a, "%s * %ld + %s", t, lanes_width(e), lane_index(e)) : t;
    if (s->scan_op != RED_AFFINE)
        return arena_printf(&e->a, "%s[%s]", nm->blocks, at);
    if (nm->lanes)
        at = arena_printf(&e->a, "(%s)", at);
    return arena_printf(&e->a, "%s[2 * %s%s]", nm->blocks, at, q ? " + 1" : "");
}

/* for (k over [lo, hi)), up or, for a reversed scan, down */
static void open_block_loop(Emitter *e, bool down, FusedNames *nm, const char *lo, const char *hi) {
    indent(e);
    if (down)
        fprintf(e->out, "for (long %s = %s; %s-- > %s;) {\n", nm->k, hi, nm->k, lo);
    else
        fprintf(e->out, "for (long %s = %s; %s < %s; %s++) {\n", nm->k, lo, nm->k, hi, nm->k);
    e->depth++;
}

/* The statements of map m as iteration k: its index bound to k first
 * (renaming may have given the two maps their own). Arrays the body
 * declares get a block of their own: both maps may declare a copy of one
 * (the terms' map is a slice of the iterations' body). */
static void emit_iteration(Emitter *e, Stmt *m, Body *b, FusedNames *nm) {
    bool arrays = false;
    for (int i = 0; i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        arrays |= (s->kind == S_DECL && s->buf) || s->kind == S_ALLOC;
    }
    if (arrays) {
        line(e, "{");
        e->depth++;
    }
    bool used = m->index->id >= e->nvars || e->uses[m->index->id] > 0;
    if (m->index != nm->index && used) {
        indent(e);
        fprintf(e->out, "const %s %s = %s;\n", type_cname(m->index->ty), var_name(e, m->index),
                nm->k);
    }
    emit_body(e, b);
    if (arrays)
        close_block(e);
}

static void declare_terms(Emitter *e, Stmt *s, FusedNames *nm) {
    for (int q = 0; q < 2 && s->scan_in[q]; q++)
        line(e, arena_printf(&e->a, "%s %s = 0;", nm->ty, nm->term[q]));
}

/* The terms of iteration k: pre's assignments, or the arrays holding them. */
static void terms_from_arrays(Emitter *e, Stmt *s, FusedNames *nm) {
    for (int q = 0; q < 2 && s->scan_in[q]; q++)
        if (s->fusion->in_memory[q])
            line(e, arena_printf(&e->a, "%s = %s;", nm->term[q],
                                 lane_element(e, s->scan_in[q], nm->k)));
}

/* run = run OP terms; affine: run = factor * run + term */
static void step(Emitter *e, Stmt *s, FusedNames *nm, const char *run, const char *run_b) {
    indent(e);
    if (s->scan_op == RED_AFFINE && run_b) { /* a block's map x -> run * x + run_b */
        fprintf(e->out, "%s = %s * %s;\n", run, nm->term[0], run);
        indent(e);
        fprintf(e->out, "%s = %s * %s + %s;\n", run_b, nm->term[0], run_b, nm->term[1]);
        return;
    }
    if (s->scan_op == RED_AFFINE) {
        fprintf(e->out, "%s = %s * %s + %s;\n", run, nm->term[0], run, nm->term[1]);
        return;
    }
    fprintf(e->out, "%s = ", run);
    print_combine(e, s, run, nm->term[0]);
    fputs(";\n", e->out);
}

static void write_prefix(Emitter *e, Stmt *s, const char *at, const char *value) {
    line(e, arena_printf(&e->a, "%s = %s;", lane_element(e, s->buf, at), value));
}

/* One iteration of pass 2 (or of the sequential loop): pre's terms, the
 * step, post with the prefixes before and after it. */
static void emit_pass2_iteration(Emitter *e, Stmt *s, FusedNames *nm, bool run_pre) {
    ScanFusion *fu = s->fusion;
    declare_terms(e, s, nm);
    if (nm->pre && !run_pre && fu->keep_terms && nm->m) {
        /* one thread: no pass 1, the terms' map runs here */
        line(e, arena_printf(&e->a, "if (%s == 1) {", nm->m));
        e->depth++;
        emit_iteration(e, nm->pre, nm->pre->body, nm);
        close_block(e);
    } else if (nm->pre && run_pre) {
        emit_iteration(e, nm->pre, nm->pre->body, nm);
    }
    terms_from_arrays(e, s, nm);
    bool used[2] = {
        fu->before && nm->post && fu->before->id < e->nvars && e->uses[fu->before->id] > 0,
        fu->after && nm->post && fu->after->id < e->nvars && e->uses[fu->after->id] > 0};
    if (used[0])
        line(e, arena_printf(&e->a, "const %s %s = %s;", nm->ty, var_name(e, fu->before), nm->run));
    step(e, s, nm, nm->run, NULL);
    if (used[1])
        line(e, arena_printf(&e->a, "const %s %s = %s;", nm->ty, var_name(e, fu->after), nm->run));
    if (fu->keep_prefix)
        write_prefix(e, s, s->reversed ? nm->k : arena_printf(&e->a, "%s + 1", nm->k), nm->run);
    if (nm->post)
        emit_iteration(e, nm->post, nm->post->body, nm);
}

void emit_reduce_identity(Emitter *e, ReduceOp op, UserOp *uop) {
    switch (op) {
    case RED_ADD:
        fputs("0", e->out);
        break;
    case RED_MUL:
    case RED_AFFINE: /* x -> 1 * x + 0 */
        fputs("1", e->out);
        break;
    case RED_MIN:
        fputs("INFINITY", e->out);
        break;
    case RED_MAX:
        fputs("-INFINITY", e->out);
        break;
    default:
        emit_operand(e, uop->identity);
        break;
    }
}

/* Effects other than the assignments to the terms. */
static bool body_has_effects_but(Body *b, const ScanFusion *fu) {
    for (int i = 0; b && i < b->stmts.len; i++) {
        Stmt *s = b->stmts.items[i];
        if (s->kind == S_LET && (s->dst == fu->term[0] || s->dst == fu->term[1]))
            continue;
        Body one = {.stmts = {(void **)&s, 1, 1}};
        if (body_has_effects(&one))
            return true;
    }
    return false;
}

/* Whether the terms of iteration k read k (a block of its own declares it
 * only then: an unused variable is a warning, an error under -Werror) */
static bool terms_read_index(Emitter *e, Stmt *s, FusedNames *nm, Body *terms) {
    for (int q = 0; q < 2 && s->scan_in[q]; q++)
        if (s->fusion->in_memory[q])
            return true;
    if (!nm->pre)
        return false;
    Var *own = nm->pre->index;
    if (own != nm->index && (own->id >= e->nvars || e->uses[own->id] > 0))
        return true; /* emit_iteration binds it to k */
    PtrVec index = {.items = (void **)&nm->index, .len = 1, .cap = 1};
    return body_refers_to(terms, &index);
}

/* One iteration of pass 1 in a block of its own, at index `at`, composed
 * into the map x -> part * x + part_b. */
static void chain_iteration(Emitter *e, Stmt *s, FusedNames *nm, Body *terms, const char *head,
                            const char *at, const char *part, const char *part_b) {
    line(e, head ? arena_printf(&e->a, "%s {", head) : "{");
    e->depth++;
    if (terms_read_index(e, s, nm, terms))
        line(e, arena_printf(&e->a, "const long %s = %s;", nm->k, at));
    declare_terms(e, s, nm);
    e->terms_only = true;
    if (nm->pre)
        emit_iteration(e, nm->pre, terms, nm);
    e->terms_only = false;
    terms_from_arrays(e, s, nm);
    step(e, s, nm, part, part_b);
    close_block(e);
}

/* Iteration r of the block's first half, or of its second: the first
 * applies first (the top half of a reversed scan). */
static const char *half_index(Emitter *e, Stmt *s, FusedNames *nm, bool second, const char *r) {
    if (s->reversed)
        return second ? arena_printf(&e->a, "%s - %s - 1 - %s", nm->hi, nm->half, r)
                      : arena_printf(&e->a, "%s - 1 - %s", nm->hi, r);
    return second ? arena_printf(&e->a, "%s + %s + %s", nm->lo, nm->half, r)
                  : arena_printf(&e->a, "%s + %s", nm->lo, r);
}

/* Pass 1 of an affine scan (a linear recurrence: the adjoint of *, of
 * matrix products, of affine maps): each step depends on the one before
 * (part_b = factor * part_b + term), one chain as long as the block, as
 * slow as pass 2, and the threads gain nothing. The block is composed as
 * two halves at once, two independent chains in one loop, then the one
 * after the other: (p2, b2) after (part, part_b). */
static void emit_two_chains(Emitter *e, Stmt *s, FusedNames *nm, Body *terms) {
    const char *r = unique_name(e, "r", false);
    const char *p2 = unique_name(e, arena_printf(&e->a, "%s_2", nm->part), false);
    const char *b2 = unique_name(e, arena_printf(&e->a, "%s_2", nm->part_b), false);
    line(e, "/* two halves of the block composed at once: independent chains */");
    line(e, arena_printf(&e->a, "%s %s = 1, %s = 0;", nm->ty, p2, b2));
    line(e, arena_printf(&e->a, "for (long %s = 0; %s < %s; %s++) {", r, r, nm->half, r));
    e->depth++;
    chain_iteration(e, s, nm, terms, NULL, half_index(e, s, nm, false, r), nm->part, nm->part_b);
    chain_iteration(e, s, nm, terms, NULL, half_index(e, s, nm, true, r), p2, b2);
    close_block(e);
    line(e, "/* an odd block: the second half's last */");
    chain_iteration(e, s, nm, terms, arena_printf(&e->a, "if ((%s - %s) %% 2)", nm->hi, nm->lo),
                    s->reversed ? nm->lo : arena_printf(&e->a, "%s - 1", nm->hi), p2, b2);
    line(e, arena_printf(&e->a, "%s = %s;", nm->h1, nm->part));
    line(e, arena_printf(&e->a, "%s = %s;", nm->h1_b, nm->part_b));
    line(e, arena_printf(&e->a, "%s = %s * %s + %s;", nm->part_b, p2, nm->part_b, b2));
    line(e, arena_printf(&e->a, "%s = %s * %s;", nm->part, p2, nm->part));
}

/* Pass 1: each thread combines the terms of its block, from pre's
 * statements that compute them (all of pre, when it stores them). */
static void emit_pass1(Emitter *e, Stmt *s, FusedNames *nm) {
    ScanFusion *fu = s->fusion;
    Body *terms = NULL;
    if (nm->pre && !fu->keep_terms) {
        terms = fuse_pass1_body(&e->a, e->func, s);
        if (!terms) {
            fprintf(stderr,
                    "pargrad: internal error: the terms of a fused scan at %s:%d "
                    "cannot be computed apart\n",
                    s->loc.file, s->loc.line);
            exit(3);
        }
    }
    bool always = nm->pre && fu->keep_terms; /* pre's effects happen here */
    line(e, always ? "/* pass 1 (with threads; one thread runs the terms' map in pass 2): the "
                     "block's iterations of the terms' map, and its terms combined */"
                   : "/* pass 1 (with threads): the terms of the block, combined */");
    nm->two_chains = terms && !nm->lanes && s->scan_op == RED_AFFINE;
    if (nm->two_chains) {
        nm->half = unique_name(e, "half", false);
        nm->h1 = unique_name(e, arena_printf(&e->a, "%s_1", nm->part), false);
        nm->h1_b = unique_name(e, arena_printf(&e->a, "%s_1", nm->part_b), false);
        line(e, "/* the block in two halves, each one chain of steps in both passes (one thread: "
                "pass 2 runs the block as one) */");
        line(e, arena_printf(&e->a, "const long %s = %s > 1 ? (%s - %s) / 2 : 0;", nm->half, nm->m,
                             nm->hi, nm->lo));
        line(e, arena_printf(&e->a, "%s %s = 1, %s = 0;", nm->ty, nm->h1, nm->h1_b));
    }
    line(e, arena_printf(&e->a, "if (%s > 1) {", nm->m));
    e->depth++;
    if (nm->lanes) {
        line(e, arena_printf(&e->a, "%s %s[%ld];", nm->ty, lane_base_name(e, nm->part),
                             lanes_width(e)));
        if (s->scan_op == RED_AFFINE)
            line(e, arena_printf(&e->a, "%s %s[%ld];", nm->ty, lane_base_name(e, nm->part_b),
                                 lanes_width(e)));
    }
    open_lanes(e, nm, NULL, 0, false);
    indent(e);
    fprintf(e->out, nm->lanes ? "%.0s%s = " : "%s %s = ", nm->ty, nm->part);
    emit_reduce_identity(e, s->scan_op, s->uop);
    fputs(";\n", e->out);
    if (s->scan_op == RED_AFFINE)
        line(e, arena_printf(&e->a, nm->lanes ? "%.0s%s = 0;" : "%s %s = 0;", nm->ty, nm->part_b));
    close_lanes(e, nm);
    bool simd = false;
    if (terms && !nm->lanes && (s->scan_op == RED_ADD || s->scan_op == RED_MUL)) {
        /* a block's terms combine in any order (as OpenMP's reductions do):
         * vector lanes, not one chain of dependent additions */
        Clauses c = {0};
        collect_clauses(e, terms, &c);
        simd = !c.unsafe_simd && !c.calls && !c.atomics && !body_has_effects_but(terms, fu);
        if (simd)
            line(e, arena_printf(&e->a, "#pragma omp simd reduction(%s : %s)",
                                 s->scan_op == RED_ADD ? "+" : "*", nm->part));
    }
    if (nm->two_chains) {
        emit_two_chains(e, s, nm, terms);
    } else {
        open_block_loop(e, s->reversed && !simd, nm, nm->lo, nm->hi);
        Body *pre_body[1] = {nm->pre ? (terms ? terms : nm->pre->body) : NULL};
        open_lanes(e, nm, pre_body, 1, nm->lanes && lanes_vectorise(e, pre_body, 1, s));
        declare_terms(e, s, nm);
        e->terms_only = terms != NULL;
        if (nm->pre)
            emit_iteration(e, nm->pre, terms ? terms : nm->pre->body, nm);
        e->terms_only = false;
        terms_from_arrays(e, s, nm);
        step(e, s, nm, nm->part, s->scan_op == RED_AFFINE ? nm->part_b : NULL);
        close_lanes(e, nm);
        close_block(e);
    }
    open_lanes(e, nm, NULL, 0, false);
    line(e, arena_printf(&e->a, "%s = %s;", block_slot(e, s, nm, nm->t, 0), nm->part));
    if (s->scan_op == RED_AFFINE)
        line(e, arena_printf(&e->a, "%s = %s;", block_slot(e, s, nm, nm->t, 1), nm->part_b));
    close_lanes(e, nm);
    close_block(e);
}

/* The value before the thread's block: the initial value and the blocks
 * before it (above it, for a reversed scan). */
static void emit_block_start(Emitter *e, Stmt *s, FusedNames *nm) {
    const char *sv = unique_name(e, "pg_s", false);
    indent(e);
    if (s->reversed)
        fprintf(e->out, "for (int %s = %s - 1; %s > %s; %s--)\n", sv, nm->m, sv, nm->t, sv);
    else
        fprintf(e->out, "for (int %s = 0; %s < %s; %s++)\n", sv, sv, nm->t, sv);
    e->depth++;
    indent(e);
    if (s->scan_op == RED_AFFINE) {
        fprintf(e->out, "%s = %s * %s + %s;\n", nm->run, block_slot(e, s, nm, sv, 0), nm->run,
                block_slot(e, s, nm, sv, 1));
    } else {
        fprintf(e->out, "%s = ", nm->run);
        print_combine(e, s, nm->run, block_slot(e, s, nm, sv, 0));
        fputs(";\n", e->out);
    }
    e->depth--;
}

/* Iteration `at` of pass 2 from the running value run, its statements
 * in the block the caller opened. */
static void pass2_iteration_at(Emitter *e, Stmt *s, FusedNames *nm, const char *at,
                               const char *run) {
    const char *own = nm->run;
    line(e, arena_printf(&e->a, "const long %s = %s;", nm->k, at));
    nm->run = run;
    emit_pass2_iteration(e, s, nm, true);
    nm->run = own;
}

/* Pass 2 after pass 1's two halves: the halves' iterations side by side,
 * two independent chains of steps (the second from the first half's map
 * applied to the value before the block), then the rest of the second
 * half (its odd last, or with one thread the whole block). */
static void emit_pass2_two_chains(Emitter *e, Stmt *s, FusedNames *nm) {
    const char *r = unique_name(e, "r", false);
    const char *run2 = unique_name(e, arena_printf(&e->a, "%s_2", nm->run), false);
    line(e, "/* the two halves side by side: independent chains */");
    line(e, arena_printf(&e->a, "%s %s = %s * %s + %s;", nm->ty, run2, nm->h1, nm->run, nm->h1_b));
    line(e, arena_printf(&e->a, "for (long %s = 0; %s < %s; %s++) {", r, r, nm->half, r));
    e->depth++;
    for (int q = 0; q < 2; q++) {
        line(e, "{");
        e->depth++;
        pass2_iteration_at(e, s, nm, half_index(e, s, nm, q, r), q ? run2 : nm->run);
        close_block(e);
    }
    close_block(e);
    line(e, "/* the rest of the second half */");
    line(e, arena_printf(&e->a, "for (long %s = %s; %s < %s - %s - %s; %s++) {", r, nm->half, r,
                         nm->hi, nm->lo, nm->half, r));
    e->depth++;
    pass2_iteration_at(e, s, nm, half_index(e, s, nm, true, r), run2);
    close_block(e);
    nm->run = run2; /* the block's last value */
}

/* In a map run as vector lanes (emit_lanes.c): one loop over the trips,
 * each running the group's lanes, a running value per lane. */
static void emit_lanes_loop(Emitter *e, Stmt *s, FusedNames *nm) {
    ScanFusion *fu = s->fusion;
    const char *run = nm->run;
    line(e, arena_printf(&e->a, "%s %s[%ld];", nm->ty, run, lanes_width(e)));
    lane_loop_open(e, false, lanes_use_index(e, NULL, 0, &s->args[0]));
    nm->run = arena_printf(&e->a, "%s[%s]", run, lane_index(e));
    indent(e);
    fprintf(e->out, "%s = ", nm->run);
    emit_operand(e, s->args[0]);
    fputs(";\n", e->out);
    if (fu->keep_prefix)
        write_prefix(e, s, s->reversed ? nm->n : "0", nm->run);
    lane_loop_close(e);
    open_block_loop(e, s->reversed, nm, "0", nm->n);
    Body *bodies[2] = {nm->pre ? nm->pre->body : NULL, nm->post ? nm->post->body : NULL};
    lane_loop_open(e, lanes_vectorise(e, bodies, 2, s), lanes_use_index(e, bodies, 2, NULL));
    nm->run = arena_printf(&e->a, "%s[%s]", run, lane_index(e));
    emit_pass2_iteration(e, s, nm, true);
    lane_loop_close(e);
    close_block(e);
    if (fu->final || fu->keep_prefix) {
        lane_loop_open(e, false, false);
        write_prefix(e, s, s->reversed ? "0" : nm->n,
                     arena_printf(&e->a, "%s[%s]", run, lane_index(e)));
        lane_loop_close(e);
    }
}

/* The scan's own note up to its description of the unfused scan */
const char *fused_scan_note(Emitter *e, Stmt *s) {
    const char *note = s->note ? s->note : "a scan", *colon = strchr(note, ':');
    return colon ? arena_printf(&e->a, "%.*s", (int)(colon - note), note) : note;
}

void emit_fused_scan(Emitter *e, Stmt *s) {
    ScanFusion *fu = s->fusion;
    FusedNames nm = {.pre = fu->pre, .post = fu->post, .index = fu->index};
    nm.par = e->opt->openmp && !e->in_parallel && !(nm.pre && nm.pre->serial) &&
             !(nm.post && nm.post->serial);
    const char *what = s->reversed ? "from the top down" : "in order";
    const char *note = fused_scan_note(e, s);
    source_comment(e, s->loc,
                   arena_printf(&e->a, "%s, a scan fused with %s%s%s: %s", note,
                                nm.pre ? "the terms' map" : "", nm.pre && nm.post ? " and " : "",
                                nm.post ? "the map reading the prefixes" : "",
                                nm.par ? "pass 1 combines each block's terms, pass 2 runs the "
                                         "block's iterations from the blocks before it"
                                       : arena_printf(&e->a, "one loop, %s", what)));
    if (nm.pre && nm.pre->note)
        source_comment(e, nm.pre->loc, arena_printf(&e->a, "the terms: %s", nm.pre->note));
    if (nm.post && nm.post->note)
        source_comment(e, nm.post->loc, arena_printf(&e->a, "then: %s", nm.post->note));
    line(e, "{");
    e->depth++;
    int scope = e->names.len;
    reserve_names(e, s->body);
    const char *label = s->fusion->term[0]->name;
    label = arena_printf(&e->a, "%.*s", (int)(strlen(label) - (s->scan_in[1] ? 7 : 5)), label);
    nm.ty = type_cname(s->buf->elem);
    nm.k = var_name(e, fu->index);
    for (int q = 0; q < 2 && s->scan_in[q]; q++)
        nm.term[q] = var_name(e, fu->term[q]);
    nm.run = unique_name(e, arena_printf(&e->a, "%s_run", label), false);
    nm.n = unique_name(e, arena_printf(&e->a, "%s_n", label), false);
    indent(e);
    fprintf(e->out, "const long %s = ", nm.n);
    emit_operand(e, s->hi);
    fputs(";\n", e->out);
    bool saved = e->in_parallel;
    nm.lanes = lanes_at_top(e);
    if (nm.lanes && !nm.par) {
        emit_lanes_loop(e, s, &nm);
        close_block(e);
        names_pop_to(e, scope);
        return;
    }
    if (!nm.par) {
        indent(e);
        fprintf(e->out, "%s %s = ", nm.ty, nm.run);
        emit_operand(e, s->args[0]);
        fputs(";\n", e->out);
        if (fu->keep_prefix)
            write_prefix(e, s, s->reversed ? nm.n : "0", nm.run);
        open_block_loop(e, s->reversed, &nm, "0", nm.n);
        emit_pass2_iteration(e, s, &nm, true);
        close_block(e);
        if (fu->final || fu->keep_prefix)
            write_prefix(e, s, s->reversed ? "0" : nm.n, nm.run);
        close_block(e);
        names_pop_to(e, scope);
        return;
    }
    nm.nt = unique_name(e, arena_printf(&e->a, "%s_threads", label), false);
    nm.blocks = unique_name(e, arena_printf(&e->a, "%s_blocks", label), false);
    nm.t = unique_name(e, arena_printf(&e->a, "%s_thread", label), false);
    nm.m = unique_name(e, arena_printf(&e->a, "%s_nthreads", label), false);
    nm.lo = unique_name(e, arena_printf(&e->a, "%s_lo", label), false);
    nm.hi = unique_name(e, arena_printf(&e->a, "%s_hi", label), false);
    nm.part = unique_name(e, arena_printf(&e->a, "%s_part", label), false);
    nm.part_b = unique_name(e, arena_printf(&e->a, "%s_part_b", label), false);
    line(e, arena_printf(&e->a, "const int %s = pg_threads_for(%s, 1);", nm.nt, nm.n));
    const char *per_block = s->scan_op == RED_AFFINE ? "2 * " : "";
    if (nm.lanes) /* each lane's partial */
        per_block = arena_printf(&e->a, "%s%ld * ", per_block, lanes_width(e));
    line(e, arena_printf(&e->a, "%s *%s = pg_scratch((size_t)%s, %ssizeof(%s), \"a scan\");", nm.ty,
                         nm.blocks, nm.nt, per_block, nm.ty));
    const char *run = nm.run;
    if (nm.lanes) {
        nm.run = lane_subscript(e, run);
        nm.part = lane_subscript(e, nm.part);
        nm.part_b = lane_subscript(e, nm.part_b);
    }
    Clauses c = {0};
    collect_clauses(e, s->body, &c);
    for (int q = 0; q < 2; q++)
        if (fu->term[q])
            vec_push(&e->a, &c.declared, fu->term[q]);
    Body *maps[2] = {nm.pre ? nm.pre->body : NULL, nm.post ? nm.post->body : NULL};
    PtrVec partials = {0};
    bool sums = region_partials(e, maps, 2, &partials);
    indent(e);
    fprintf(e->out, "#pragma omp parallel num_threads(%s)", nm.nt);
    emit_outer_reductions(e, &c);
    fputc('\n', e->out);
    line(e, "{");
    e->depth++;
    e->in_parallel = true;
    if (sums)
        declare_partials(e, &partials);
    line(e,
         arena_printf(&e->a, "const int %s = pg_thread_id(), %s = pg_thread_count();", nm.t, nm.m));
    line(e, arena_printf(&e->a, "PG_BLOCK(%s, %s, %s, %s, %s);", nm.n, nm.t, nm.m, nm.lo, nm.hi));
    emit_pass1(e, s, &nm);
    line(e, "#pragma omp barrier");
    line(e, "/* pass 2: the block's iterations from the value before it */");
    if (nm.lanes)
        line(e, arena_printf(&e->a, "%s %s[%ld];", nm.ty, run, lanes_width(e)));
    Body *init[1] = {NULL};
    if (nm.lanes)
        lane_loop_open(e, false, lanes_use_index(e, init, 0, &s->args[0]));
    indent(e);
    fprintf(e->out, nm.lanes ? "%.0s%s = " : "%s %s = ", nm.ty, nm.run);
    emit_operand(e, s->args[0]);
    fputs(";\n", e->out);
    emit_block_start(e, s, &nm);
    if (fu->keep_prefix)
        line(e, arena_printf(&e->a, "if (%s == %s)", nm.t,
                             s->reversed ? arena_printf(&e->a, "%s - 1", nm.m) : "0"));
    if (fu->keep_prefix) {
        e->depth++;
        write_prefix(e, s, s->reversed ? nm.n : "0", arena_printf(&e->a, "%s", nm.run));
        e->depth--;
    }
    close_lanes(e, &nm);
    if (nm.two_chains) {
        emit_pass2_two_chains(e, s, &nm);
    } else {
        open_block_loop(e, s->reversed, &nm, nm.lo, nm.hi);
        Body *bodies[2] = {nm.pre ? nm.pre->body : NULL, nm.post ? nm.post->body : NULL};
        open_lanes(e, &nm, bodies, 2, nm.lanes && lanes_vectorise(e, bodies, 2, s));
        emit_pass2_iteration(e, s, &nm, !fu->keep_terms);
        close_lanes(e, &nm);
        close_block(e);
    }
    if (fu->final || fu->keep_prefix) {
        line(e, arena_printf(&e->a, "if (%s == %s)%s", nm.t,
                             s->reversed ? "0" : arena_printf(&e->a, "%s - 1", nm.m),
                             nm.lanes ? " {" : ""));
        e->depth++;
        if (nm.lanes) {
            lane_loop_open(e, false, false);
            write_prefix(e, s, s->reversed ? "0" : nm.n, nm.run);
            lane_loop_close(e);
            close_block(e);
        } else {
            write_prefix(e, s, s->reversed ? "0" : nm.n, nm.run);
            e->depth--;
        }
    }
    if (sums)
        combine_partials(e);
    e->in_parallel = saved;
    close_block(e);
    line(e, arena_printf(&e->a, "free(%s);", nm.blocks));
    close_block(e);
    names_pop_to(e, scope);
}

/* ---- the CUDA backend's fused scans (emit_cuda.c) ----
 * Three steps where the CPU's parallel region has two passes: a grid
 * kernel computes every iteration's terms into an array (pass 1), CUB
 * scans them (exclusive, from the operator's identity), and a second grid
 * kernel runs every iteration from the initial value combined with the
 * scan before it (pass 2). The kernels are emit_cuda.c's; these write what
 * one iteration k does in each (k: the scan's index, declared by the
 * caller from the thread's iteration). */

static FusedNames gpu_names(Emitter *e, Stmt *s) {
    ScanFusion *fu = s->fusion;
    FusedNames nm = {.pre = fu->pre, .post = fu->post, .index = fu->index};
    reserve_names(e, s->body);
    nm.ty = type_cname(s->buf->elem);
    nm.k = var_name(e, fu->index);
    for (int q = 0; q < 2 && s->scan_in[q]; q++)
        nm.term[q] = var_name(e, fu->term[q]);
    return nm;
}

/* The label the scan's own names start with (its terms' name, less _term) */
const char *gpu_scan_label(Emitter *e, Stmt *s) {
    const char *label = s->fusion->term[0]->name;
    return arena_printf(&e->a, "%.*s", (int)(strlen(label) - (s->scan_in[1] ? 7 : 5)), label);
}

/* Pass 1: iteration k's terms into terms[k] (terms_body: the slice of pre
 * computing them, fuse_pass1_body; NULL when pre runs in full here) */
void emit_gpu_scan_terms(Emitter *e, Stmt *s, Body *terms_body, const char *terms) {
    FusedNames nm = gpu_names(e, s);
    declare_terms(e, s, &nm);
    e->terms_only = terms_body != NULL;
    if (nm.pre)
        emit_iteration(e, nm.pre, terms_body ? terms_body : nm.pre->body, &nm);
    e->terms_only = false;
    terms_from_arrays(e, s, &nm);
    if (s->scan_op == RED_AFFINE)
        line(e, arena_printf(&e->a, "%s[%s] = pg_affine<%s>{%s, %s};", terms, nm.k, nm.ty,
                             nm.term[0], nm.term[1]));
    else
        line(e, arena_printf(&e->a, "%s[%s] = %s;", terms, nm.k, nm.term[0]));
}

/* Before pass 2's iterations, by one thread: the prefixes no iteration
 * writes (the initial value; the final one when there are no iterations) */
void emit_gpu_scan_start(Emitter *e, Stmt *s, const char *n) {
    ScanFusion *fu = s->fusion;
    if (!fu->keep_prefix && !fu->final)
        return;
    line(e, "if (blockIdx.x == 0 && threadIdx.x == 0) {");
    e->depth++;
    const char *at[2] = {s->reversed ? n : "0", s->reversed ? "0" : n};
    for (int q = fu->keep_prefix ? 0 : 1; q < 2; q++) {
        indent(e);
        fprintf(e->out, "%s%s = ", q ? arena_printf(&e->a, "if (%s == 0) ", n) : "",
                lane_element(e, s->buf, at[q]));
        emit_operand(e, s->args[0]);
        fputs(";\n", e->out);
    }
    close_block(e);
}

/* Pass 2: iteration k from the initial value combined with prefix[k] (the
 * terms before it, above it for a reversed scan, combined); the last
 * iteration writes the final value where it is read. */
void emit_gpu_scan_iteration(Emitter *e, Stmt *s, const char *prefix, const char *n) {
    ScanFusion *fu = s->fusion;
    FusedNames nm = gpu_names(e, s);
    nm.run = unique_name(e, arena_printf(&e->a, "%s_run", gpu_scan_label(e, s)), false);
    names_push(e, nm.run);
    indent(e);
    fprintf(e->out, "%s %s = ", nm.ty, nm.run);
    const char *p = arena_printf(&e->a, "%s[%s]", prefix, nm.k);
    if (s->scan_op == RED_AFFINE) {
        fprintf(e->out, "%s.a * ", p);
        emit_operand(e, s->args[0]);
        fprintf(e->out, " + %s.b;\n", p);
    } else {
        emit_operand(e, s->args[0]);
        fputs(";\n", e->out);
        indent(e);
        fprintf(e->out, "%s = ", nm.run);
        print_combine(e, s, nm.run, p);
        fputs(";\n", e->out);
    }
    emit_pass2_iteration(e, s, &nm, !fu->keep_terms);
    if (fu->final || fu->keep_prefix) {
        line(e, arena_printf(&e->a, "if (%s == %s)", nm.k,
                             s->reversed ? "0" : arena_printf(&e->a, "%s - 1", n)));
        e->depth++;
        write_prefix(e, s, s->reversed ? "0" : n, nm.run);
        e->depth--;
    }
}
