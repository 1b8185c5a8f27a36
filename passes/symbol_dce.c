/* passes/symbol_dce.c: erases private symbols that no live op references,
 * in the module and in the symbol tables nested in it (MLIR's
 * symbol-dce). */
#include <stdlib.h>

#include "passes/passes.h"

typedef struct Work {
	IrOp **ops;
	size_t n, cap;
} Work;

typedef struct SymDce {
	IrSymbolCache *syms;
	PassesPtrSet live;       /* symbols found live */
	bool unknown;            /* scan met an unknown symbol table */
} SymDce;

static void
push(Work *w, IrOp *op)
{
	if (w->n == w->cap) {
		w->cap = w->cap ? 2 * w->cap : 32;
		w->ops = ir_xrealloc(w->ops, w->cap * sizeof *w->ops);
	}
	w->ops[w->n++] = op;
}

/* Marks the symbols along ref (@a::@b marks @a and @a::@b), resolved in
 * `table`, live; new ones go to the worklist. Unknown names are
 * ignored. */
static void
mark_ref(SymDce *s, Work *w, IrOp *table, const IrAttr *ref)
{
	IrOp *path[IR_MAX_NESTING];
	size_t n = ir_symbol_resolve_path(s->syms, table, ref, path,
	    IR_MAX_NESTING);
	for (size_t i = 0; i < n; i++)
		if (passes_ptrset_add(&s->live, path[i]))
			push(w, path[i]);
}

/* Marks what attr references (also inside arrays and dictionaries). */
static void
mark_attr(SymDce *s, Work *w, IrOp *table, const IrAttr *a)
{
	switch (a->kind) {
	case IR_ATTR_SYMREF:
		mark_ref(s, w, table, a);
		break;
	case IR_ATTR_ARRAY:
		for (size_t i = 0; i < a->u.array.n; i++)
			mark_attr(s, w, table, a->u.array.elems[i]);
		break;
	case IR_ATTR_DICT:
		for (size_t i = 0; i < a->u.dict.n; i++)
			mark_attr(s, w, table, a->u.dict.entries[i].value);
		break;
	default:
		break;
	}
}

static bool compute(SymDce *s, IrOp *table, bool hidden);

/* MLIR cannot know the symbol uses inside an unregistered op with one
 * region (it may be a symbol table): neither can we. */
static bool
unknown_table(const IrOp *op)
{
	return !op->name->def && op->nregions == 1;
}

/* A symbol table nested in one whose hiddenness is `hidden`: hidden
 * too when not a public or nested symbol. */
static bool
nested_hidden(const IrOp *table, bool hidden)
{
	return hidden || !passes_is_symbol(table) ||
	    passes_visibility(table) == PASSES_PRIVATE;
}

/* The uses held by op's attributes and by the ops nested in it, not
 * looking into nested symbol tables (whose own attributes count): those
 * get their own liveness computation. */
static bool
scan(SymDce *s, Work *w, IrOp *table, IrOp *op, bool top, bool hidden)
{
	if (unknown_table(op)) {
		s->unknown = true;
		return false;
	}
	mark_attr(s, w, table, op->attrs);
	if (ir_op_has_trait(op, IR_TRAIT_SYMBOL_TABLE))
		return top || compute(s, op, nested_hidden(op, hidden));
	for (unsigned r = 0; r < op->nregions; r++)
		for (IrBlock *b = ir_op_regions(op)[r].first; b; b = b->next)
			for (IrOp *o = b->first; o; o = o->next)
				if (!scan(s, w, table, o, false, hidden))
					return false;
	return true;
}

/* The liveness of the symbols in `table`'s body: non-symbols, public
 * symbols, and "nested" ones when the table is not hidden (reachable
 * from outside) are live roots; what a live op references is live. A
 * live symbol table nested here is computed in turn (references resolve
 * in the nearest table, as MLIR's). */
