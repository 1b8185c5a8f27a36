/* ir/verify.c: the IR verifier (structure, counts, traits, terminators,
 * successors, symbol tables, isolation and SSA dominance), with MLIR's
 * wording. */
#include <stdlib.h>
#include <string.h>

#include "ir/context.h"

/* ----------------------------------------------------------------- helpers */

/* ir_op_has_trait, inline: the verifier asks it several times per op. */
static inline bool
has_trait(const IrOp *op, unsigned trait)
{
	const IrOpDef *d = op->name->def;
	return d && (d->traits & trait) == trait;
}

static IrContext *
ctx_of(IrOp *op)
{
	return ir_op_context(op);
}

/* The generic text of op without the trailing newline; malloc'd. */
static char *
op_text(IrOp *op)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	if (!f)
		return ir_xstrndup(ir_op_name_str(op),
		    strlen(ir_op_name_str(op)));
	IrPrintFlags flags = { .generic = true, .debuginfo = false };
	ir_print_op(f, op, &flags);
	fclose(f);
	while (len > 0 && (buf[len - 1] == '\n' || buf[len - 1] == ' '))
		buf[--len] = 0;
	return buf;
}

/* ---------------------------------------------------------------- operands */

/* Operands are set and each use sits in its value's use-list. */
static bool
verify_operands(IrOp *op)
{
	bool ok = true;
	for (unsigned i = 0; i < op->noperands; i++) {
		IrUse *u = &op->operands[i];
		if (!u->value) {
			ir_emit_error(ctx_of(op), ir_op_loc(op),
			    "null operand found");
			ok = false;
		} else if (u->owner != op || !u->back || *u->back != u) {
			ir_op_emit_error(op, "operand #%u has a corrupt "
			    "use-list entry", i);
			ok = false;
		}
	}
	for (unsigned i = 0; i < op->nresults; i++) {
		IrValue *v = &ir_op_results(op)[i];
		if (v->kind != IR_VALUE_RESULT || v->owner.op != op ||
		    v->index != i) {
			ir_op_emit_error(op, "result #%u has a wrong owner", i);
			ok = false;
		}
	}
	return ok;
}

/* ------------------------------------------------------------------ counts */

static bool
verify_operand_count(IrOp *op, const IrOpDef *def)
{
	unsigned n = op->noperands;
	if (def->max_operands == IR_VARIADIC) {
		if (n >= (unsigned)def->min_operands)
			return true;
		ir_op_emit_error(op, "expected %d or more operands, but found "
		    "%u", def->min_operands, n);
		return false;
	}
	if (n >= (unsigned)def->min_operands &&
	    n <= (unsigned)def->max_operands)
		return true;
	if (def->min_operands != def->max_operands)
		ir_op_emit_error(op, "expected between %d and %d operands, "
		    "but found %u", def->min_operands, def->max_operands, n);
	else if (def->min_operands == 0)
		ir_op_emit_error(op, "requires zero operands");
	else if (def->min_operands == 1)
		ir_op_emit_error(op, "requires a single operand");
	else
		ir_op_emit_error(op, "expected %d operands, but found %u",
		    def->min_operands, n);
	return false;
}

static bool
verify_result_count(IrOp *op, const IrOpDef *def)
{
	if (def->nresults == IR_VARIADIC ||
	    op->nresults == (unsigned)def->nresults)
		return true;
	if (def->nresults == 0)
		ir_op_emit_error(op, "requires zero results");
	else if (def->nresults == 1)
		ir_op_emit_error(op, "requires one result");
	else
		ir_op_emit_error(op, "expected %d results, but found %u",
		    def->nresults, op->nresults);
	return false;
}

static bool
verify_region_count(IrOp *op, const IrOpDef *def)
{
	if (def->nregions == IR_VARIADIC ||
	    op->nregions == (unsigned)def->nregions)
		return true;
	if (def->nregions == 0)
		ir_op_emit_error(op, "requires zero regions");
	else if (def->nregions == 1)
		ir_op_emit_error(op, "requires one region");
	else
		ir_op_emit_error(op, "expected %d regions", def->nregions);
	return false;
}

