/* ir/loc.c: uniqued source locations (unknown, file, name, fused,
 * callsite). */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "ir/context.h"

static uint64_t
loc_hash_of(const IrLoc *l)
{
	return l ? l->hash : 0;
}

/* A cheap 64-bit mix (the finaliser of MurmurHash3), for file
 * locations: one per op, so XXH3's setup would dominate. */
static uint64_t
mix64(uint64_t x)
{
	x ^= x >> 33;
	x *= UINT64_C(0xff51afd7ed558ccd);
	x ^= x >> 33;
	x *= UINT64_C(0xc4ceb9fe1a85ec53);
	x ^= x >> 33;
	return x;
}

static uint64_t
loc_hash(const IrLoc *l)
{
	uint64_t w[4] = { l->kind, 0, 0, 0 };
	switch (l->kind) {
	case IR_LOC_FILE:
		return mix64(l->u.file.file->hash ^
		    mix64(((uint64_t)l->u.file.line << 32 | l->u.file.col) +
		    IR_LOC_FILE));
	case IR_LOC_NAME:
		w[1] = l->u.name.name->hash;
		w[2] = loc_hash_of(l->u.name.child);
		break;
	case IR_LOC_FUSED: {
		uint64_t *v = ir_xmalloc((l->u.fused.n + 1) * sizeof *v);
		v[0] = l->u.fused.n;
		for (size_t i = 0; i < l->u.fused.n; i++)
			v[i + 1] = l->u.fused.locs[i]->hash;
		w[1] = ir_hash_words(v, l->u.fused.n + 1);
		free(v);
		w[2] = l->u.fused.metadata ? l->u.fused.metadata->hash : 0;
		break;
	}
	case IR_LOC_CALLSITE:
		w[1] = l->u.callsite.callee->hash;
		w[2] = l->u.callsite.caller->hash;
		break;
	case IR_LOC_UNKNOWN:
		break;
	}
	return ir_hash_words(w, 4);
}

static bool
loc_eq(const void *obj, const void *key)
{
	const IrLoc *a = obj, *b = key;
	if (a->kind != b->kind)
		return false;
	switch (a->kind) {
	case IR_LOC_FILE:
		return a->u.file.file == b->u.file.file &&
		    a->u.file.line == b->u.file.line &&
		    a->u.file.col == b->u.file.col;
	case IR_LOC_NAME:
		return a->u.name.name == b->u.name.name &&
		    a->u.name.child == b->u.name.child;
	case IR_LOC_FUSED:
		return a->u.fused.n == b->u.fused.n &&
		    a->u.fused.metadata == b->u.fused.metadata &&
		    (a->u.fused.n == 0 || memcmp(a->u.fused.locs,
		    b->u.fused.locs, a->u.fused.n * sizeof(void *)) == 0);
	case IR_LOC_CALLSITE:
		return a->u.callsite.callee == b->u.callsite.callee &&
		    a->u.callsite.caller == b->u.callsite.caller;
	case IR_LOC_UNKNOWN:
		return true;
	}
	return false;
}

/* Where a location goes in the context's table. File locations are
 * placed by line and column rather than by their hash, so the locations
 * a parser creates line after line fill the table in order instead of
 * missing the cache once each. */
static uint64_t
table_key(const IrLoc *l)
{
	if (l->kind != IR_LOC_FILE)
		return l->hash;
	return l->u.file.file->hash + (uint64_t)l->u.file.line * 4 +
	    l->u.file.col;
}

/* A copy of file location key in the arena: only the bytes of its kind
 * (nothing reads a file location's other union members). */
static IrLoc *
file_loc_dup(IrContext *ctx, const IrLoc *key)
{
	return ir_arena_memdup(&ctx->arena, key, offsetof(IrLoc, u) +
	    sizeof key->u.file, _Alignof(IrLoc));
}

/* Makes line a valid index of ctx->byline, growing it at most to twice
 * its size (a far jump in line numbers goes to the table instead);
 * false when it cannot. */
