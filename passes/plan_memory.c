/* passes/plan_memory.c: plan-memory: the live range of every buffer.alloc
 * of a function, offsets from the planners (passes/planner.c), then one
 * buffer.arena per memory space with each buffer a view at its offset. */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dialects/dialect.h"
#include "passes/memory_map.h"
#include "passes/passes.h"
#include "passes/planner.h"

/* One planned allocation. */
typedef struct Alloc {
	IrOp *op;
	const char *name;	/* its name attribute, or "" */
} Alloc;

typedef struct Space {
	const char *name;
	Alloc *allocs;
	PlannerBuffer *bufs;
	size_t n, cap;
} Space;

/* ------------------------------------------------------------ liveness */

/* The op of block b that holds op (op itself or an ancestor), or NULL. */
static IrOp *
in_block(IrOp *op, IrBlock *b)
{
	while (op && op->parent != b)
		op = op->parent && op->parent->parent ?
		    op->parent->parent->parent : NULL;
	return op;
}

/* The last position (pos: op -> index + 1) of a use of v or of a view
 * of it in block b. */
static int64_t
last_use(const IrValue *v, IrBlock *b, const IrPtrMap *pos, int64_t last)
{
	for (IrUse *u = v->uses; u; u = u->next) {
		IrOp *a = in_block(u->owner, b);
		int64_t p = a ? (int64_t)(intptr_t)ir_ptrmap_get(pos, a) : 0;
		if (p > last)
			last = p;
		if (ir_op_is(u->owner, "buffer.view"))
			last = last_use(ir_op_result(u->owner, 0), b, pos, last);
	}
	return last;
}

static int64_t
attr_int(const IrOp *op, const char *name, int64_t def)
{
	const IrAttr *a = ir_op_attr(op, name);
	return a ? a->u.integer.value : def;
}

/* Live ranges: live_start/live_end where given (all or none of the
 * allocs), else from the alloc's place to its last use, inclusive. */
static bool
live_range(IrOp *op, IrBlock *b, const IrPtrMap *pos, bool explicit,
    PlannerBuffer *pb)
{
	bool has = ir_op_attr(op, "live_start") != NULL;
	if (has != explicit) {
		ir_op_emit_error(op, "plan-memory: either every buffer.alloc "
		    "of the function has live_start/live_end or none has "
		    "(this one %s)", has ? "has" : "has not");
		return false;
	}
	if (explicit) {
		pb->start = attr_int(op, "live_start", 0);
		pb->end = attr_int(op, "live_end", 1);
		return true;
	}
	pb->start = (int64_t)(intptr_t)ir_ptrmap_get(pos, op);
	pb->end = last_use(ir_op_result(op, 0), b, pos, pb->start) + 1;
	return true;
}

/* ------------------------------------------------------------ collecting */

static Space *
space_of(Space **sp, size_t *nsp, const char *name)
{
	for (size_t k = 0; k < *nsp; k++)
		if (!strcmp((*sp)[k].name, name))
			return &(*sp)[k];
	*sp = ir_xrealloc(*sp, (*nsp + 1) * sizeof **sp);
	Space *s = &(*sp)[(*nsp)++];
	memset(s, 0, sizeof *s);
	s->name = name;
	return s;
}

static void
space_add(Space *s, IrOp *op, const PlannerBuffer *pb)
{
	if (s->n == s->cap) {
		s->cap = s->cap ? 2 * s->cap : 16;
		s->allocs = ir_xrealloc(s->allocs, s->cap * sizeof *s->allocs);
		s->bufs = ir_xrealloc(s->bufs, s->cap * sizeof *s->bufs);
	}
	const IrAttr *nm = ir_op_attr(op, "name");
	s->allocs[s->n] = (Alloc){op, nm ? nm->u.string.data : ""};
	s->bufs[s->n++] = *pb;
}

static void
spaces_free(Space *sp, size_t n)
{
	for (size_t k = 0; k < n; k++) {
		free(sp[k].allocs);
		free(sp[k].bufs);
	}
	free(sp);
}

/* The entry block's allocs, grouped by memory space (area: only that
 * one, "" all). */
