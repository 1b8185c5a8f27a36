/* passes/symbols.c: what inline and symbol-dce share about symbols: a
 * pointer set, visibility, and a cache of hashed symbol tables that
 * resolves nested references (@a::@b) as MLIR does. */
#include <stdlib.h>
#include <string.h>

#include "passes/passes.h"

/* ------------------------------------------------------------ pointer set */

bool
passes_ptrset_add(PassesPtrSet *s, const void *p)
{
	if (ir_ptrmap_get(&s->map, p))
		return false;
	ir_ptrmap_put(&s->map, p, (void *)p);
	return true;
}

bool
passes_ptrset_has(const PassesPtrSet *s, const void *p)
{
	return ir_ptrmap_get(&s->map, p) != NULL;
}

void
passes_ptrset_free(PassesPtrSet *s)
{
	ir_ptrmap_free(&s->map);
}

/* ------------------------------------------------------------ visibility */

PassesVisibility
passes_visibility(const IrOp *op)
{
	const IrAttr *v = ir_op_attr(op, "sym_visibility");
	if (!v || v->kind != IR_ATTR_STRING)
		return PASSES_PUBLIC;
	if (v->u.string.len == 7 && !memcmp(v->u.string.data, "private", 7))
		return PASSES_PRIVATE;
	if (v->u.string.len == 6 && !memcmp(v->u.string.data, "nested", 6))
		return PASSES_NESTED;
	return PASSES_PUBLIC;
}

bool
passes_is_symbol(const IrOp *op)
{
	return op->name->def && ir_symbol_name(op) &&
	    (op->name->def->traits &
	    (IR_TRAIT_SYMBOL | IR_TRAIT_SYMBOL_TABLE));
}

IrOp *
passes_symbol_table_of(IrOp *op)
{
	IrOp *t = ir_op_parent_op(op);
	while (t && !ir_op_has_trait(t, IR_TRAIT_SYMBOL_TABLE))
		t = ir_op_parent_op(t);
	return t;
}

/* ------------------------------------------------------------ table cache */

typedef struct CacheEntry {
	IrOp *op;
	IrSymbolTable *table;    /* NULL: duplicate symbols (reported) */
} CacheEntry;

struct PassesSymbols {
	CacheEntry *ents;
	size_t n, cap;
};

PassesSymbols *
passes_symbols_create(void)
{
	return ir_xcalloc(1, sizeof(PassesSymbols));
}

void
passes_symbols_destroy(PassesSymbols *s)
{
	if (!s)
		return;
	for (size_t i = 0; i < s->n; i++)
		ir_symbol_table_destroy(s->ents[i].table);
	free(s->ents);
	free(s);
}

IrSymbolTable *
passes_symbols_table(PassesSymbols *s, IrOp *table_op)
{
	/* Tables are few and recently used ones come last. */
	for (size_t i = s->n; i-- > 0;)
		if (s->ents[i].op == table_op)
			return s->ents[i].table;
	if (s->n == s->cap) {
		s->cap = s->cap ? 2 * s->cap : 8;
		s->ents = ir_xrealloc(s->ents, s->cap * sizeof *s->ents);
	}
	IrSymbolTable *t = ir_symbol_table_create(table_op);
	s->ents[s->n++] = (CacheEntry){ table_op, t };
	return t;
}

size_t
passes_symbols_resolve(PassesSymbols *s, IrOp *table_op, const IrAttr *ref,
    IrOp **path, size_t max)
{
	if (!ref || ref->kind != IR_ATTR_SYMREF ||
	    ref->u.symref.nnested + 1 > max)
		return 0;
	IrOp *t = table_op;
	size_t n = ref->u.symref.nnested + 1;
	for (size_t i = 0; i < n; i++) {
		const IrIdent *name = i ? ref->u.symref.nested[i - 1] :
		    ref->u.symref.root;
		if (!t || !ir_op_has_trait(t, IR_TRAIT_SYMBOL_TABLE))
			return 0;
		IrSymbolTable *tab = passes_symbols_table(s, t);
		IrOp *op = tab ? ir_symbol_table_lookup(tab, name) : NULL;
		if (!op)
			return 0;
		path[i] = op;
		t = op;
	}
	return n;
}

IrOp *
passes_symbols_lookup(PassesSymbols *s, IrOp *user, const IrAttr *ref)
{
	IrOp *path[16];
	size_t n = passes_symbols_resolve(s, passes_symbol_table_of(user), ref,
	    path, 16);
	return n ? path[n - 1] : NULL;
}