static bool
byline_reserve(IrContext *ctx, size_t line)
{
	size_t cap = ctx->bylinecap ? ctx->bylinecap * 2 : 4096;

	if (line < ctx->bylinecap)
		return true;
	if (line >= cap)
		return false;
	/* realloc, not calloc + copy: a big block moves by remapping, so
	 * only the new tail's pages are touched. */
	ctx->byline = ir_xrealloc(ctx->byline, cap * sizeof *ctx->byline);
	ir_mem_populate(ctx->byline + ctx->bylinecap,
	    (cap - ctx->bylinecap) * sizeof *ctx->byline);
	memset(ctx->byline + ctx->bylinecap, 0,
	    (cap - ctx->bylinecap) * sizeof *ctx->byline);
	ctx->bylinecap = cap;
	return true;
}

/* The cell of ctx->byline that holds key's line, or NULL when key's
 * file or line is not indexed by line. */
static const IrLoc **
byline_cell(IrContext *ctx, const IrLoc *key)
{
	if (!ctx->byline_file)
		ctx->byline_file = key->u.file.file;
	if (key->u.file.file != ctx->byline_file ||
	    !byline_reserve(ctx, key->u.file.line))
		return NULL;
	return &ctx->byline[key->u.file.line];
}

/* The unique file location equal to key: the first one made for its
 * line sits in ctx->byline, the others in ctx->locs. */
static const IrLoc *
unique_file(IrContext *ctx, IrLoc *key)
{
	const IrLoc **cell = byline_cell(ctx, key);

	if (cell && !*cell)
		return *cell = file_loc_dup(ctx, key);
	if (cell && (*cell)->u.file.col == key->u.file.col)
		return *cell;
	uint64_t tk = table_key(key);
	struct IrTableSlot *s = ir_table_probe(&ctx->locs, tk, loc_eq, key);
	if (!s->obj) {
		s->obj = file_loc_dup(ctx, key);
		s->hash = tk;
		ctx->locs.len++;
	}
	return s->obj;
}

static const IrLoc *
unique(IrContext *ctx, IrLoc *key)
{
	key->hash = loc_hash(key);
	if (key->kind == IR_LOC_FILE)
		return unique_file(ctx, key);
	uint64_t tk = table_key(key);
	const IrLoc *l = ir_table_find(&ctx->locs, tk, loc_eq, key);
	if (l)
		return l;
	IrLoc *n = ir_arena_memdup(&ctx->arena, key, sizeof *key,
	    _Alignof(IrLoc));
	if (n->kind == IR_LOC_FUSED && n->u.fused.n)
		n->u.fused.locs = ir_arena_memdup(&ctx->arena,
		    n->u.fused.locs, n->u.fused.n * sizeof(void *),
		    _Alignof(void *));
	ir_table_insert(&ctx->locs, tk, n);
	return n;
}

const IrLoc *
ir_loc_unknown(IrContext *ctx)
{
	if (!ctx->unknown_loc) {
		IrLoc k = { .kind = IR_LOC_UNKNOWN };
		ctx->unknown_loc = unique(ctx, &k);
	}
	return ctx->unknown_loc;
}

const IrLoc *
ir_loc_file(IrContext *ctx, const IrIdent *file, unsigned line,
    unsigned col)
{
	if (!file)
		return ir_loc_unknown(ctx);
	IrLoc k = { .kind = IR_LOC_FILE };
	k.u.file.file = file;
	k.u.file.line = line;
	k.u.file.col = col;
	return unique(ctx, &k);
}

/* ---------------------------------------------------- lazy file locations */

enum {
	LAZY_FILE_BITS = 11,
	LAZY_COL_BITS = 20,
	LAZY_FILE_SHIFT = 1,
	LAZY_COL_SHIFT = LAZY_FILE_SHIFT + LAZY_FILE_BITS,
	LAZY_LINE_SHIFT = 32,
};

/* file's index in ctx->lazyfiles, added if new; -1 when full. Parsers
 * ask for the same file over and over: the newest is tried first. */