static bool
verify_succ_count(IrOp *op, const IrOpDef *def)
{
	if (def->nsuccessors == IR_VARIADIC ||
	    op->nsuccs == (unsigned)def->nsuccessors)
		return true;
	ir_op_emit_error(op, "requires %d successor%s but found %u",
	    def->nsuccessors, def->nsuccessors == 1 ? "" : "s", op->nsuccs);
	return false;
}

static bool
verify_counts(IrOp *op, const IrOpDef *def)
{
	bool ok = verify_operand_count(op, def);
	ok &= verify_result_count(op, def);
	ok &= verify_region_count(op, def);
	ok &= verify_succ_count(op, def);
	return ok;
}

/* ------------------------------------------------------------------ traits */

/* Every operand and result type, in order: operands then results. */
static const IrType *
nth_type(IrOp *op, unsigned i)
{
	if (i < op->noperands)
		return op->operands[i].value ? op->operands[i].value->type :
		    NULL;
	return ir_op_results(op)[i - op->noperands].type;
}

static bool
verify_same_type(IrOp *op)
{
	unsigned n = op->noperands + op->nresults;
	const IrType *first = n ? nth_type(op, 0) : NULL;
	for (unsigned i = 1; i < n; i++) {
		const IrType *t = nth_type(op, i);
		if (t && first && t != first) {
			ir_op_emit_error(op, "requires the same type for all "
			    "operands and results");
			return false;
		}
	}
	return true;
}

/* Shapes are compatible when either is unranked or dims agree where
 * both are static. Non-shaped types count as rank 0. */
static bool
shapes_compatible(const IrType *a, const IrType *b)
{
	int64_t ra = ir_type_is_shaped(a) ? a->u.shaped.rank : 0;
	int64_t rb = ir_type_is_shaped(b) ? b->u.shaped.rank : 0;
	if (ra < 0 || rb < 0)
		return true;
	if (ra != rb)
		return false;
	for (int64_t i = 0; i < ra; i++) {
		int64_t da = a->u.shaped.dims[i], db = b->u.shaped.dims[i];
		if (da != IR_DYNAMIC && db != IR_DYNAMIC && da != db)
			return false;
	}
	return true;
}

static bool
verify_same_shape(IrOp *op)
{
	unsigned n = op->noperands + op->nresults;
	const IrType *first = n ? nth_type(op, 0) : NULL;
	for (unsigned i = 1; i < n; i++) {
		const IrType *t = nth_type(op, i);
		if (t && first && !shapes_compatible(first, t)) {
			ir_op_emit_error(op, "requires the same shape for all "
			    "operands and results");
			return false;
		}
	}
	return true;
}

/* Is v defined inside region r (in it or nested below it)? */
static bool
defined_in(IrValue *v, IrRegion *r)
{
	IrBlock *b = v->kind == IR_VALUE_ARG ? v->owner.block :
	    v->owner.op->parent;
	while (b && b->parent) {
		if (b->parent == r)
			return true;
		IrOp *p = b->parent->parent;
		b = p ? p->parent : NULL;
	}
	return false;
}

/* Reports the first use of a value defined outside `iso` found below
 * region r; nested isolated ops check themselves. */
static bool
check_isolated_region(IrOp *iso, IrRegion *top, IrRegion *r)
{
	for (IrBlock *b = r->first; b; b = b->next)
		for (IrOp *op = b->first; op; op = op->next) {
			for (unsigned i = 0; i < op->noperands; i++) {
				IrValue *v = op->operands[i].value;
				if (!v || defined_in(v, top))
					continue;
				ir_op_emit_error(op, "using value defined "
				    "outside the region");
				ir_emit_note(ctx_of(iso), ir_op_loc(iso),
				    "required by region isolation constraints");
				return false;
			}
			if (has_trait(op, IR_TRAIT_ISOLATED))
				continue;
			for (unsigned i = 0; i < op->nregions; i++)
				if (!check_isolated_region(iso, top,
				    &ir_op_regions(op)[i]))
					return false;
		}
	return true;
}

