/* Pointers that move between arrays: ping-pong buffers swapped in a time
 * loop (`tmp = cur; cur = nxt; nxt = tmp;`), a pointer set in an if.
 *
 * A pointer view follows one array at a time (lift_view); straight-line
 * code may point it into another. Where control flow meets, the array must
 * be known statically, because every access of the IR names its buffer:
 * - after an if whose branches point it into different arrays, it points
 *   nowhere pargrad knows, and a use is reported (buf_why);
 * - a sequential loop whose iterations move pointers between arrays is
 *   lifted once per configuration (the array each pointer that an
 *   iteration reads before assigning points into when it starts), behind
 *   a carried selector `swapped`. The configurations are found by lifting
 *   the loop on trial from the one it starts in until no new one appears.
 *   Statements after the loop that use such pointers are lifted once per
 *   configuration too, chosen by the selector's final value.
 * Each version addresses fixed arrays, so its maps keep their contracts and
 * the reverse sweep is that of code without pointers: no tape, no selects
 * per access. */
#define _POSIX_C_SOURCE 200809L
#include "lift.h"

#include <ctype.h>
#include <string.h>

/* At most this many configurations per loop: a rotation of up to five
 * buffers has five; more is not a pattern pargrad versions code for. */
enum { MAX_VIEW_CONFIGS = 16 };

struct ViewPlan {
    CXCursor loop;
    int nt;           /* the pointers declared outside the loop and assigned in it */
    int *tracked;     /* their bindings */
    bool *live;       /* an iteration reads it before assigning it */
    ViewState *entry; /* where each points before the loop */
    int n;            /* configurations */
    Buffer **conf;    /* n x nt: where each live pointer points at the start
                       * of an iteration in configuration k (NULL for others) */
    Buffer **ends;    /* n x nt: where each points after such an iteration */
    int *next;        /* the configuration the next iteration starts in */
    Operand selector; /* after the loop: the configuration it ended in */
    ViewFact *fact;   /* a choice of arrays: its condition (true in configuration 0) */
    int first_buf;    /* the id of the first array the loop's iterations declare */
};

struct ViewFact {
    const char *text; /* the condition, without blanks */
    int n;
    int *bind;    /* its variables' bindings */
    Operand *val; /* and the values they held */
    bool holds;   /* in the version being lifted */
};

ViewState *views_snapshot(Lift *L) {
    ViewState *s = xmalloc(sizeof(ViewState) * (size_t)(L->nenv + 1));
    for (int i = 0; i < L->nenv; i++)
        s[i] = (ViewState){L->env[i].buf, L->env[i].buf_why, L->env[i].buf_hint};
    return s;
}

void views_restore(Lift *L, const ViewState *snap, int n) {
    for (int i = 0; i < n; i++)
        if (L->env[i].is_view) {
            L->env[i].buf = snap[i].buf;
            L->env[i].buf_why = snap[i].why;
            L->env[i].buf_hint = snap[i].hint;
        }
}

static const char *buf_name(Buffer *b) {
    return b ? b->name : "nothing";
}

/* After an if: a pointer its branches leave in different arrays points
 * into neither as far as pargrad knows. */
void views_merge(Lift *L, CXCursor at, int n, const ViewState *then_views,
                 const ViewState *else_views) {
    for (int i = 0; i < n; i++) {
        Binding *b = &L->env[i];
        if (!b->is_view)
            continue;
        ViewState t = then_views[i], e = else_views[i];
        if (t.buf == e.buf) {
            b->buf = t.buf;
            b->buf_why = t.why ? t.why : e.why;
            b->buf_hint = t.why ? t.hint : e.hint;
            continue;
        }
        b->buf = NULL;
        if ((!t.buf && t.why) || (!e.buf && e.why)) { /* already unknown in a branch */
            bool in_then = !t.buf && t.why;
            b->buf_why = in_then ? t.why : e.why;
            b->buf_hint = in_then ? t.hint : e.hint;
            continue;
        }
        b->buf_hint = "use it in the block of that if, after it, or point it into one array "
                      "again before this use";
        b->buf_why = arena_printf(L->a,
                                  "'%%s' points into '%s' or '%s' depending on the branch taken "
                                  "at line %d",
                                  buf_name(t.buf), buf_name(e.buf), loc_of(L, at).line);
    }
}

