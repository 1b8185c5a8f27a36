/* ir/symbol.c: symbol names, lookup and nested resolution, and hashed
 * symbol tables. */
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

IrOp *
ir_symbol_resolve(IrOp *from, const IrAttr *symref)
{
	if (!symref || symref->kind != IR_ATTR_SYMREF)
		return NULL;
	IrOp *table = from;
	while (table && !ir_op_has_trait(table, IR_TRAIT_SYMBOL_TABLE))
		table = ir_op_parent_op(table);
	if (!table)
		return NULL;
	IrOp *op = ir_symbol_lookup(table, symref->u.symref.root);
	for (size_t i = 0; op && i < symref->u.symref.nnested; i++) {
		if (!ir_op_has_trait(op, IR_TRAIT_SYMBOL_TABLE))
			return NULL;
		op = ir_symbol_lookup(op, symref->u.symref.nested[i]);
	}
	return op;
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