static long
lazy_file_index(IrContext *ctx, const IrIdent *file)
{
	for (size_t i = ctx->nlazyfiles; i-- > 0;)
		if (ctx->lazyfiles[i] == file)
			return (long)i;
	if (ctx->nlazyfiles == (size_t)1 << LAZY_FILE_BITS)
		return -1;
	if (ctx->nlazyfiles == ctx->lazyfilecap) {
		ctx->lazyfilecap = ctx->lazyfilecap ? 2 * ctx->lazyfilecap : 4;
		ctx->lazyfiles = ir_xrealloc(ctx->lazyfiles,
		    ctx->lazyfilecap * sizeof *ctx->lazyfiles);
	}
	ctx->lazyfiles[ctx->nlazyfiles] = file;
	return (long)ctx->nlazyfiles++;
}

IrLocRef
ir_loc_ref_file(IrContext *ctx, const IrIdent *file, unsigned line,
    unsigned col)
{
	long fi;

	if (sizeof(IrLocRef) < 8 || !file || col >> LAZY_COL_BITS ||
	    (fi = lazy_file_index(ctx, file)) < 0)
		return ir_loc_ref_of(ctx, ir_loc_file(ctx, file, line, col));
	return 1 | (IrLocRef)fi << LAZY_FILE_SHIFT |
	    (IrLocRef)col << LAZY_COL_SHIFT |
	    (IrLocRef)((uint64_t)line << LAZY_LINE_SHIFT);
}

const IrLoc *
ir_loc_ref_get(IrContext *ctx, IrLocRef ref)
{
	uint64_t r = ref;

	if (!ir_loc_ref_lazy(ref))
		return (const IrLoc *)ref;
	return ir_loc_file(ctx, ctx->lazyfiles[(r >> LAZY_FILE_SHIFT) &
	    (((uint64_t)1 << LAZY_FILE_BITS) - 1)],
	    (unsigned)(r >> LAZY_LINE_SHIFT),
	    (unsigned)(r >> LAZY_COL_SHIFT) &
	    ((1u << LAZY_COL_BITS) - 1));
}

IrLocRef
ir_loc_ref_of(IrContext *ctx, const IrLoc *loc)
{
	return (IrLocRef)(loc ? loc : ir_loc_unknown(ctx));
}

const IrLoc *
ir_loc_name(IrContext *ctx, const IrIdent *name, const IrLoc *child)
{
	if (!name)
		return child ? child : ir_loc_unknown(ctx);
	IrLoc k = { .kind = IR_LOC_NAME };
	k.u.name.name = name;
	k.u.name.child = child;
	return unique(ctx, &k);
}

const IrLoc *
ir_loc_fused(IrContext *ctx, size_t n, const IrLoc *const *locs,
    const IrAttr *metadata)
{
	if (n && !locs)
		return ir_loc_unknown(ctx);
	for (size_t i = 0; i < n; i++)
		if (!locs[i])
			return ir_loc_unknown(ctx);
	IrLoc k = { .kind = IR_LOC_FUSED };
	k.u.fused.n = n;
	k.u.fused.locs = locs;
	k.u.fused.metadata = metadata;
	return unique(ctx, &k);
}

const IrLoc *
ir_loc_callsite(IrContext *ctx, const IrLoc *callee, const IrLoc *caller)
{
	IrLoc k = { .kind = IR_LOC_CALLSITE };
	k.u.callsite.callee = callee ? callee : ir_loc_unknown(ctx);
	k.u.callsite.caller = caller ? caller : ir_loc_unknown(ctx);
	return unique(ctx, &k);
}

const IrLoc *
ir_loc_file_of(const IrLoc *loc)
{
	const IrLoc *f = NULL;
	if (!loc)
		return NULL;
	switch (loc->kind) {
	case IR_LOC_FILE:
		return loc;
	case IR_LOC_NAME:
		return ir_loc_file_of(loc->u.name.child);
	case IR_LOC_FUSED:
		for (size_t i = 0; i < loc->u.fused.n && !f; i++)
			f = ir_loc_file_of(loc->u.fused.locs[i]);
		return f;
	case IR_LOC_CALLSITE:
		f = ir_loc_file_of(loc->u.callsite.callee);
		return f ? f : ir_loc_file_of(loc->u.callsite.caller);
	case IR_LOC_UNKNOWN:
		break;
	}
	return NULL;
}