static bool
verify_isolated(IrOp *op)
{
	for (unsigned i = 0; i < op->nregions; i++)
		if (!check_isolated_region(op, &ir_op_regions(op)[i],
		    &ir_op_regions(op)[i]))
			return false;
	return true;
}

static size_t
num_blocks(const IrRegion *r)
{
	size_t n = 0;
	for (const IrBlock *b = r->first; b; b = b->next)
		n++;
	return n;
}

static bool
verify_block_counts(IrOp *op)
{
	bool table = has_trait(op, IR_TRAIT_SYMBOL_TABLE);
	for (unsigned i = 0; i < op->nregions; i++) {
		size_t n = num_blocks(&ir_op_regions(op)[i]);
		if (table && n != 1) {
			ir_op_emit_error(op, "Operations with a 'SymbolTable' "
			    "must have exactly one block");
			return false;
		}
		if (has_trait(op, IR_TRAIT_SINGLE_BLOCK) && n > 1) {
			ir_op_emit_error(op, "expects region #%u to have 0 or "
			    "1 blocks", i);
			return false;
		}
	}
	return true;
}

static bool
verify_visibility(IrOp *op)
{
	static const char *const known[] = { "public", "private", "nested" };
	const IrAttr *v = ir_op_attr(op, "sym_visibility");
	if (!v)
		return true;
	char *s = ir_attr_str(v);
	if (v->kind != IR_ATTR_STRING) {
		ir_op_emit_error(op, "requires visibility attribute "
		    "'sym_visibility' to be a string attribute, but got %s", s);
		free(s);
		return false;
	}
	for (size_t i = 0; i < sizeof known / sizeof *known; i++) {
		if (v->u.string.len == strlen(known[i]) &&
		    memcmp(v->u.string.data, known[i], v->u.string.len) == 0) {
			free(s);
			return true;
		}
	}
	ir_op_emit_error(op, "visibility expected to be one of [\"public\", "
	    "\"private\", \"nested\"], but got %s", s);
	free(s);
	return false;
}

static bool
verify_symbols(IrOp *op)
{
	bool ok = true;
	if (has_trait(op, IR_TRAIT_SYMBOL)) {
		const IrAttr *a = ir_op_attr(op, "sym_name");
		if (!a || a->kind != IR_ATTR_STRING) {
			ir_op_emit_error(op,
			    "requires string attribute 'sym_name'");
			ok = false;
		}
	}
	/* Symbols (a module's name is optional) have one of three
	 * visibilities, as MLIR checks them: the function printer writes it
	 * as a keyword, so anything else would not read back. */
	if (ok && (has_trait(op, IR_TRAIT_SYMBOL) ||
	    ir_op_is(op, "builtin.module")))
		ok = verify_visibility(op);
	if (has_trait(op, IR_TRAIT_SYMBOL_TABLE)) {
		IrSymbolTable *t = ir_symbol_table_create(op);
		ok &= t != NULL;
		ir_symbol_table_destroy(t);
	}
	return ok;
}

/* How a verifying walk runs (see ir_verify). */
typedef struct Walk {
	bool iso_ok;          /* the isolation checks are known to pass */
	/* The one-walk check of valid IR: also answer the isolation and
	 * dominance checks of every operand, quietly, into `quiet`. */
	bool fused;
	bool quiet;           /* no operand problem found so far */
	IrDominance *d;
	IrRegion *iso;        /* region of the innermost isolated op */
} Walk;