/* ---- trials ---- */
/* Lifts the loop once from `start` (the tracked pointers' arrays) and
 * undoes everything it lifted; false if it failed. *end gets where each
 * tracked pointer points after it (the last iteration's end). */
static bool trial(Lift *L, ViewPlan *vp, Buffer *const *start, LiftFn lift, void *ctx,
                  ViewState *end) {
    LiftMark m = lift_mark(L);
    bool probing = L->probing, probe_final = L->probe_final, seen_return = L->seen_return;
    Operand ret_val = L->ret_val;
    for (int k = 0; k < vp->nt; k++) {
        L->env[vp->tracked[k]].buf = start[k];
        L->env[vp->tracked[k]].buf_why = NULL;
    }
    L->probing = true;
    lift(L, ctx);
    bool ok = !L->failed;
    for (int k = 0; k < vp->nt; k++)
        end[k] = (ViewState){L->env[vp->tracked[k]].buf, L->env[vp->tracked[k]].buf_why,
                             L->env[vp->tracked[k]].buf_hint};
    L->probing = probing;
    L->probe_final = probe_final;
    L->seen_return = seen_return;
    L->ret_val = ret_val;
    L->left_versions = NULL;
    lift_undo(L, &m);
    lift_mark_free(&m);
    return ok;
}

/* The configuration `c` is, or -1. */
static int find_config(ViewPlan *vp, Buffer *const *c) {
    for (int i = 0; i < vp->n; i++)
        if (memcmp(vp->conf + (size_t)i * (size_t)vp->nt, c, sizeof(Buffer *) * (size_t)vp->nt) ==
            0)
            return i;
    return -1;
}

/* Which tracked pointers an iteration reads before assigning: lifted on
 * trial with the pointer pointing nowhere, a live one fails. */
static void find_live(Lift *L, ViewPlan *vp, LiftFn lift, void *ctx, ViewState *end) {
    Buffer **start = arena_alloc(L->a, sizeof(Buffer *) * (size_t)vp->nt);
    for (int k = 0; k < vp->nt; k++) {
        if (!vp->entry[k].buf)
            continue; /* a read fails in any case, and is reported then */
        for (int j = 0; j < vp->nt; j++)
            start[j] = j == k ? NULL : vp->entry[j].buf;
        vp->live[k] = !trial(L, vp, start, lift, ctx, end);
    }
}

/* The configurations of the loop `loop` (lifted by `lift`), whose body
 * `scope` assigns pointers declared before it; NULL when it assigns none,
 * or when the loop fails to lift (the real lift reports why). */
ViewPlan *plan_views(Lift *L, CXCursor loop, CXCursor scope, LiftFn lift, void *ctx) {
    int nt;
    int *tracked = assigned_views(L, scope, &nt);
    if (nt == 0)
        return NULL;
    ViewPlan *vp = arena_alloc(L->a, sizeof(ViewPlan));
    vp->loop = loop;
    vp->nt = nt;
    vp->first_buf = L->f->next_buf_id;
    vp->tracked = tracked;
    vp->live = arena_alloc(L->a, sizeof(bool) * (size_t)nt);
    vp->entry = arena_alloc(L->a, sizeof(ViewState) * (size_t)nt);
    size_t cells = (size_t)MAX_VIEW_CONFIGS * (size_t)nt;
    vp->conf = arena_alloc(L->a, sizeof(Buffer *) * cells);
    vp->ends = arena_alloc(L->a, sizeof(Buffer *) * cells);
    vp->next = arena_alloc(L->a, sizeof(int) * MAX_VIEW_CONFIGS);
    ViewState *end = arena_alloc(L->a, sizeof(ViewState) * (size_t)nt);
    for (int k = 0; k < nt; k++) {
        Binding *b = &L->env[tracked[k]];
        vp->entry[k] = (ViewState){b->buf, b->buf_why, b->buf_hint};
    }
    find_live(L, vp, lift, ctx, end);
    for (int k = 0; k < nt; k++)
        vp->conf[k] = vp->live[k] ? vp->entry[k].buf : NULL;
    vp->n = 1;
    Buffer **c = arena_alloc(L->a, sizeof(Buffer *) * (size_t)nt);
    for (int i = 0; i < vp->n; i++) {
        if (!trial(L, vp, vp->conf + (size_t)i * (size_t)nt, lift, ctx, end))
            return NULL;
        for (int k = 0; k < nt; k++) {
            vp->ends[(size_t)i * (size_t)nt + (size_t)k] = end[k].buf;
            c[k] = vp->live[k] ? end[k].buf : NULL;
            if (vp->live[k] && !end[k].buf && end[k].hint == dangling_hint) {
                lift_fail(L, loop,
                          "allocate the arrays once before the loop and swap the pointers in "
                          "each iteration",
                          end[k].why, L->env[tracked[k]].name);
                return NULL;
            }
            if (vp->live[k] && !end[k].buf) {
                const char *why = arena_printf(
                    L->a,
                    "'%%s' points into different arrays depending on the path an iteration of "
                    "the loop at line %d takes, and the next iteration reads it",
                    loc_of(L, loop).line);
                lift_fail(L, loop,
                          "swap the pointers in every iteration, or copy the new values back "
                          "with a map instead of swapping them",
                          why, L->env[tracked[k]].name);
                return NULL;
            }
        }
        int j = find_config(vp, c);
        if (j < 0 && vp->n == MAX_VIEW_CONFIGS) {
            lift_fail(L, loop, "rotate at most a few pointers per loop",
                      "the pointers this loop moves between arrays take more than %s "
                      "configurations",
                      "16");
            return NULL;
        }
        if (j < 0) {
            j = vp->n++;
            memcpy(vp->conf + (size_t)j * (size_t)nt, c, sizeof(Buffer *) * (size_t)nt);
        }
        vp->next[i] = j;
    }
    return vp;
}

