/* ir/context.c: the context, its uniquing hash tables, interned
 * identifiers and the op registry. */
#define _DEFAULT_SOURCE /* madvise */
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <xxhash.h>

#include "ir/context.h"

/* ---- hashing */

uint64_t
ir_hash_bytes(const void *p, size_t n)
{
	return XXH3_64bits(p, n);
}

uint64_t
ir_hash_words(const uint64_t *w, size_t n)
{
	return XXH3_64bits(w, n * sizeof *w);
}

/* ---- tables */

void *
ir_table_find(const IrTable *t, uint64_t h, IrTableEq eq, const void *key)
{
	if (!t->cap)
		return NULL;
	size_t mask = t->cap - 1;
	for (size_t i = h & mask;; i = (i + 1) & mask) {
		const struct IrTableSlot *s = &t->slots[i];
		if (!s->obj)
			return NULL;
		if (s->hash == h && eq(s->obj, key))
			return s->obj;
	}
}

/* Places obj in the first free slot of its probe sequence. */
static void
place(IrTable *t, uint64_t h, void *obj)
{
	size_t mask = t->cap - 1;
	size_t i = h & mask;
	while (t->slots[i].obj)
		i = (i + 1) & mask;
	t->slots[i].obj = obj;
	t->slots[i].hash = h;
}

static void
grow(IrTable *t)
{
	IrTable old = *t;
	t->cap = old.cap ? old.cap * 2 : 64;
	/* Written, not calloc'd: a big calloc gives pages that the probes
	 * below would first read (mapping the shared zero page) and then
	 * write (copying it), two page faults each instead of one. */
	t->slots = ir_xmalloc(t->cap * sizeof *t->slots);
	memset(t->slots, 0, t->cap * sizeof *t->slots);
	for (size_t i = 0; i < old.cap; i++)
		if (old.slots[i].obj)
			place(t, old.slots[i].hash, old.slots[i].obj);
	free(old.slots);
}

struct IrTableSlot *
ir_table_probe(IrTable *t, uint64_t h, IrTableEq eq, const void *key)
{
	if ((t->len + 1) * 4 > t->cap * 3)
		grow(t);
	size_t mask = t->cap - 1;
	for (size_t i = h & mask;; i = (i + 1) & mask) {
		struct IrTableSlot *s = &t->slots[i];
		if (!s->obj || (s->hash == h && eq(s->obj, key)))
			return s;
	}
}

void
ir_table_insert(IrTable *t, uint64_t h, void *obj)
{
	if ((t->len + 1) * 4 > t->cap * 3)
		grow(t);
	place(t, h, obj);
	t->len++;
}

void
ir_table_free(IrTable *t)
{
	free(t->slots);
	memset(t, 0, sizeof *t);
}

/* ---- context */

IrContext *
ir_context_create(void)
{
	IrContext *ctx = ir_xcalloc(1, sizeof *ctx);
	ir_builtin_register(ctx);
	return ctx;
}

void
ir_context_destroy(IrContext *ctx)
{
	if (!ctx)
		return;
	IrTable *tables[] = { &ctx->idents, &ctx->types, &ctx->attrs,
		&ctx->affine, &ctx->locs, &ctx->opnames };
	for (size_t i = 0; i < sizeof tables / sizeof *tables; i++)
		ir_table_free(tables[i]);
	free(ctx->byline);
	free(ctx->lazyfiles);
	ir_pass_registry_free(ctx);
	ir_op_pool_free(ctx);
	free(ctx->defs);
	for (size_t i = 0; i < ctx->nsources; i++)
		free(ctx->owned[i]);
	free(ctx->owned);
	free(ctx->sources);
	ir_arena_free(&ctx->arena);
	for (size_t i = 0; i < ctx->nmaps; i++)
		munmap(ctx->maps[i].p, ctx->maps[i].n);
	free(ctx->maps);
	free(ctx);
}

void
ir_context_adopt_mapping(IrContext *ctx, void *p, size_t n)
{
	ctx->maps = ir_xrealloc(ctx->maps, (ctx->nmaps + 1) *
	    sizeof(*ctx->maps));
	ctx->maps[ctx->nmaps].p = p;
	ctx->maps[ctx->nmaps++].n = n;
}