/* iso_ok: the isolation checks are known to pass (see ir_verify). */
static bool
verify_traits(IrOp *op, bool iso_ok)
{
	enum { CHECKED = IR_TRAIT_TERMINATOR | IR_TRAIT_SAME_TYPE |
	    IR_TRAIT_SAME_SHAPE | IR_TRAIT_SYMBOL | IR_TRAIT_SYMBOL_TABLE |
	    IR_TRAIT_ISOLATED | IR_TRAIT_FUNCTION };
	bool ok = true;
	/* Most ops have none of the traits checked here and no regions. */
	if (!(op->name->def->traits & CHECKED) && op->nregions == 0)
		return true;
	if (has_trait(op, IR_TRAIT_TERMINATOR) && op->parent &&
	    op->parent->last != op) {
		ir_op_emit_error(op,
		    "must be the last operation in the parent block");
		ok = false;
	}
	if (has_trait(op, IR_TRAIT_SAME_TYPE))
		ok &= verify_same_type(op);
	if (has_trait(op, IR_TRAIT_SAME_SHAPE))
		ok &= verify_same_shape(op);
	ok &= verify_block_counts(op);
	ok &= verify_symbols(op);
	if (has_trait(op, IR_TRAIT_ISOLATED) && !iso_ok)
		ok &= verify_isolated(op);
	if (ok && has_trait(op, IR_TRAIT_FUNCTION))
		ok = ir_verify_function_trait(op);
	return ok;
}

/* ------------------------------------------------------------ registration */

/* The brief's (and MLIR's loaded-dialect) wording for every unknown op,
 * whatever its dialect. */
static bool
verify_unregistered(IrOp *op)
{
	if (ir_context_allow_unregistered(ctx_of(op)))
		return true;
	ir_emit_error(ctx_of(op), ir_op_loc(op),
	    "unregistered operation '%s' found in dialect ('%s') that does "
	    "not allow unknown operations", ir_op_name_str(op),
	    op->name->dialect->str);
	return false;
}

/* ------------------------------------------------------------------ blocks */

static bool
verify_successors(IrOp *op)
{
	bool ok = true;
	if (op->nsuccs && op->parent && op->parent->last != op) {
		ir_emit_error(ctx_of(op), ir_op_loc(op), "operation with block "
		    "successors must terminate its parent block");
		ok = false;
	}
	for (unsigned i = 0; i < op->nsuccs; i++) {
		IrBlock *s = ir_op_succs(op)[i].block;
		if (!s) {
			ir_emit_error(ctx_of(op), ir_op_loc(op),
			    "reference to an undefined block");
			ok = false;
		} else if (op->parent && s->parent != op->parent->parent) {
			ir_emit_error(ctx_of(op), ir_op_loc(op),
			    "reference to block defined in another region");
			ok = false;
		}
	}
	return ok;
}

/* Terminator rules for block b of op's region: registered parents need
 * a terminator unless NO_TERMINATOR; unregistered ones accept anything. */
static bool
verify_terminator(IrOp *op, IrBlock *b)
{
	if (!op->name->def || has_trait(op, IR_TRAIT_NO_TERMINATOR))
		return true;
	if (!b->last) {
		ir_emit_error(ctx_of(op), ir_op_loc(op),
		    "empty block: expect at least a terminator");
		return false;
	}
	IrOp *last = b->last;
	if (!last->name->def || has_trait(last, IR_TRAIT_TERMINATOR))
		return true;
	char *text = op_text(last);
	ir_emit_error(ctx_of(op), ir_op_loc(last),
	    "block with no terminator, has %s", text);
	free(text);
	return false;
}

/* Internal links: arguments owned by b, ops parented by b. */
static bool
verify_block_links(IrOp *op, IrBlock *b, IrRegion *r)
{
	bool ok = true;
	if (b->parent != r) {
		ir_op_emit_error(op, "block has a wrong parent region");
		ok = false;
	}
	for (unsigned i = 0; i < b->nargs; i++) {
		IrValue *a = b->args[i];
		if (a->kind != IR_VALUE_ARG || a->owner.block != b ||
		    a->index != i) {
			ir_op_emit_error(op, "block argument #%u has a wrong "
			    "owner", i);
			ok = false;
		}
	}
	return ok;
}