static bool
collect(IrBlock *b, const char *area, int64_t align, Space **sp,
    size_t *nsp)
{
	IrPtrMap pos = {0};
	intptr_t k = 1;
	bool explicit = false, first = true, ok = true;

	for (IrOp *o = b->first; o; o = o->next) {
		ir_ptrmap_put(&pos, o, (void *)k++);
		if (first && ir_op_is(o, "buffer.alloc")) {
			explicit = ir_op_attr(o, "live_start") != NULL;
			first = false;
		}
	}
	for (IrOp *o = b->first; o && ok; o = o->next) {
		if (!ir_op_is(o, "buffer.alloc"))
			continue;
		const char *space = dialect_get_str(o->name->def, o->attrs,
		    "space");
		if (*area && strcmp(area, space))
			continue;
		PlannerBuffer pb = {0, 0, dialect_get_int(o->name->def,
		    o->attrs, "size"), align > 0 ? align :
		    dialect_get_int(o->name->def, o->attrs, "alignment"), 0};
		ok = live_range(o, b, &pos, explicit, &pb);
		if (ok)
			space_add(space_of(sp, nsp, space), o, &pb);
	}
	ir_ptrmap_free(&pos);
	return ok;
}

/* ------------------------------------------------------------ rewriting */

static const IrAttr *
int_attr(IrContext *ctx, int64_t v)
{
	return ir_attr_int(ctx, ir_type_int(ctx, 64, IR_SIGNLESS), v);
}

static const IrAttr *
str_attr(IrContext *ctx, const char *s)
{
	return ir_attr_string(ctx, s, strlen(s), NULL);
}

static IrNamedAttr
named(IrContext *ctx, const char *name, const IrAttr *v)
{
	return (IrNamedAttr){ir_ident_get(ctx, name, strlen(name)), v};
}

static IrOp *
make_arena(IrBuilder *bl, const Space *s, const PlannerResult *r)
{
	IrContext *ctx = bl->ctx;
	int64_t align = 1;
	for (size_t i = 0; i < s->n; i++)
		if (s->bufs[i].align > align)
			align = s->bufs[i].align;
	IrNamedAttr e[] = {
		named(ctx, "algorithm", str_attr(ctx,
		    planner_algorithm_name(r->used))),
		named(ctx, "alignment", int_attr(ctx, align)),
		named(ctx, "lower_bound", int_attr(ctx, r->lower_bound)),
		named(ctx, "optimal", ir_attr_bool(ctx, r->optimal)),
		named(ctx, "size", int_attr(ctx, r->arena > 0 ? r->arena : 1)),
		named(ctx, "space", str_attr(ctx, s->name)),
	};
	return dialect_create(bl, "buffer.arena", 0, NULL,
	    ir_attr_dict(ctx, sizeof e / sizeof e[0], e), 1);
}

/* Replaces alloc a (planned at pb) by a view of the arena; its deallocs
 * go (the arena is static). */
static bool
replace_alloc(IrBuilder *bl, IrValue *arena, const Alloc *a,
    const PlannerBuffer *pb)
{
	IrContext *ctx = bl->ctx;
	int64_t shape[1] = {pb->size};
	const IrAttr *dims[1] = {int_attr(ctx, shape[0])};
	IrNamedAttr e[7];
	size_t n = 0;

	e[n++] = named(ctx, "elem", ir_attr_type(ctx, ir_type_int(ctx, 8,
	    IR_SIGNLESS)));
	e[n++] = named(ctx, "live_end", int_attr(ctx, pb->end));
	e[n++] = named(ctx, "live_start", int_attr(ctx, pb->start));
	if (*a->name)
		e[n++] = named(ctx, "name", str_attr(ctx, a->name));
	e[n++] = named(ctx, "offset", int_attr(ctx, pb->offset));
	e[n++] = named(ctx, "shape", ir_attr_array(ctx, 1, dims));
	ir_builder_set_before(bl, a->op);
	IrOp *v = dialect_create(bl, "buffer.view", 1, &arena,
	    ir_attr_dict(ctx, n, e), 1);
	if (!v)
		return false;
	ir_op_set_loc(v, ir_op_loc(a->op));
	IrValue *old = ir_op_result(a->op, 0);
	for (IrUse *u = old->uses, *next; u; u = next) {
		next = u->next;
		if (ir_op_is(u->owner, "buffer.dealloc"))
			ir_op_erase(u->owner);
	}
	ir_value_replace_all_uses(old, ir_op_result(v, 0));
	ir_op_erase(a->op);
	return true;
}

/* ------------------------------------------------------------ errors */