bool
ir_context_release(IrContext *ctx, const void *p, size_t n)
{
	uintptr_t lo = (uintptr_t)p, hi = lo + n;
	for (size_t i = 0; i < ctx->nmaps; i++) {
		uintptr_t m = (uintptr_t)ctx->maps[i].p;
		if (lo < m || hi > m + ctx->maps[i].n || hi < lo)
			continue;
		/* whole pages only: a neighbour's bytes may share the
		 * first and last page */
		uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
		lo = (lo + page - 1) / page * page;
		hi = hi / page * page;
		if (hi > lo)
			madvise((void *)lo, hi - lo, MADV_DONTNEED);
		return true;
	}
	return false;
}

void
ir_context_set_allow_unregistered(IrContext *ctx, bool allow)
{
	ctx->allow_unregistered = allow;
}

bool
ir_context_allow_unregistered(const IrContext *ctx)
{
	return ctx->allow_unregistered;
}

IrArena *
ir_context_arena(IrContext *ctx)
{
	return &ctx->arena;
}

/* ---- identifiers */

typedef struct {
	const char *s;
	size_t len;
} StrKey;

static bool
ident_eq(const void *obj, const void *key)
{
	const IrIdent *id = obj;
	const StrKey *k = key;
	return id->len == k->len && memcmp(id->str, k->s, k->len) == 0;
}

const IrIdent *
ir_ident_get(IrContext *ctx, const char *s, size_t len)
{
	StrKey k = { s, len };
	uint64_t h = ir_hash_bytes(s, len);
	IrIdent *id = ir_table_find(&ctx->idents, h, ident_eq, &k);
	if (id)
		return id;
	id = ir_arena_alloc(&ctx->arena, sizeof *id + len + 1,
	    _Alignof(IrIdent));
	id->hash = h;
	id->len = len;
	if (len)
		memcpy(id->str, s, len);
	id->str[len] = 0;
	ir_table_insert(&ctx->idents, h, id);
	return id;
}

const IrIdent *
ir_ident_cstr(IrContext *ctx, const char *s)
{
	return ir_ident_get(ctx, s, strlen(s));
}

/* ---- op names */

static bool
opname_eq(const void *obj, const void *key)
{
	return ((const IrOpName *)obj)->name == key;
}

/* The uniqued op name for an interned name (no registry lookup needed:
 * register_op keeps def up to date). */
static IrOpName *
opname_of(IrContext *ctx, const IrIdent *name)
{
	IrOpName *n = ir_table_find(&ctx->opnames, name->hash, opname_eq,
	    name);
	if (n)
		return n;
	n = ir_arena_alloc(&ctx->arena, sizeof *n, _Alignof(IrOpName));
	n->ctx = ctx;
	n->name = name;
	const char *dot = memchr(name->str, '.', name->len);
	n->dialect = ir_ident_get(ctx, name->str,
	    dot ? (size_t)(dot - name->str) : 0);
	n->def = NULL;
	ir_table_insert(&ctx->opnames, name->hash, n);
	return n;
}

const IrOpName *
ir_op_name_get(IrContext *ctx, const char *name, size_t len)
{
	return opname_of(ctx, ir_ident_get(ctx, name, len));
}

bool
ir_register_op(IrContext *ctx, const IrOpDef *def)
{
	IrOpName *n = opname_of(ctx, ir_ident_cstr(ctx, def->name));
	if (n->def)
		return false;
	n->def = def;
	if (ctx->ndefs == ctx->defcap) {
		ctx->defcap = ctx->defcap ? ctx->defcap * 2 : 32;
		ctx->defs = ir_xrealloc(ctx->defs,
		    ctx->defcap * sizeof *ctx->defs);
	}
	ctx->defs[ctx->ndefs++] = def;
	return true;
}

const IrOpDef *
ir_lookup_op(IrContext *ctx, const char *name)
{
	StrKey k = { name, strlen(name) };
	const IrIdent *id = ir_table_find(&ctx->idents,
	    ir_hash_bytes(k.s, k.len), ident_eq, &k);
	if (!id)
		return NULL;
	const IrOpName *n = ir_table_find(&ctx->opnames, id->hash, opname_eq,
	    id);
	return n ? n->def : NULL;
}

const IrOpDef *
ir_registered_op(const IrContext *ctx, size_t i)
{
	return i < ctx->ndefs ? ctx->defs[i] : NULL;
}