enum { PREFETCH_AHEAD = 16 };  /* ops */

/* The op PREFETCH_AHEAD ops after first (or NULL). */
static IrOp *
prefetch_start(IrOp *first)
{
	IrOp *o = first;
	for (int i = 0; o && i < PREFETCH_AHEAD; i++)
		o = o->next;
	return o;
}

/* Asks for the lines that verify_operands will read through ahead's
 * use-list links (they live in other ops: one cache miss each when the
 * walk gets there) and for the memory past ahead (*pf: see
 * ir_op_prefetch_following); returns the next op to look ahead at. */
static IrOp *
prefetch_uses(IrOp *ahead, uintptr_t *pf)
{
	if (!ahead)
		return NULL;
	ir_op_prefetch_following(pf, ahead);
	for (unsigned i = 0; i < ahead->noperands; i++)
		__builtin_prefetch(ahead->operands[i].back);
	return ahead->next;
}

static bool verify_op(IrOp *op, Walk *w);
static bool operands_quiet(Walk *w, IrBlock *b, IrOp *op, bool graph,
    bool reachable);
static bool is_graph(const IrRegion *r);

static bool
verify_region(IrOp *op, IrRegion *r, Walk *w)
{
	bool ok = true;
	if (r->parent != op) {
		ir_op_emit_error(op, "region has a wrong parent");
		ok = false;
	}
	if (r->first && r->first->preds) {
		ir_emit_error(ctx_of(op), ir_op_loc(op),
		    "entry block of region may not have predecessors");
		ok = false;
	}
	bool graph = w->fused && is_graph(r);
	bool multi = r->first && r->first->next;
	for (IrBlock *b = r->first; b; b = b->next) {
		bool reachable = !w->fused || !multi ||
		    ir_dominance_reachable(w->d, b);
		ok &= verify_block_links(op, b, r);
		ok &= verify_terminator(op, b);
		/* One walk over the ops: memory, not work, is what a big
		 * block costs. */
		IrOp *ahead = prefetch_start(b->first);
		uintptr_t pf = 0;
		for (IrOp *o = b->first; o; o = o->next) {
			ahead = prefetch_uses(ahead, &pf);
			if (o->parent != b) {
				ir_op_emit_error(o, "has a wrong parent block");
				ok = false;
			}
			if (w->fused && w->quiet)
				w->quiet = operands_quiet(w, b, o, graph,
				    reachable);
			ok &= verify_op(o, w);
		}
	}
	return ok;
}

/* Checks op itself (iso_ok: its isolation is known to hold). */
static bool
verify_self(IrOp *op, bool iso_ok)
{
	const IrOpDef *def = op->name->def;
	bool ok = verify_operands(op);
	ok &= verify_successors(op);
	if (def) {
		bool local = verify_counts(op, def) &&
		    verify_traits(op, iso_ok);
		if (local && def->verify)
			local = def->verify(op);
		ok &= local;
	} else {
		ok &= verify_unregistered(op);
	}
	return ok;
}

/* Checks op itself, then its regions and everything nested. */
static bool
verify_op(IrOp *op, Walk *w)
{
	bool ok = verify_self(op, w->iso_ok);
	IrRegion *iso = w->iso;
	bool isolated = has_trait(op, IR_TRAIT_ISOLATED);
	for (unsigned i = 0; i < op->nregions; i++) {
		w->iso = isolated ? &ir_op_regions(op)[i] : iso;
		ok &= verify_region(op, &ir_op_regions(op)[i], w);
	}
	w->iso = iso;
	return ok;
}

/* --------------------------------------------------------------- dominance */

static bool
region_is_ancestor(const IrRegion *a, const IrRegion *b)
{
	while (b) {
		if (a == b)
			return true;
		IrOp *p = b->parent;
		b = p && p->parent ? p->parent->parent : NULL;
	}
	return false;
}