/* The first time of the live-bytes peak, for the messages. */
static int64_t
peak_time(const PlannerBuffer *b, size_t n)
{
	int64_t best = 0, t_best = 0;
	for (size_t i = 0; i < n; i++) {
		int64_t t = b[i].start, live = 0;
		for (size_t j = 0; j < n; j++)
			if (b[j].start <= t && t < b[j].end)
				live += b[j].size;
		if (live > best || (live == best && t < t_best)) {
			best = live;
			t_best = t;
		}
	}
	return t_best;
}

/* The largest buffer: named in the message when it alone is too big. */
static size_t
largest(const PlannerBuffer *b, size_t n)
{
	size_t k = 0;
	for (size_t i = 1; i < n; i++)
		if (b[i].size > b[k].size)
			k = i;
	return k;
}

static void
report_no_fit(IrOp *func, const Space *s, const PlannerResult *r,
    int64_t capacity, PlannerAlgorithm a)
{
	size_t big = largest(s->bufs, s->n);
	if (s->bufs[big].size > capacity) {
		ir_op_emit_error(s->allocs[big].op, "plan-memory: buffer '%s' "
		    "of %" PRId64 " bytes is larger than the capacity %"
		    PRId64 " of memory space '%s'", s->allocs[big].name,
		    s->bufs[big].size, capacity, s->name);
		return;
	}
	if (r->status == PLANNER_INFEASIBLE) {
		ir_op_emit_error(func, "plan-memory: no packing of the %zu "
		    "buffers of memory space '%s' fits the capacity %" PRId64
		    ": live bytes peak at %" PRId64 " (time %" PRId64 ")%s",
		    s->n, s->name, capacity, r->lower_bound,
		    peak_time(s->bufs, s->n), r->lower_bound > capacity ? ""
		    : " and the exact search proved no packing fits");
		return;
	}
	int64_t over = r->arena - capacity;
	ir_op_emit_error(func, "plan-memory: algorithm '%s' found no packing "
	    "of the %zu buffers of memory space '%s' within the capacity %"
	    PRId64 " (best %" PRId64 " bytes, %" PRId64 " over = %.1f%%; live "
	    "bytes peak at %" PRId64 ")%s", planner_algorithm_name(a), s->n,
	    s->name, capacity, r->arena, over, 100.0 * (double)over /
	    (double)capacity, r->lower_bound, a == PLANNER_EXACT || a ==
	    PLANNER_AUTO ? "; the search stopped at its time or node limit"
	    : "; try algorithm=exact");
}

/* ------------------------------------------------------------ the pass */

static bool
plan_space(IrOp *func, IrPass *pass, Space *s, const PlannerOptions *po)
{
	PlannerResult r;
	planner_plan(s->bufs, s->n, po, &r);
	if (r.status != PLANNER_FOUND || (po->capacity > 0 &&
	    r.arena > po->capacity)) {
		report_no_fit(func, s, &r, po->capacity, po->algorithm);
		return false;
	}
	size_t bi, bj;
	if (!planner_check(s->bufs, s->n, &bi, &bj))
		ir_unreachable("planner produced overlapping buffers");
	ir_pass_stat_add(pass, "num-planned", s->n);
	ir_pass_stat_add(pass, "num-nodes", (uint64_t)r.nodes);
	IrBuilder bl;
	ir_builder_init(&bl, ir_op_context(func));
	ir_builder_set_start(&bl, ir_func_entry(func));
	IrOp *arena = make_arena(&bl, s, &r);
	if (!arena)
		return false;
	for (size_t i = 0; i < s->n; i++)
		if (!replace_alloc(&bl, ir_op_result(arena, 0), &s->allocs[i],
		    &s->bufs[i]))
			return false;
	return true;
}

static bool
options(IrOp *func, IrPass *pass, PlannerOptions *po)
{
	memset(po, 0, sizeof *po);
	if (!planner_algorithm_parse(ir_pass_string(pass, "algorithm"),
	    &po->algorithm))
		ir_unreachable("enum option");
	po->capacity = ir_pass_int(pass, "capacity");
	po->time_limit = (double)ir_pass_int(pass, "time-limit-ms") / 1e3;
	po->node_limit = ir_pass_int(pass, "node-limit");
	int64_t a = ir_pass_int(pass, "alignment");
	if (po->capacity < 0 || po->time_limit <= 0 || po->node_limit < 0 ||
	    a < 0 || a > 4096 || (a & (a - 1))) {
		ir_op_emit_error(func, "plan-memory: bad option: capacity, "
		    "node-limit >= 0, time-limit-ms > 0, alignment a power of "
		    "two up to 4096 or 0");
		return false;
	}
	return true;
}

