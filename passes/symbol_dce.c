/* passes/symbol_dce.c: erases private symbols (functions) of a module
 * that no live op references. */
#include <stdlib.h>
#include <string.h>

#include "passes/passes.h"

/* The module's symbols, sorted by op pointer for lookups (never
 * iterated in that order, so output does not depend on it). */
typedef struct Sym {
	IrOp *op;
	bool live;
} Sym;

typedef struct SymDce {
	IrSymbolTable *table;
	Sym *syms;               /* sorted by op */
	size_t n;
	IrOp **work;             /* live symbols not yet scanned */
	size_t nwork;
} SymDce;

static int
cmp_sym(const void *a, const void *b)
{
	uintptr_t x = (uintptr_t)((const Sym *)a)->op;
	uintptr_t y = (uintptr_t)((const Sym *)b)->op;
	return (x > y) - (x < y);
}

static Sym *
find(SymDce *s, IrOp *op)
{
	Sym key = { op, false };
	return bsearch(&key, s->syms, s->n, sizeof key, cmp_sym);
}

static bool
is_private(const IrOp *op)
{
	const IrAttr *v = ir_op_attr(op, "sym_visibility");
	return v && v->kind == IR_ATTR_STRING && v->u.string.len == 7 &&
	    !memcmp(v->u.string.data, "private", 7);
}

static void
mark(SymDce *s, IrOp *op)
{
	Sym *y = op ? find(s, op) : NULL;
	if (!y || y->live)
		return;
	y->live = true;
	s->work[s->nwork++] = op;
}

/* Marks the symbols referenced by attr (searching arrays and
 * dictionaries). */
static void
mark_refs(SymDce *s, const IrAttr *a)
{
	switch (a->kind) {
	case IR_ATTR_SYMREF:
		mark(s, ir_symbol_table_lookup(s->table, a->u.symref.root));
		break;
	case IR_ATTR_ARRAY:
		for (size_t i = 0; i < a->u.array.n; i++)
			mark_refs(s, a->u.array.elems[i]);
		break;
	case IR_ATTR_DICT:
		for (size_t i = 0; i < a->u.dict.n; i++)
			mark_refs(s, a->u.dict.entries[i].value);
		break;
	default:
		break;
	}
}

static IrWalkResult
scan_op(IrOp *op, void *user)
{
	mark_refs(user, op->attrs);
	return IR_WALK_ADVANCE;
}

/* Scans op for references, but not the bodies of the module's own
 * symbols: those are scanned once they are live. */
static void
scan_top(SymDce *s, IrOp *op)
{
	if (find(s, op)) {
		mark_refs(s, op->attrs);
		if (!is_private(op))
			mark(s, op);
		return;
	}
	ir_op_walk(op, IR_WALK_PRE, scan_op, s);
}

static bool
symbol_dce_run(IrOp *module, IrPass *pass)
{
	SymDce s = {0};
	s.table = ir_symbol_table_create(module);
	if (!s.table)
		return false;
	IrBlock *body = module->nregions ? module->regions[0].first : NULL;
	size_t cap = 0;
	for (IrOp *o = body ? body->first : NULL; o; o = o->next)
		cap++;
	s.syms = ir_xcalloc(cap + 1, sizeof *s.syms);
	s.work = ir_xcalloc(cap + 1, sizeof *s.work);
	for (IrOp *o = body ? body->first : NULL; o; o = o->next)
		if (ir_symbol_name(o))
			s.syms[s.n++] = (Sym){ o, false };
	qsort(s.syms, s.n, sizeof *s.syms, cmp_sym);
	for (IrOp *o = body ? body->first : NULL; o; o = o->next)
		scan_top(&s, o);
	while (s.nwork)
		ir_op_walk(s.work[--s.nwork], IR_WALK_PRE, scan_op, &s);
	uint64_t erased = 0;
	IrOp *o = body ? body->first : NULL, *next;
	for (; o; o = next) {
		next = o->next;
		Sym *y = find(&s, o);
		if (y && !y->live) {
			ir_op_erase(o);
			erased++;
		}
	}
	ir_pass_stat_add(pass, "num-dce'd", erased);
	ir_symbol_table_destroy(s.table);
	free(s.syms);
	free(s.work);
	return true;
}

static const IrPassStatistic stats[] = {
	{ "num-dce'd", "unreferenced private symbols erased" },
};

const IrPassDef pass_symbol_dce = {
	.argument = "symbol-dce",
	.summary = "Erase the private symbols of a module that nothing "
	    "references",
	.anchor = "builtin.module",
	.stats = stats,
	.nstats = 1,
	.run = symbol_dce_run,
	.description =
	    "A symbol (an op with `sym_name`) directly in the module is live\n"
	    "when it is public (no `sym_visibility = \"private\"`) or when a\n"
	    "symbol reference (also inside arrays and dictionaries) names it\n"
	    "from a live symbol or from an op of the module that is no\n"
	    "symbol. Private symbols that are not live are erased. Symbol\n"
	    "tables nested in the module are not looked into.",
};