bool views_versioned(const ViewPlan *vp) {
    return vp && vp->n > 1;
}

/* Points the tracked pointers as configuration k has them: the live ones
 * (`all`: every one, as at the start of an iteration; else only those). */
static void set_config(Lift *L, ViewPlan *vp, int k, bool all) {
    for (int j = 0; j < vp->nt; j++) {
        if (!all && !vp->live[j])
            continue;
        Binding *b = &L->env[vp->tracked[j]];
        b->buf = vp->conf[(size_t)k * (size_t)vp->nt + (size_t)j];
        b->buf_why = NULL;
    }
}

/* ---- the versions ---- */
/* `if (sel == k) {version k} else {versions k+1...}`: each version lifted
 * from the same values and merged with phis. `version` lifts version k,
 * and `last` is how many there are. */
typedef void (*VersionFn)(Lift *L, int k, void *ctx);

static void version_chain(Lift *L, CXCursor at, Operand sel, int k, int last, VersionFn version,
                          void *ctx) {
    if (k == last - 1) {
        version(L, k, ctx);
        return;
    }
    Builder bd = lift_builder(L, at);
    Stmt *s = if_stmt(L, at, b_cmp(&bd, OP_EQ, sel, opd_int(k)));
    int n = L->nenv;
    Operand *before = env_snapshot(L);
    ViewState *vbefore = views_snapshot(L);
    bool seen_return = L->seen_return;
    Body *saved = L->cur;
    L->cur = s->then_body;
    version(L, k, ctx);
    bool then_returned = L->seen_return;
    Operand then_ret = L->ret_val;
    Operand *after_then = env_snapshot(L);
    ViewState *vthen = views_snapshot(L);
    L->nenv = n;
    for (int i = 0; i < n; i++)
        L->env[i].val = before[i];
    views_restore(L, vbefore, n);
    L->seen_return = seen_return;
    L->cur = s->else_body;
    version_chain(L, at, sel, k + 1, last, version, ctx);
    L->cur = saved;
    L->nenv = n;
    if (then_returned && L->seen_return) { /* the statements after a loop returned */
        if (then_ret.kind != OPD_NONE && L->ret_val.kind != OPD_NONE) {
            Phi *p = arena_alloc(L->a, sizeof(Phi));
            p->dst = var_new(L->a, L->f, TEMP_NAME, L->ret_ty);
            p->then_val = then_ret;
            p->else_val = L->ret_val;
            vec_push(L->a, &s->phis, p);
            L->ret_val = opd_var(p->dst);
        }
    } else {
        Operand *after_else = env_snapshot(L);
        ViewState *velse = views_snapshot(L);
        merge_branches(L, at, false, s, n, before, after_then, after_else);
        views_merge(L, at, n, vthen, velse);
        free(after_else);
        free(velse);
    }
    free(before);
    free(vbefore);
    free(after_then);
    free(vthen);
    body_append(L->a, L->cur, s);
}