/* The SVG memory map of space s (planned: offsets set). */
static bool
write_map(IrOp *func, const char *path, const Space *s)
{
	const char **names = ir_xmalloc((s->n + 1) * sizeof *names);
	char title[160];
	for (size_t i = 0; i < s->n; i++)
		names[i] = s->allocs[i].name;
	snprintf(title, sizeof title, "memory space '%s': %zu buffers, "
	    "arena %" PRId64 " bytes", s->name, s->n,
	    planner_arena(s->bufs, s->n));
	bool ok = memory_map_write(path, s->bufs, s->n, names, title);
	if (!ok)
		ir_op_emit_error(func, "plan-memory: cannot write the memory "
		    "map '%s': %s", path, strerror(errno));
	free(names);
	return ok;
}

static bool
plan_memory_run(IrOp *func, IrPass *pass)
{
	PlannerOptions po;
	IrBlock *entry = ir_func_entry(func);
	if (!entry || !options(func, pass, &po))
		return entry == NULL;
	Space *sp = NULL;
	size_t nsp = 0;
	bool ok = collect(entry, ir_pass_string(pass, "memory-area"),
	    ir_pass_int(pass, "alignment"), &sp, &nsp);
	/* Plan every space before rewriting any: a failure leaves the IR
	 * as it was. */
	for (size_t k = 0; k < nsp && ok; k++)
		ok = plan_space(func, pass, &sp[k], &po);
	const char *svg = ir_pass_string(pass, "svg");
	if (ok && *svg && nsp)
		ok = write_map(func, svg, &sp[0]);
	spaces_free(sp, nsp);
	return ok;
}

static const char *const algorithms[] = {
	"auto", "greedy", "best-fit-size", "best-fit-breadth", "hill-climb",
	"exact", NULL,
};

static const IrPassOption opts[] = {
	{ "algorithm", IR_OPT_ENUM, "auto", "greedy (TFLite Micro), "
	  "best-fit-size, best-fit-breadth, hill-climb (Vela), exact, auto",
	  algorithms },
	{ "capacity", IR_OPT_INT, "0", "bytes each arena must fit in "
	  "(0: none, minimise)", NULL },
	{ "alignment", IR_OPT_INT, "0", "offset alignment of every buffer "
	  "(0: each alloc's own)", NULL },
	{ "memory-area", IR_OPT_STRING, "", "plan only this memory space "
	  "(sram, dram, flash; empty: all)", NULL },
	{ "time-limit-ms", IR_OPT_INT, "10000", "time budget of the exact "
	  "search per memory space", NULL },
	{ "node-limit", IR_OPT_INT, "0", "search nodes of the exact search "
	  "(0: no limit)", NULL },
	{ "svg", IR_OPT_STRING, "", "write the memory map of the first "
	  "memory space to this SVG file", NULL },
};

static const IrPassStatistic stats[] = {
	{ "num-planned", "buffers given an offset" },
	{ "num-nodes", "exact-search nodes" },
};

const IrPassDef pass_plan_memory = {
	.argument = "plan-memory",
	.summary = "Give every buffer.alloc an offset in one arena per "
	    "memory space",
	.anchor = "func.func",
	.options = opts,
	.noptions = sizeof opts / sizeof opts[0],
	.stats = stats,
	.nstats = sizeof stats / sizeof stats[0],
	.run = plan_memory_run,
	.description =
	    "Plans the `buffer.alloc` ops of each function's entry block.\n"
	    "Live ranges are the allocs' `live_start`/`live_end` when they\n"
	    "have them, else from the alloc to its last use (through views).\n"
	    "Each memory space gets one `buffer.arena` at the top of the\n"
	    "function, and each alloc becomes a `buffer.view` of it at its\n"
	    "offset (deallocs go). The arena records the lower bound (the\n"
	    "peak of live bytes), the algorithm used and whether its size is\n"
	    "proven optimal. With `capacity`, a plan over it is an error\n"
	    "naming the numbers, and the IR is left as it was. See\n"
	    "docs/memory.md.",
};