static bool
compute(SymDce *s, IrOp *table, bool hidden)
{
	if (!ir_symbol_cache_table(s->syms, table))
		return false; /* duplicate symbols, reported */
	Work w = {0};
	for (IrBlock *b = ir_op_regions(table)->first; b; b = b->next) {
		for (IrOp *o = b->first; o; o = o->next) {
			PassesVisibility v = passes_is_symbol(o) ?
			    passes_visibility(o) : PASSES_PUBLIC;
			if (!passes_is_symbol(o))
				push(&w, o);
			else if ((v == PASSES_PUBLIC || (v == PASSES_NESTED &&
			    !hidden)) && passes_ptrset_add(&s->live, o))
				push(&w, o);
		}
	}
	bool ok = true;
	while (ok && w.n) {
		/* Symbols found through a reference from another table
		 * resolve their own references in their parent table. */
		IrOp *op = w.ops[--w.n];
		ok = scan(s, &w, ir_op_parent_op(op), op, true, hidden);
		if (!ok && s->unknown) {
			/* Where MLIR reports it: the op whose uses are
			 * collected. */
			ir_emit_error(ir_op_context(op), ir_op_loc(op),
			    "operation contains potentially unknown symbol "
			    "table, meaning that we can't reliable compute "
			    "symbol uses");
			s->unknown = false;
		}
		if (ok && ir_op_has_trait(op, IR_TRAIT_SYMBOL_TABLE))
			ok = compute(s, op, nested_hidden(op, hidden));
	}
	free(w.ops);
	return ok;
}

typedef struct Dead {
	SymDce *s;
	Work list;
} Dead;

/* Collects the symbols of symbol tables that are not live, without
 * looking inside them (they go with their op). */
static IrWalkResult
collect_dead(IrOp *op, void *user)
{
	Dead *d = user;
	IrOp *p = ir_op_parent_op(op);
	if (p && ir_op_has_trait(p, IR_TRAIT_SYMBOL_TABLE) &&
	    passes_is_symbol(op) && !passes_ptrset_has(&d->s->live, op)) {
		push(&d->list, op);
		return IR_WALK_SKIP;
	}
	return IR_WALK_ADVANCE;
}

static bool
symbol_dce_run(IrOp *module, IrPass *pass)
{
	SymDce s = { .syms = ir_symbol_cache_create() };
	/* Hidden unless the module is itself a visible symbol inside
	 * another op (a nested pipeline). */
	bool hidden = !ir_op_parent_op(module) || !passes_is_symbol(module) ||
	    passes_visibility(module) == PASSES_PRIVATE;
	bool ok = compute(&s, module, hidden);
	Dead d = { &s, {0} };
	if (ok) {
		for (IrBlock *b = ir_op_regions(module)->first; b; b = b->next)
			for (IrOp *o = b->first; o; o = o->next)
				ir_op_walk(o, IR_WALK_PRE, collect_dead, &d);
		for (size_t i = 0; i < d.list.n; i++)
			ir_op_erase(d.list.ops[i]);
		ir_pass_stat_add(pass, "num-dce'd", d.list.n);
	}
	free(d.list.ops);
	passes_ptrset_free(&s.live);
	ir_symbol_cache_destroy(s.syms);
	return ok;
}

static const IrPassStatistic stats[] = {
	{ "num-dce'd", "dead symbols erased" },
};

const IrPassDef pass_symbol_dce = {
	.argument = "symbol-dce",
	.summary = "Erase the symbols that nothing live references",
	.anchor = "builtin.module",
	.stats = stats,
	.nstats = 1,
	.run = symbol_dce_run,
	.description =
	    "MLIR's symbol-dce. A symbol (a registered op with `sym_name`,\n"
	    "such as `func.func` or `module @m`) in the module or in a symbol\n"
	    "table nested in it is a live root when its table is live and it\n"
	    "is public, or has `sym_visibility = \"nested\"` in a table seen\n"
	    "from outside: the op the pass runs on when it is a public\n"
	    "symbol nested in another op\n"
	    "(`builtin.module(builtin.module(symbol-dce))` on `module @m`),\n"
	    "and the public symbol tables inside one seen from outside. The\n"
	    "top module is hidden, and so is everything in it: there\n"
	    "\"nested\" acts as private. Ops that are not symbols are live\n"
	    "too. The symbol references in a live op's attributes (also\n"
	    "inside arrays and dictionaries, and in the ops nested in it, but\n"
	    "not inside nested symbol tables) make their targets live. A\n"
	    "reference resolves in the nearest enclosing symbol table;\n"
	    "`@a::@b` makes both `@a` and `@b` live, and a live nested table\n"
	    "has the liveness of its symbols computed the same way. Symbols\n"
	    "that are not live are erased with all they contain (a private\n"
	    "nested module nobody references goes with its public functions).\n"
	    "References to unknown symbols are ignored. As MLIR's, the pass\n"
	    "fails on an unregistered op with one region (it may hide a\n"
	    "symbol table).",
};