typedef struct Iteration {
    ViewPlan *vp;
    int selector;
    LiftFn lift;
    void *ctx;
    const Operand *ran;
} Iteration;

/* Version k of an iteration; the selector moves on to the configuration
 * the next iteration starts in (when the iteration ran: *ran). */
static void iteration_version(Lift *L, int k, void *ctx) {
    Iteration *it = ctx;
    set_config(L, it->vp, k, true);
    it->lift(L, it->ctx);
    Operand next = opd_int(it->vp->next[k]);
    if (it->ran && it->ran->kind != OPD_NONE) {
        Builder bd = lift_builder(L, it->vp->loop);
        next = b_select(&bd, *it->ran, next, opd_int(k));
    }
    L->env[it->selector].val = next;
}

/* An iteration of a versioned loop: `lift` lifts it, the binding
 * `selector` is its carried configuration, and *ran (if not NULL), set by
 * `lift`, is false when the iteration did nothing. */
void lift_in_versions(Lift *L, CXCursor at, ViewPlan *vp, int selector, LiftFn lift, void *ctx,
                      const Operand *ran) {
    Iteration it = {vp, selector, lift, ctx, ran};
    b_comment(&(Builder){L->a, L->f, L->cur, loc_of(L, at)},
              "one version of the loop body per way its pointers point into arrays (swapped = "
              "which): each addresses its arrays directly");
    version_chain(L, at, L->env[selector].val, 0, vp->n, iteration_version, &it);
}

/* Where the tracked pointers point after the loop. `exact`: the selector
 * gives the configuration the loop ended in (not after a break). */
void views_after_loop(Lift *L, ViewPlan *vp, Operand selector, bool exact) {
    if (!vp || L->failed)
        return;
    bool versioned = false;
    int line = loc_of(L, vp->loop).line;
    for (int k = 0; k < vp->nt; k++) {
        Binding *b = &L->env[vp->tracked[k]];
        bool same = true;
        Buffer *first = vp->live[k] ? vp->conf[k] : vp->ends[k];
        for (int i = 1; i < vp->n; i++)
            same &= (vp->live[k] ? vp->conf : vp->ends)[(size_t)i * (size_t)vp->nt + (size_t)k] ==
                    first;
        /* a pointer the loop always assigns keeps its value before it only
         * if the loop runs no iteration (reading it then reads what C
         * leaves undefined when there was none) */
        if (!vp->live[k] && vp->entry[k].buf && vp->entry[k].buf != first)
            same = false;
        /* after a break, it points where the iteration that broke out left
         * it: known only if no iteration moves it */
        for (int i = 0; i < vp->n && !exact && vp->live[k]; i++)
            same &= vp->ends[(size_t)i * (size_t)vp->nt + (size_t)k] == first;
        if (first && first->id >= vp->first_buf && !first->table) {
            view_dangles(L, b, first, false, line);
            continue;
        }
        if (same) {
            b->buf = first;
            if (first) /* (else: why it points nowhere, as the loop left it) */
                b->buf_why = NULL;
            continue;
        }
        versioned |= vp->live[k] && exact;
        b->buf = NULL;
        b->buf_hint =
            exact || !vp->live[k]
                ? "use it in the block of the loop, right after it, or point it into one array "
                  "again before this use"
                : "end the loop through its condition instead of a break or a return (for (t = "
                  "0; t < T && !done; t++)), so that every iteration that runs swaps the "
                  "pointers";
        b->buf_why = arena_printf(L->a,
                                  "after the loop at line %d, '%%s' points into one array or "
                                  "another depending on how many iterations ran%s",
                                  line, exact || !vp->live[k] ? "" : " and where it stopped");
    }
    vp->selector = selector;
    if (versioned)
        L->left_versions = vp;
}

/* After `if (cond)` at `at`, whose branches left pointers in different
 * arrays (then_views, else_views; the first n bindings): the statements
 * after it that use them are lifted once per branch, like those after a
 * versioned loop. */