static const char *
relation(IrBlock *use, IrBlock *def, bool is_op)
{
	IrRegion *ru = use->parent, *rd = def->parent;
	if (is_op && use == def)
		return "the same block";
	if (ru == rd)
		return "the same region";
	if (rd && region_is_ancestor(rd, ru))
		return "a parent region";
	if (ru && region_is_ancestor(ru, rd))
		return "a child region";
	return NULL;
}

static void
report_dominance(IrOp *op, unsigned i, IrValue *v)
{
	IrContext *ctx = ctx_of(op);
	IrBlock *db = ir_value_parent_block(v);
	ir_emit_error(ctx, ir_op_loc(op),
	    "operand #%u does not dominate this use", i);
	const char *rel = db ? relation(op->parent, db,
	    v->kind == IR_VALUE_RESULT) : NULL;
	if (v->kind == IR_VALUE_RESULT) {
		if (rel)
			ir_emit_note(ctx, ir_op_loc(v->owner.op),
			    "operand defined here (op in %s)", rel);
		else
			ir_emit_note(ctx, ir_op_loc(v->owner.op),
			    "operand defined here (op is neither in a parent "
			    "nor in a child region)");
		return;
	}
	IrOp *parent = db ? ir_block_parent_op(db) : NULL;
	const IrLoc *loc = parent ? ir_op_loc(parent) : ir_loc_unknown(ctx);
	unsigned index = 0;
	for (IrBlock *b = db && db->parent ? db->parent->first : NULL;
	    b && b != db; b = b->next)
		index++;
	if (rel)
		ir_emit_note(ctx, loc, "operand defined as a block argument "
		    "(block #%u in %s)", index, rel);
	else
		ir_emit_note(ctx, loc, "operand defined as a block argument "
		    "(block #%u neither in a parent nor in a child region)",
		    index);
}

static bool dominance_ops(IrDominance *d, IrOp *op);

/* Does v dominate its use in op (in block b of a region with SSA
 * dominance)? Values of b itself, the common case, are answered here. */
static bool
dominates(IrDominance *d, IrValue *v, IrOp *op, IrBlock *b)
{
	if (v->kind == IR_VALUE_RESULT && v->owner.op->parent == b)
		return v->owner.op != op && ir_op_is_before(v->owner.op, op);
	if (v->kind == IR_VALUE_ARG && v->owner.block == b)
		return true;
	return ir_dominance_dominates(d, v, op);
}

/* A graph region (builtin.module's, an unregistered op's) has no
 * dominance rule for its own values. */
static bool
graph_region(const IrRegion *r)
{
	return r->parent && (!r->parent->name->def ||
	    ir_op_is(r->parent, "builtin.module"));
}

/* Checks the operands of every op in reachable blocks of r, and the
 * regions of every op (reachable or not), as MLIR does. */
static bool
dominance_region(IrDominance *d, IrRegion *r)
{
	bool ok = true;
	bool multi = r->first && r->first->next;
	bool graph = graph_region(r);
	for (IrBlock *b = r->first; b; b = b->next) {
		bool reachable = !multi || ir_dominance_reachable(d, b);
		for (IrOp *op = b->first; op; op = op->next) {
			for (unsigned i = 0; reachable && i < op->noperands;
			    i++) {
				IrValue *v = op->operands[i].value;
				if (!v || (graph ? ir_dominance_dominates(d, v,
				    op) : dominates(d, v, op, b)))
					continue;
				report_dominance(op, i, v);
				ok = false;
			}
			if (op->nregions)
				ok &= dominance_ops(d, op);
		}
	}
	return ok;
}

static bool
dominance_ops(IrDominance *d, IrOp *op)
{
	bool ok = true;
	for (unsigned i = 0; i < op->nregions; i++)
		ok &= dominance_region(d, &ir_op_regions(op)[i]);
	return ok;
}

/* ------------------------------------------------------------ quiet walk */

static bool quiet_ops(IrDominance *d, IrOp *op, IrRegion *iso);

