/* ir/symbol.c: symbol names, hashed symbol tables, and the one
 * resolution of nested references (@a::@b) as MLIR does it, linear or
 * through a cache of tables (the verifier, the interpreter, inline and
 * symbol-dce all call it). */
#include <stdlib.h>

#include "ir/internal.h"

const IrIdent *
ir_symbol_name(const IrOp *op)
{
	const IrAttr *a = ir_op_attr(op, "sym_name");
	if (!a || a->kind != IR_ATTR_STRING)
		return NULL;
	return ir_ident_get(ir_op_context(op), a->u.string.data,
	    a->u.string.len);
}

IrOp *
ir_symbol_lookup(IrOp *table_op, const IrIdent *name)
{
	if (table_op->nregions == 0)
		return NULL;
	for (IrBlock *b = ir_op_regions(table_op)->first; b; b = b->next)
		for (IrOp *op = b->first; op; op = op->next)
			if (ir_symbol_name(op) == name)
				return op;
	return NULL;
}

struct IrSymbolTable {
	IrOp *op;
	IrPtrMap map; /* IrIdent * -> IrOp * */
};

/* Adds op to t if it is a symbol; reports a duplicate and returns false. */
static bool
table_add(IrSymbolTable *t, IrOp *op)
{
	const IrIdent *name = ir_symbol_name(op);
	if (!name)
		return true;
	IrOp *old = ir_ptrmap_get(&t->map, name);
	if (!old) {
		ir_ptrmap_put(&t->map, name, op);
		return true;
	}
	IrContext *ctx = ir_op_context(op);
	ir_emit_error(ctx, ir_op_loc(op), "redefinition of symbol named '%s'",
	    name->str);
	ir_emit_note(ctx, ir_op_loc(old),
	    "see existing symbol definition here");
	return false;
}

IrSymbolTable *
ir_symbol_table_create(IrOp *table_op)
{
	IrSymbolTable *t = ir_xcalloc(1, sizeof *t);
	bool ok = true;
	t->op = table_op;
	if (table_op->nregions > 0)
		for (IrBlock *b = ir_op_regions(table_op)->first; b;
		    b = b->next)
			for (IrOp *op = b->first; op; op = op->next)
				ok &= table_add(t, op);
	if (!ok) {
		ir_symbol_table_destroy(t);
		return NULL;
	}
	return t;
}

IrOp *
ir_symbol_table_lookup(IrSymbolTable *t, const IrIdent *name)
{
	return ir_ptrmap_get(&t->map, name);
}

void
ir_symbol_table_destroy(IrSymbolTable *t)
{
	if (!t)
		return;
	ir_ptrmap_free(&t->map);
	free(t);
}

IrOp *
ir_symbol_table_above(IrOp *op)
{
	IrOp *t = ir_op_parent_op(op);
	while (t && !ir_op_has_trait(t, IR_TRAIT_SYMBOL_TABLE))
		t = ir_op_parent_op(t);
	return t;
}

/* ------------------------------------------------------------ resolution */

typedef struct CacheEntry {
	IrOp *op;
	IrSymbolTable *table;    /* NULL: duplicate symbols (reported) */
} CacheEntry;

struct IrSymbolCache {
	CacheEntry *ents;
	size_t n, cap;
};

IrSymbolCache *
ir_symbol_cache_create(void)
{
	return ir_xcalloc(1, sizeof(IrSymbolCache));
}

void
ir_symbol_cache_destroy(IrSymbolCache *c)
{
	if (!c)
		return;
	for (size_t i = 0; i < c->n; i++)
		ir_symbol_table_destroy(c->ents[i].table);
	free(c->ents);
	free(c);
}

IrSymbolTable *
ir_symbol_cache_table(IrSymbolCache *c, IrOp *table_op)
{
	/* Tables are few and recently used ones come last. */
	for (size_t i = c->n; i-- > 0;)
		if (c->ents[i].op == table_op)
			return c->ents[i].table;
	if (c->n == c->cap) {
		c->cap = c->cap ? 2 * c->cap : 8;
		c->ents = ir_xrealloc(c->ents, c->cap * sizeof *c->ents);
	}
	IrSymbolTable *t = ir_symbol_table_create(table_op);
	c->ents[c->n++] = (CacheEntry){ table_op, t };
	return t;
}

/* The symbol `name` of table op t: through c's hashed tables, or a
 * linear search without a cache. */
static IrOp *
lookup_in(IrSymbolCache *c, IrOp *t, const IrIdent *name)
{
	if (!c)
		return ir_symbol_lookup(t, name);
	IrSymbolTable *tab = ir_symbol_cache_table(c, t);
	return tab ? ir_symbol_table_lookup(tab, name) : NULL;
}

/* The one resolution walk: the root in t, then each nested part in the
 * symbol table the previous part names. path (when not NULL) gets each
 * part's op. NULL when a part is missing. */
static IrOp *
resolve_walk(IrSymbolCache *c, IrOp *t, const IrAttr *ref, IrOp **path)
{
	IrOp *op = NULL;
	for (size_t i = 0; i <= ref->u.symref.nnested; i++) {
		const IrIdent *name = i ? ref->u.symref.nested[i - 1] :
		    ref->u.symref.root;
		if (!t || !ir_op_has_trait(t, IR_TRAIT_SYMBOL_TABLE))
			return NULL;
		if (!(op = lookup_in(c, t, name)))
			return NULL;
		if (path)
			path[i] = op;
		t = op;
	}
	return op;
}

IrOp *
ir_symbol_resolve(IrOp *from, const IrAttr *symref)
{
	if (!symref || symref->kind != IR_ATTR_SYMREF || !from)
		return NULL;
	IrOp *table = ir_op_has_trait(from, IR_TRAIT_SYMBOL_TABLE) ? from :
	    ir_symbol_table_above(from);
	return resolve_walk(NULL, table, symref, NULL);
}

size_t
ir_symbol_resolve_path(IrSymbolCache *c, IrOp *table_op, const IrAttr *ref,
    IrOp **path, size_t max)
{
	if (!ref || ref->kind != IR_ATTR_SYMREF ||
	    ref->u.symref.nnested + 1 > max)
		return 0;
	return resolve_walk(c, table_op, ref, path) ?
	    ref->u.symref.nnested + 1 : 0;
}

IrOp *
ir_symbol_cache_lookup(IrSymbolCache *c, IrOp *user, const IrAttr *ref)
{
	IrOp *path[16];
	size_t n = ir_symbol_resolve_path(c, ir_symbol_table_above(user), ref,
	    path, 16);
	return n ? path[n - 1] : NULL;
}
