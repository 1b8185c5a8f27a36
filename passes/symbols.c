/* passes/symbols.c: what inline and symbol-dce share about symbols: a
 * pointer set and map, visibility, and a cache of hashed symbol tables that
 * resolves nested references (@a::@b) as MLIR does. */
#include <stdlib.h>
#include <string.h>

#include "passes/passes.h"

/* ------------------------------------------------------------ pointer set */

static size_t
ptr_hash(const void *p, size_t cap)
{
	uint64_t x = (uint64_t)(uintptr_t)p;
	x ^= x >> 33;
	x *= 0xff51afd7ed558ccdull;
	x ^= x >> 33;
	return (size_t)x & (cap - 1);
}

static void
set_grow(PassesPtrSet *s)
{
	const void **old = s->slots;
	size_t oldcap = s->cap;
	s->cap = s->cap ? 2 * s->cap : 64;
	s->slots = ir_xcalloc(s->cap, sizeof *s->slots);
	s->n = 0;
	for (size_t i = 0; i < oldcap; i++)
		if (old[i])
			passes_ptrset_add(s, old[i]);
	free(old);
}

bool
passes_ptrset_add(PassesPtrSet *s, const void *p)
{
	if ((s->n + 1) * 2 > s->cap)
		set_grow(s);
	size_t i = ptr_hash(p, s->cap);
	for (; s->slots[i]; i = (i + 1) & (s->cap - 1))
		if (s->slots[i] == p)
			return false;
	s->slots[i] = p;
	s->n++;
	return true;
}

bool
passes_ptrset_has(const PassesPtrSet *s, const void *p)
{
	if (!s->cap)
		return false;
	for (size_t i = ptr_hash(p, s->cap); s->slots[i];
	    i = (i + 1) & (s->cap - 1))
		if (s->slots[i] == p)
			return true;
	return false;
}

void
passes_ptrset_free(PassesPtrSet *s)
{
	free(s->slots);
	memset(s, 0, sizeof *s);
}

static void
map_grow(PassesPtrMap *m)
{
	PassesPtrMap old = *m;
	m->cap = m->cap ? 2 * m->cap : 64;
	m->keys = ir_xcalloc(m->cap, sizeof *m->keys);
	m->vals = ir_xcalloc(m->cap, sizeof *m->vals);
	m->n = 0;
	for (size_t i = 0; i < old.cap; i++)
		if (old.keys[i])
			passes_ptrmap_put(m, old.keys[i], old.vals[i]);
	free(old.keys);
	free(old.vals);
}

void
passes_ptrmap_put(PassesPtrMap *m, const void *key, void *val)
{
	if ((m->n + 1) * 2 > m->cap)
		map_grow(m);
	size_t i = ptr_hash(key, m->cap);
	while (m->keys[i] && m->keys[i] != key)
		i = (i + 1) & (m->cap - 1);
	if (!m->keys[i])
		m->n++;
	m->keys[i] = key;
	m->vals[i] = val;
}

void *
passes_ptrmap_get(const PassesPtrMap *m, const void *key)
{
	if (!m->cap)
		return NULL;
	for (size_t i = ptr_hash(key, m->cap); m->keys[i];
	    i = (i + 1) & (m->cap - 1))
		if (m->keys[i] == key)
			return m->vals[i];
	return NULL;
}

void
passes_ptrmap_free(PassesPtrMap *m)
{
	free(m->keys);
	free(m->vals);
	memset(m, 0, sizeof *m);
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