void views_after_if(Lift *L, CXCursor at, Operand cond, int n, const ViewState *then_views,
                    const ViewState *else_views) {
    int nt = 0;
    for (int i = 0; i < n; i++)
        nt += L->env[i].is_view && then_views[i].buf && else_views[i].buf &&
              then_views[i].buf != else_views[i].buf;
    if (nt == 0 || L->failed)
        return;
    ViewPlan *vp = arena_alloc(L->a, sizeof(ViewPlan));
    vp->loop = at;
    vp->tracked = arena_alloc(L->a, sizeof(int) * (size_t)nt);
    vp->live = arena_alloc(L->a, sizeof(bool) * (size_t)nt);
    vp->conf = arena_alloc(L->a, sizeof(Buffer *) * 2 * (size_t)nt);
    for (int i = 0; i < n; i++) {
        if (!(L->env[i].is_view && then_views[i].buf && else_views[i].buf &&
              then_views[i].buf != else_views[i].buf))
            continue;
        vp->tracked[vp->nt] = i;
        vp->live[vp->nt] = true;
        vp->conf[vp->nt] = then_views[i].buf;
        vp->conf[nt + vp->nt] = else_views[i].buf;
        vp->nt++;
    }
    vp->n = 2;
    Builder bd = lift_builder(L, at);
    vp->selector = b_cmp(&bd, OP_EQ, cond, opd_int(0)); /* 0: then, 1: else */
    L->left_versions = vp;
}

/* ---- the statements after a versioned loop or if ---- */
static enum CXChildVisitResult find_ref(CXCursor c, CXCursor parent, CXClientData data) {
    (void)parent;
    CXCursor *decl = data;
    if (clang_getCursorKind(c) == CXCursor_DeclRefExpr &&
        clang_equalCursors(clang_getCursorReferenced(c), *decl)) {
        *decl = clang_getNullCursor();
        return CXChildVisit_Break;
    }
    return CXChildVisit_Recurse;
}

static bool mentions(CXCursor *v, int n, CXCursor decl) {
    for (int i = 0; i < n && !clang_Cursor_isNull(decl); i++) {
        find_ref(v[i], clang_getNullCursor(), &decl);
        if (!clang_Cursor_isNull(decl))
            clang_visitChildren(v[i], find_ref, &decl);
    }
    return clang_Cursor_isNull(decl);
}

typedef struct Rest {
    ViewPlan *vp;
    LiftFn lift;
    void *ctx;
} Rest;

static void rest_version(Lift *L, int k, void *ctx) {
    Rest *r = ctx;
    set_config(L, r->vp, k, false);
    ViewFact *decided = NULL;
    if (r->vp->fact) {
        decided = arena_alloc(L->a, sizeof(ViewFact));
        *decided = *r->vp->fact;
        decided->holds = k == 0;
        vec_push(L->a, &L->view_facts, decided);
    }
    r->lift(L, r->ctx);
    if (decided)
        L->view_facts.len--;
    if (L->seen_return && L->ret_val.kind != OPD_NONE) {
        Builder bd = {L->a, L->f, L->cur, L->f->loc};
        L->ret_val = b_cast(&bd, L->ret_ty, L->ret_val);
    }
}

static const char *rest_after_what(CXCursor c) {
    switch (clang_getCursorKind(c)) {
    case CXCursor_IfStmt:
        return "if";
    case CXCursor_ForStmt:
    case CXCursor_WhileStmt:
    case CXCursor_DoStmt:
        return "loop";
    default:
        return "choice of arrays";
    }
}

/* The statements `rest` after `loop` (or an if), lifted by `lift` once
 * per configuration it may leave its pointers in, when they use the
 * pointers it versions (vp, or NULL); false (nothing lifted) when there
 * are none. */
bool lift_rest_in_versions(Lift *L, ViewPlan *vp, CXCursor loop, CXCursor *rest, int n, LiftFn lift,
                           void *ctx) {
    if (!vp || !clang_equalCursors(vp->loop, loop))
        return false;
    bool uses = false;
    for (int k = 0; k < vp->nt && !uses; k++)
        uses = vp->live[k] && !L->env[vp->tracked[k]].buf &&
               mentions(rest, n, L->env[vp->tracked[k]].decl);
    if (!uses)
        return false;
    Rest r = {vp, lift, ctx};
    b_comment(&(Builder){L->a, L->f, L->cur, loc_of(L, rest[0])},
              arena_printf(L->a,
                           "the statements after the %s at line %d, once per way it may leave "
                           "its pointers",
                           rest_after_what(vp->loop), loc_of(L, vp->loop).line));
    version_chain(L, rest[0], vp->selector, 0, vp->n, rest_version, &r);
    return true;
}