/* Would neither the isolation checks (iso: the region of the innermost
 * isolated op around r, or NULL) nor the dominance checks report
 * anything below region r? The same predicates as verify_isolated and
 * dominance_region, in one walk, stopping at the first doubt. */
static bool
quiet_region(IrDominance *d, IrRegion *r, IrRegion *iso)
{
	bool multi = r->first && r->first->next;
	bool graph = graph_region(r);
	for (IrBlock *b = r->first; b; b = b->next) {
		bool reachable = !multi || ir_dominance_reachable(d, b);
		for (IrOp *op = b->first; op; op = op->next) {
			for (unsigned i = 0; i < op->noperands; i++) {
				IrValue *v = op->operands[i].value;
				if (!v)
					continue;
				if (iso && !defined_in(v, iso))
					return false;
				if (reachable && !(graph ?
				    ir_dominance_dominates(d, v, op) :
				    dominates(d, v, op, b)))
					return false;
			}
			if (op->nregions && !quiet_ops(d, op, iso))
				return false;
		}
	}
	return true;
}

static bool
quiet_ops(IrDominance *d, IrOp *op, IrRegion *iso)
{
	bool isolated = has_trait(op, IR_TRAIT_ISOLATED);
	for (unsigned i = 0; i < op->nregions; i++)
		if (!quiet_region(d, &ir_op_regions(op)[i],
		    isolated ? &ir_op_regions(op)[i] : iso))
			return false;
	return true;
}

/* A graph region (builtin.module's, an unregistered op's) has no
 * dominance rule for its own values. */
static bool
is_graph(const IrRegion *r)
{
	return r->parent && (!r->parent->name->def ||
	    ir_op_is(r->parent, "builtin.module"));
}

/* The quiet_region checks of op's operands (op in block b, reachable or
 * not, of a graph region or not; w->iso the isolated region around it),
 * during the fused walk. */
static bool
operands_quiet(Walk *w, IrBlock *b, IrOp *op, bool graph, bool reachable)
{
	for (unsigned i = 0; i < op->noperands; i++) {
		IrValue *v = op->operands[i].value;
		if (!v)
			continue;
		if (w->iso && !defined_in(v, w->iso))
			return false;
		if (reachable && !(graph ? ir_dominance_dominates(w->d, v, op) :
		    dominates(w->d, v, op, b)))
			return false;
	}
	return true;
}

/* Notes that some diagnostic was emitted (the muted first walk). */
static void
mute(IrContext *ctx, const IrDiagnostic *diag, void *user)
{
	(void)ctx;
	(void)diag;
	*(bool *)user = true;
}

/* Valid IR, the usual case, is checked in one walk: the op checks with
 * diagnostics muted, answering the isolation and dominance checks of
 * each operand on the way. Anything emitted or found, and the checks run
 * again as such, reporting in the usual order: a quiet walk answers the
 * isolation and dominance checks first (two walks instead of three when
 * they pass). */
bool
ir_verify(IrOp *op)
{
	IrContext *ctx = ir_op_context(op);
	IrDominance *d = ir_dominance_create();
	IrDiagHandler handler = ctx->handler;
	void *user = ctx->handler_user;
	unsigned nerrors = ctx->nerrors;
	bool emitted = false;
	Walk w = { .iso_ok = true, .fused = true, .quiet = true, .d = d };
	ctx->handler = mute;
	ctx->handler_user = &emitted;
	bool ok = verify_op(op, &w);
	ctx->handler = handler;
	ctx->handler_user = user;
	ctx->nerrors = nerrors;
	if (ok && w.quiet && !emitted) {
		ir_dominance_destroy(d);
		return true;
	}
	bool quiet = quiet_ops(d, op, NULL);
	Walk v = { .iso_ok = quiet, .d = d };
	ok = verify_op(op, &v);
	if (!quiet)
		ok &= dominance_ops(d, op);
	ir_dominance_destroy(d);
	return ok;
}

bool
ir_verify_local(IrOp *op)
{
	/* The nested ops, isolation included, are as last verified. */
	return verify_self(op, true);
}