/* ---- a choice of arrays already decided ---- */

typedef struct KeyScan {
    Lift *L;
    ViewFact *key;
    int cap;
    bool ok;
} KeyScan;

/* Its variables (scalars with values) and no reads of memory, calls or
 * assignments: the same text with the same values is the same value */
static enum CXChildVisitResult key_part(CXCursor c, CXCursor parent, CXClientData data) {
    (void)parent;
    KeyScan *ks = data;
    Lift *L = ks->L;
    switch (clang_getCursorKind(c)) {
    case CXCursor_DeclRefExpr: {
        int b = env_lookup(L, c);
        if (b < 0 || L->env[b].is_array || L->env[b].is_view || L->env[b].ref ||
            L->env[b].val.kind == OPD_NONE) {
            ks->ok = false;
            return CXChildVisit_Break;
        }
        ViewFact *f = ks->key;
        if (f->n == ks->cap) {
            ks->cap = ks->cap ? 2 * ks->cap : 4;
            int *bind = arena_alloc(L->a, sizeof(int) * (size_t)ks->cap);
            Operand *val = arena_alloc(L->a, sizeof(Operand) * (size_t)ks->cap);
            for (int i = 0; i < f->n; i++)
                bind[i] = f->bind[i], val[i] = f->val[i];
            f->bind = bind, f->val = val;
        }
        f->bind[f->n] = b;
        f->val[f->n++] = L->env[b].val;
        return CXChildVisit_Continue;
    }
    case CXCursor_IntegerLiteral:
    case CXCursor_FloatingLiteral:
    case CXCursor_CharacterLiteral:
    case CXCursor_ParenExpr:
    case CXCursor_BinaryOperator:
    case CXCursor_CStyleCastExpr:
    case CXCursor_UnexposedExpr:
        return CXChildVisit_Recurse;
    case CXCursor_UnaryOperator: { /* -x, !x, ~x (not *p, &x, ++x) */
        const char *t = extent_text(L->fe, c);
        ks->ok = *t == '-' || *t == '!' || *t == '~';
        return ks->ok ? CXChildVisit_Recurse : CXChildVisit_Break;
    }
    default:
        ks->ok = false;
        return CXChildVisit_Break;
    }
}

ViewFact *choice_key(Lift *L, CXCursor cond) {
    const char *text = extent_text(L->fe, cond);
    char *squeezed = arena_alloc(L->a, strlen(text) + 1), *o = squeezed;
    for (const char *p = text; *p; p++) {
        /* an assignment (not ==, !=, <=, >=) or ++, --: its value changes */
        bool compare = p[0] == '=' && (p[1] == '=' || (p > text && strchr("=!<>", p[-1])));
        if ((p[0] == '=' && !compare) || (p[0] == '+' && p[1] == '+') ||
            (p[0] == '-' && p[1] == '-'))
            return NULL;
        if (!isspace((unsigned char)*p))
            *o++ = *p;
    }
    *o = 0;
    ViewFact *key = arena_alloc(L->a, sizeof(ViewFact));
    key->text = squeezed;
    KeyScan ks = {L, key, 0, true};
    if (key_part(cond, clang_getNullCursor(), &ks) == CXChildVisit_Recurse)
        clang_visitChildren(cond, key_part, &ks);
    return ks.ok && *squeezed ? key : NULL;
}

static bool same_key(const ViewFact *x, const ViewFact *y) {
    if (strcmp(x->text, y->text) != 0 || x->n != y->n)
        return false;
    for (int i = 0; i < x->n; i++)
        if (x->bind[i] != y->bind[i] || !opd_equal(x->val[i], y->val[i]))
            return false;
    return true;
}

bool choice_decided(Lift *L, const ViewFact *key, bool *holds) {
    for (int i = L->view_facts.len - 1; key && i >= 0; i--) {
        ViewFact *f = L->view_facts.items[i];
        if (same_key(f, key)) {
            *holds = f->holds;
            return true;
        }
    }
    return false;
}

void choice_versioned(Lift *L, ViewFact *key) {
    if (L->left_versions)
        L->left_versions->fact = key;
}
