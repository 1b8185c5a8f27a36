/* ir/attr.c: uniqued attributes and affine expressions (with MLIR's
 * construction-time simplifications). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ir/context.h"

/* ---- affine */

/* The stored form of an affine expression: the public struct first (so a
 * pointer to it is a pointer to the node), then its hash. */
typedef struct {
	IrAffineExpr e;
	uint64_t hash;
} AffineNode;

static uint64_t
affine_hash(const IrAffineExpr *e)
{
	return e ? ((const AffineNode *)e)->hash : 0;
}

static bool
affine_eq(const void *obj, const void *key)
{
	const IrAffineExpr *a = obj, *b = key;
	return a->kind == b->kind && a->value == b->value &&
	    a->lhs == b->lhs && a->rhs == b->rhs;
}

static const IrAffineExpr *
affine_unique(IrContext *ctx, IrAffineKind kind, int64_t value,
    const IrAffineExpr *lhs, const IrAffineExpr *rhs)
{
	IrAffineExpr k = { kind, value, lhs, rhs };
	uint64_t h = ir_hash_words((uint64_t[]){ kind, (uint64_t)value,
	    affine_hash(lhs), affine_hash(rhs) }, 4);
	const IrAffineExpr *e = ir_table_find(&ctx->affine, h, affine_eq,
	    &k);
	if (e)
		return e;
	AffineNode *n = ir_arena_alloc(&ctx->arena, sizeof *n,
	    _Alignof(AffineNode));
	n->e = k;
	n->hash = h;
	ir_table_insert(&ctx->affine, h, n);
	return &n->e;
}

const IrAffineExpr *
ir_affine_dim(IrContext *ctx, unsigned pos)
{
	return affine_unique(ctx, IR_AFFINE_DIM, pos, NULL, NULL);
}

const IrAffineExpr *
ir_affine_symbol(IrContext *ctx, unsigned pos)
{
	return affine_unique(ctx, IR_AFFINE_SYMBOL, pos, NULL, NULL);
}

const IrAffineExpr *
ir_affine_const(IrContext *ctx, int64_t v)
{
	return affine_unique(ctx, IR_AFFINE_CONST, v, NULL, NULL);
}

static bool
is_const(const IrAffineExpr *e)
{
	return e->kind == IR_AFFINE_CONST;
}

bool
ir_affine_is_symbolic(const IrAffineExpr *e)
{
	switch (e->kind) {
	case IR_AFFINE_DIM:
		return false;
	case IR_AFFINE_SYMBOL:
	case IR_AFFINE_CONST:
		return true;
	default:
		return ir_affine_is_symbolic(e->lhs) &&
		    ir_affine_is_symbolic(e->rhs);
	}
}

/* e is `x op c` for a constant c. */
static bool
has_const_rhs(const IrAffineExpr *e, IrAffineKind op)
{
	return e->kind == op && is_const(e->rhs);
}

/* Wrapping arithmetic (constant folding must not be undefined). */
static int64_t
wrap_add(int64_t a, int64_t b)
{
	return (int64_t)((uint64_t)a + (uint64_t)b);
}

static int64_t
wrap_mul(int64_t a, int64_t b)
{
	return (int64_t)((uint64_t)a * (uint64_t)b);
}

#define BIN(k, l, r) ir_affine_binary(ctx, (k), (l), (r))
#define CONST(v) ir_affine_const(ctx, (v))

/* x*c1 + x*c2 -> x*(c1+c2), with x alone meaning x*1. */
static const IrAffineExpr *
merge_terms(IrContext *ctx, const IrAffineExpr *l, const IrAffineExpr *r)
{
	const IrAffineExpr *x = l, *y = r;
	int64_t c1 = 1, c2 = 1;
	if (has_const_rhs(l, IR_AFFINE_MUL)) {
		x = l->lhs;
		c1 = l->rhs->value;
	}
	if (has_const_rhs(r, IR_AFFINE_MUL)) {
		y = r->lhs;
		c2 = r->rhs->value;
	}
	if (x != y)
		return NULL;
	return BIN(IR_AFFINE_MUL, x, CONST(wrap_add(c1, c2)));
}

/* e + ((e floordiv q) * q) * -1 and e + (e floordiv c) * -c are e mod q
 * (MLIR also matches a non-multiplication right side, which is wrong:
 * d0 + (d0 floordiv 4 - 4) is not d0 mod 4; we only match products). */
static const IrAffineExpr *
mod_pattern(IrContext *ctx, const IrAffineExpr *e, const IrAffineExpr *r)
{
	if (r->kind != IR_AFFINE_MUL)
		return NULL;
	const IrAffineExpr *p = r->lhs, *k = r->rhs;
	if (is_const(k) && k->value == -1 && p->kind == IR_AFFINE_MUL &&
	    p->lhs->kind == IR_AFFINE_FLOORDIV && p->lhs->lhs == e &&
	    p->lhs->rhs == p->rhs)
		return BIN(IR_AFFINE_MOD, e, p->rhs);
	if (p->kind == IR_AFFINE_FLOORDIV && p->lhs == e &&
	    p->rhs == BIN(IR_AFFINE_MUL, k, CONST(-1)))
		return BIN(IR_AFFINE_MOD, e, p->rhs);
	return NULL;
}

static const IrAffineExpr *
simplify_add(IrContext *ctx, const IrAffineExpr *l, const IrAffineExpr *r)
{
	if (is_const(l) && is_const(r))
		return CONST(wrap_add(l->value, r->value));
	if (is_const(l) || (ir_affine_is_symbolic(l) &&
	    !ir_affine_is_symbolic(r)))
		return BIN(IR_AFFINE_ADD, r, l);
	if (is_const(r) && r->value == 0)
		return l;
	if (is_const(r) && has_const_rhs(l, IR_AFFINE_ADD))
		return BIN(IR_AFFINE_ADD, l->lhs,
		    CONST(wrap_add(l->rhs->value, r->value)));
	const IrAffineExpr *m = merge_terms(ctx, l, r);
	if (m)
		return m;
	if (has_const_rhs(l, IR_AFFINE_ADD))
		return BIN(IR_AFFINE_ADD, BIN(IR_AFFINE_ADD, l->lhs, r),
		    l->rhs);
	return mod_pattern(ctx, l, r);
}

static const IrAffineExpr *
simplify_mul(IrContext *ctx, const IrAffineExpr *l, const IrAffineExpr *r)
{
	if (is_const(l) && is_const(r))
		return CONST(wrap_mul(l->value, r->value));
	if (is_const(l) || (ir_affine_is_symbolic(l) &&
	    !ir_affine_is_symbolic(r)))
		return BIN(IR_AFFINE_MUL, r, l);
	if (is_const(r) && r->value == 1)
		return l;
	if (is_const(r) && r->value == 0)
		return r;
	if (is_const(r) && has_const_rhs(l, IR_AFFINE_MUL))
		return BIN(IR_AFFINE_MUL, l->lhs,
		    CONST(wrap_mul(l->rhs->value, r->value)));
	if (has_const_rhs(l, IR_AFFINE_MUL))
		return BIN(IR_AFFINE_MUL, BIN(IR_AFFINE_MUL, l->lhs, r),
		    l->rhs);
	return NULL;
}

static int64_t
floor_div(int64_t a, int64_t b)
{
	int64_t q = a / b;
	return (a % b != 0 && a < 0) ? q - 1 : q;
}

static int64_t
ceil_div(int64_t a, int64_t b)
{
	int64_t q = a / b;
	return (a % b != 0 && a > 0) ? q + 1 : q;
}

static int64_t
pos_mod(int64_t a, int64_t b)
{
	int64_t m = a % b;
	return m < 0 ? m + b : m;
}

static uint64_t
gcd(uint64_t a, uint64_t b)
{
	while (b) {
		uint64_t t = a % b;
		a = b;
		b = t;
	}
	return a;
}

/* The largest constant known to divide e (MLIR's
 * getLargestKnownDivisor); 0 for the constant 0. */
static uint64_t
known_divisor(const IrAffineExpr *e)
{
	switch (e->kind) {
	case IR_AFFINE_CONST:
		return e->value < 0 ? -(uint64_t)e->value : (uint64_t)e->value;
	case IR_AFFINE_MUL:
		return known_divisor(e->lhs) * known_divisor(e->rhs);
	case IR_AFFINE_ADD:
	case IR_AFFINE_MOD:
		return gcd(known_divisor(e->lhs), known_divisor(e->rhs));
	default:
		return 1;
	}
}

static bool
multiple_of(const IrAffineExpr *e, int64_t c)
{
	return known_divisor(e) % (uint64_t)c == 0;
}

static int64_t
fold_div(IrAffineKind k, int64_t a, int64_t c)
{
	if (k == IR_AFFINE_MOD)
		return pos_mod(a, c);
	return k == IR_AFFINE_FLOORDIV ? floor_div(a, c) : ceil_div(a, c);
}

/* (x * m) floordiv/ceildiv c with m a multiple of c: x * (m / c). */
static const IrAffineExpr *
div_of_mul(IrContext *ctx, const IrAffineExpr *l, int64_t c)
{
	if (has_const_rhs(l, IR_AFFINE_MUL) && l->rhs->value % c == 0)
		return BIN(IR_AFFINE_MUL, l->lhs, CONST(l->rhs->value / c));
	return NULL;
}

static const IrAffineExpr *
simplify_floordiv(IrContext *ctx, const IrAffineExpr *l, int64_t c)
{
	const IrAffineExpr *s = div_of_mul(ctx, l, c);
	if (s || l->kind != IR_AFFINE_ADD)
		return s;
	if (multiple_of(l->lhs, c) || multiple_of(l->rhs, c))
		return BIN(IR_AFFINE_ADD,
		    BIN(IR_AFFINE_FLOORDIV, l->lhs, CONST(c)),
		    BIN(IR_AFFINE_FLOORDIV, l->rhs, CONST(c)));
	return NULL;
}

static const IrAffineExpr *
simplify_mod(IrContext *ctx, const IrAffineExpr *l, int64_t c)
{
	if (multiple_of(l, c))
		return CONST(0);
	if (l->kind == IR_AFFINE_ADD && multiple_of(l->lhs, c))
		return BIN(IR_AFFINE_MOD, l->rhs, CONST(c));
	if (l->kind == IR_AFFINE_ADD && multiple_of(l->rhs, c))
		return BIN(IR_AFFINE_MOD, l->lhs, CONST(c));
	if (has_const_rhs(l, IR_AFFINE_MOD) && l->rhs->value >= 1 &&
	    l->rhs->value % c == 0)
		return BIN(IR_AFFINE_MOD, l->lhs, CONST(c));
	return NULL;
}

/* floordiv, ceildiv and mod by a positive constant c. */
static const IrAffineExpr *
simplify_div(IrContext *ctx, IrAffineKind k, const IrAffineExpr *l,
    int64_t c)
{
	if (is_const(l))
		return CONST(fold_div(k, l->value, c));
	if (k == IR_AFFINE_MOD)
		return simplify_mod(ctx, l, c);
	if (c == 1)
		return l;
	if (k == IR_AFFINE_FLOORDIV)
		return simplify_floordiv(ctx, l, c);
	return div_of_mul(ctx, l, c);
}

#undef BIN
#undef CONST

const IrAffineExpr *
ir_affine_binary(IrContext *ctx, IrAffineKind kind, const IrAffineExpr *lhs,
    const IrAffineExpr *rhs)
{
	const IrAffineExpr *s = NULL;
	if (!lhs || !rhs || kind < IR_AFFINE_ADD)
		return NULL;
	if (kind == IR_AFFINE_ADD)
		s = simplify_add(ctx, lhs, rhs);
	else if (kind == IR_AFFINE_MUL)
		s = simplify_mul(ctx, lhs, rhs);
	else if (is_const(rhs) && rhs->value >= 1)
		s = simplify_div(ctx, kind, lhs, rhs->value);
	return s ? s : affine_unique(ctx, kind, 0, lhs, rhs);
}

/* ---- uniquing */

/* Hash of n words taken from an array of objects via get(i). */
static uint64_t
hash_seq(size_t n, uint64_t (*get)(const void *, size_t), const void *arr)
{
	uint64_t *w = ir_xmalloc((n + 1) * sizeof *w);
	w[0] = n;
	for (size_t i = 0; i < n; i++)
		w[i + 1] = get(arr, i);
	uint64_t h = ir_hash_words(w, n + 1);
	free(w);
	return h;
}

static uint64_t
elem_attr_hash(const void *arr, size_t i)
{
	return ((const IrAttr *const *)arr)[i]->hash;
}

static uint64_t
elem_entry_hash(const void *arr, size_t i)
{
	const IrNamedAttr *e = &((const IrNamedAttr *)arr)[i];
	return e->name->hash * 31 + e->value->hash;
}

static uint64_t
elem_ident_hash(const void *arr, size_t i)
{
	return ((const IrIdent *const *)arr)[i]->hash;
}

static uint64_t
elem_expr_hash(const void *arr, size_t i)
{
	return affine_hash(((const IrAffineExpr *const *)arr)[i]);
}

static uint64_t
bits_of(double d)
{
	uint64_t u;
	memcpy(&u, &d, sizeof u);
	return u;
}

/* Bytes of an integer value wider than 64 bits. */
static size_t
wide_size(const IrType *t)
{
	return (t->u.integer.width + 7) / 8;
}

/* Bytes of a dense payload hashed whole; a larger one is hashed by
 * DENSE_SAMPLES evenly spread pieces of DENSE_PIECE bytes (its first
 * and last among them) and its size. Equality still compares every
 * byte: only payloads that agree on every piece share a hash. A model's
 * weights (3.4 MB in MobileNet-v2) are then not all read, nor their
 * pages of the mapped file touched, at import. */
#define DENSE_HASH_WHOLE 4096
#define DENSE_SAMPLES 32
#define DENSE_PIECE 64

static uint64_t
dense_hash(const uint8_t *p, size_t n)
{
	if (n <= DENSE_HASH_WHOLE)
		return ir_hash_bytes(p, n);
	uint8_t buf[DENSE_SAMPLES * DENSE_PIECE + sizeof(uint64_t)];
	size_t span = n - DENSE_PIECE, step = span / (DENSE_SAMPLES - 1);
	for (size_t i = 0; i < DENSE_SAMPLES; i++) {
		size_t at = i == DENSE_SAMPLES - 1 ? span : step * i;
		memcpy(buf + i * DENSE_PIECE, p + at, DENSE_PIECE);
	}
	uint64_t len = n;
	memcpy(buf + DENSE_SAMPLES * DENSE_PIECE, &len, sizeof len);
	return ir_hash_bytes(buf, sizeof buf);
}

static uint64_t
attr_hash(const IrAttr *a)
{
	uint64_t w[6] = { a->kind };
	switch (a->kind) {
	case IR_ATTR_INTEGER:
		w[1] = a->u.integer.type->hash;
		w[2] = (uint64_t)a->u.integer.value;
		w[3] = a->u.integer.wide ? ir_hash_bytes(a->u.integer.wide,
		    wide_size(a->u.integer.type)) : 0;
		break;
	case IR_ATTR_FLOAT:
		w[1] = a->u.flt.type->hash;
		w[2] = bits_of(a->u.flt.value);
		w[3] = a->u.flt.wide[0];
		w[4] = a->u.flt.wide[1];
		break;
	case IR_ATTR_STRING:
		w[1] = ir_hash_bytes(a->u.string.data, a->u.string.len);
		w[2] = a->u.string.type ? a->u.string.type->hash : 0;
		break;
	case IR_ATTR_ARRAY:
		w[1] = hash_seq(a->u.array.n, elem_attr_hash,
		    a->u.array.elems);
		break;
	case IR_ATTR_DICT:
		w[1] = hash_seq(a->u.dict.n, elem_entry_hash,
		    a->u.dict.entries);
		break;
	case IR_ATTR_TYPE:
		w[1] = a->u.type.type->hash;
		break;
	case IR_ATTR_SYMREF:
		w[1] = a->u.symref.root->hash;
		w[2] = hash_seq(a->u.symref.nnested, elem_ident_hash,
		    a->u.symref.nested);
		break;
	case IR_ATTR_DENSE:
		w[1] = a->u.dense.type->hash;
		w[2] = a->u.dense.splat;
		w[3] = dense_hash(a->u.dense.data, a->u.dense.size);
		break;
	case IR_ATTR_AFFINE_MAP:
		w[1] = a->u.affine.ndims;
		w[2] = a->u.affine.nsymbols;
		w[3] = hash_seq(a->u.affine.nresults, elem_expr_hash,
		    a->u.affine.results);
		break;
	case IR_ATTR_STRIDED:
		w[1] = (uint64_t)a->u.strided.offset;
		w[2] = a->u.strided.nstrides;
		w[3] = ir_hash_bytes(a->u.strided.strides,
		    a->u.strided.nstrides * sizeof(int64_t));
		break;
	case IR_ATTR_OPAQUE:
		w[1] = a->u.opaque.dialect->hash;
		w[2] = a->u.opaque.body->hash;
		w[3] = a->u.opaque.type ? a->u.opaque.type->hash : 0;
		break;
	case IR_ATTR_LOC:
		w[1] = a->u.loc.loc->hash;
		break;
	case IR_ATTR_INTEGER_SET:
		w[1] = (uint64_t)a->u.iset.ndims << 32 | a->u.iset.nsymbols;
		w[2] = ir_hash_bytes(a->u.iset.exprs,
		    a->u.iset.n * sizeof *a->u.iset.exprs);
		w[3] = ir_hash_bytes(a->u.iset.eq, a->u.iset.n);
		break;
	case IR_ATTR_DENSE_STRING:
		w[1] = a->u.dstr.type->hash;
		w[2] = a->u.dstr.splat;
		w[3] = ir_hash_bytes(a->u.dstr.elems,
		    a->u.dstr.n * sizeof *a->u.dstr.elems);
		break;
	case IR_ATTR_SPARSE:
		w[1] = a->u.sparse.type->hash;
		w[2] = a->u.sparse.indices->hash;
		w[3] = a->u.sparse.values->hash;
		break;
	case IR_ATTR_OPAQUE_ELEMS:
		w[1] = a->u.opaque_elems.type->hash;
		w[2] = a->u.opaque_elems.dialect->hash;
		w[3] = a->u.opaque_elems.data->hash;
		break;
	case IR_ATTR_UNIT:
		break;
	}
	return ir_hash_words(w, 6);
}

static bool
same_ptrs(size_t n, const void *a, const void *b)
{
	return n == 0 || memcmp(a, b, n * sizeof(void *)) == 0;
}

static bool
same_bytes(size_t n, const void *a, const void *b)
{
	return n == 0 || memcmp(a, b, n) == 0;
}

static bool
same_entries(size_t n, const IrNamedAttr *a, const IrNamedAttr *b)
{
	for (size_t i = 0; i < n; i++)
		if (a[i].name != b[i].name || a[i].value != b[i].value)
			return false;
	return true;
}

static bool
attr_eq(const void *obj, const void *key)
{
	const IrAttr *a = obj, *b = key;
	if (a->kind != b->kind)
		return false;
	switch (a->kind) {
	case IR_ATTR_INTEGER:
		return a->u.integer.type == b->u.integer.type &&
		    a->u.integer.value == b->u.integer.value &&
		    (!a->u.integer.wide || memcmp(a->u.integer.wide,
		    b->u.integer.wide, wide_size(a->u.integer.type)) == 0);
	case IR_ATTR_FLOAT:
		return a->u.flt.type == b->u.flt.type &&
		    bits_of(a->u.flt.value) == bits_of(b->u.flt.value) &&
		    a->u.flt.wide[0] == b->u.flt.wide[0] &&
		    a->u.flt.wide[1] == b->u.flt.wide[1];
	case IR_ATTR_STRING:
		return a->u.string.len == b->u.string.len &&
		    a->u.string.type == b->u.string.type &&
		    same_bytes(a->u.string.len, a->u.string.data,
		    b->u.string.data);
	case IR_ATTR_ARRAY:
		return a->u.array.n == b->u.array.n && same_ptrs(a->u.array.n,
		    a->u.array.elems, b->u.array.elems);
	case IR_ATTR_DICT:
		return a->u.dict.n == b->u.dict.n && same_entries(a->u.dict.n,
		    a->u.dict.entries, b->u.dict.entries);
	case IR_ATTR_TYPE:
		return a->u.type.type == b->u.type.type;
	case IR_ATTR_SYMREF:
		return a->u.symref.root == b->u.symref.root &&
		    a->u.symref.nnested == b->u.symref.nnested &&
		    same_ptrs(a->u.symref.nnested, a->u.symref.nested,
		    b->u.symref.nested);
	case IR_ATTR_DENSE:
		return a->u.dense.type == b->u.dense.type &&
		    a->u.dense.splat == b->u.dense.splat &&
		    a->u.dense.size == b->u.dense.size &&
		    same_bytes(a->u.dense.size, a->u.dense.data,
		    b->u.dense.data);
	case IR_ATTR_AFFINE_MAP:
		return a->u.affine.ndims == b->u.affine.ndims &&
		    a->u.affine.nsymbols == b->u.affine.nsymbols &&
		    a->u.affine.nresults == b->u.affine.nresults &&
		    same_ptrs(a->u.affine.nresults, a->u.affine.results,
		    b->u.affine.results);
	case IR_ATTR_STRIDED:
		return a->u.strided.offset == b->u.strided.offset &&
		    a->u.strided.nstrides == b->u.strided.nstrides &&
		    same_bytes(a->u.strided.nstrides * sizeof(int64_t),
		    a->u.strided.strides, b->u.strided.strides);
	case IR_ATTR_OPAQUE:
		return a->u.opaque.dialect == b->u.opaque.dialect &&
		    a->u.opaque.body == b->u.opaque.body &&
		    a->u.opaque.type == b->u.opaque.type;
	case IR_ATTR_LOC:
		return a->u.loc.loc == b->u.loc.loc;
	case IR_ATTR_INTEGER_SET:
		return a->u.iset.ndims == b->u.iset.ndims &&
		    a->u.iset.nsymbols == b->u.iset.nsymbols &&
		    a->u.iset.n == b->u.iset.n &&
		    same_bytes(a->u.iset.n * sizeof *a->u.iset.exprs,
		    a->u.iset.exprs, b->u.iset.exprs) &&
		    same_bytes(a->u.iset.n, a->u.iset.eq, b->u.iset.eq);
	case IR_ATTR_DENSE_STRING:
		return a->u.dstr.type == b->u.dstr.type &&
		    a->u.dstr.splat == b->u.dstr.splat &&
		    a->u.dstr.n == b->u.dstr.n &&
		    same_bytes(a->u.dstr.n * sizeof *a->u.dstr.elems,
		    a->u.dstr.elems, b->u.dstr.elems);
	case IR_ATTR_SPARSE:
		return a->u.sparse.type == b->u.sparse.type &&
		    a->u.sparse.indices == b->u.sparse.indices &&
		    a->u.sparse.values == b->u.sparse.values;
	case IR_ATTR_OPAQUE_ELEMS:
		return a->u.opaque_elems.type == b->u.opaque_elems.type &&
		    a->u.opaque_elems.dialect == b->u.opaque_elems.dialect &&
		    a->u.opaque_elems.data == b->u.opaque_elems.data;
	case IR_ATTR_UNIT:
		return true;
	}
	return false;
}

static void *
dup(IrContext *ctx, const void *p, size_t size, size_t align)
{
	if (!size)
		return NULL;
	return ir_arena_memdup(&ctx->arena, p, size, align);
}

/* Copies the arrays a key only borrows into the arena. */
static void
own_arrays(IrContext *ctx, IrAttr *a)
{
	switch (a->kind) {
	case IR_ATTR_STRING: {
		char *s = ir_arena_alloc(&ctx->arena, a->u.string.len + 1, 1);
		if (a->u.string.len)
			memcpy(s, a->u.string.data, a->u.string.len);
		a->u.string.data = s;
		break;
	}
	case IR_ATTR_ARRAY:
		a->u.array.elems = dup(ctx, a->u.array.elems,
		    a->u.array.n * sizeof(void *), _Alignof(void *));
		break;
	case IR_ATTR_DICT:
		a->u.dict.entries = dup(ctx, a->u.dict.entries,
		    a->u.dict.n * sizeof(IrNamedAttr), _Alignof(IrNamedAttr));
		break;
	case IR_ATTR_SYMREF:
		a->u.symref.nested = dup(ctx, a->u.symref.nested,
		    a->u.symref.nnested * sizeof(void *), _Alignof(void *));
		break;
	case IR_ATTR_DENSE:
		a->u.dense.data = dup(ctx, a->u.dense.data, a->u.dense.size,
		    16);
		break;
	case IR_ATTR_INTEGER:
		if (a->u.integer.wide)
			a->u.integer.wide = dup(ctx, a->u.integer.wide,
			    wide_size(a->u.integer.type), 8);
		break;
	case IR_ATTR_AFFINE_MAP:
		a->u.affine.results = dup(ctx, a->u.affine.results,
		    a->u.affine.nresults * sizeof(void *), _Alignof(void *));
		break;
	case IR_ATTR_STRIDED:
		a->u.strided.strides = dup(ctx, a->u.strided.strides,
		    a->u.strided.nstrides * sizeof(int64_t),
		    _Alignof(int64_t));
		break;
	case IR_ATTR_DENSE_STRING:
		a->u.dstr.elems = dup(ctx, a->u.dstr.elems,
		    a->u.dstr.n * sizeof(void *), _Alignof(void *));
		break;
	case IR_ATTR_INTEGER_SET:
		a->u.iset.exprs = dup(ctx, a->u.iset.exprs,
		    a->u.iset.n * sizeof(void *), _Alignof(void *));
		a->u.iset.eq = dup(ctx, a->u.iset.eq, a->u.iset.n, 1);
		break;
	default:
		break;
	}
}

static const IrAttr *
unique(IrContext *ctx, IrAttr *key)
{
	key->hash = attr_hash(key);
	const IrAttr *a = ir_table_find(&ctx->attrs, key->hash, attr_eq, key);
	if (a)
		return a;
	IrAttr *n = ir_arena_memdup(&ctx->arena, key, sizeof *key,
	    _Alignof(IrAttr));
	own_arrays(ctx, n);
	ir_table_insert(&ctx->attrs, n->hash, n);
	return n;
}

/* ---- scalars */

/* v truncated to the integer type's width: zero-extended for unsigned
 * types and i1, sign-extended otherwise. */
static int64_t
truncate_int(const IrType *t, int64_t v)
{
	if (t->kind != IR_TYPE_INTEGER || t->u.integer.width >= 64)
		return v;
	unsigned w = t->u.integer.width;
	uint64_t mask = (UINT64_C(1) << w) - 1;
	uint64_t u = (uint64_t)v & mask;
	bool sext = t->u.integer.sign != IR_UNSIGNED && w > 1;
	if (sext && (u >> (w - 1)) & 1)
		u |= ~mask;
	return (int64_t)u;
}

const IrAttr *
ir_attr_int(IrContext *ctx, const IrType *type, int64_t v)
{
	if (!type || (type->kind != IR_TYPE_INTEGER &&
	    type->kind != IR_TYPE_INDEX))
		return NULL;
	if (type->kind == IR_TYPE_INTEGER && type->u.integer.width > 64) {
		/* sign-extend v to the width */
		size_t n = wide_size(type);
		uint8_t *b = ir_xmalloc(n);
		for (size_t i = 0; i < n; i++)
			b[i] = i < 8 ? (uint8_t)((uint64_t)v >> (8 * i)) :
			    v < 0 ? 0xff : 0;
		const IrAttr *a = ir_attr_int_bytes(ctx, type, b);
		free(b);
		return a;
	}
	IrAttr k = { .kind = IR_ATTR_INTEGER };
	k.u.integer.type = type;
	k.u.integer.value = truncate_int(type, v);
	return unique(ctx, &k);
}

const IrAttr *
ir_attr_int_bytes(IrContext *ctx, const IrType *type, const uint8_t *bytes)
{
	if (!type || type->kind != IR_TYPE_INTEGER ||
	    type->u.integer.width <= 64 ||
	    type->u.integer.width > IR_INT_MAX_VALUE_WIDTH || !bytes)
		return NULL;
	unsigned w = type->u.integer.width;
	size_t n = wide_size(type);
	uint8_t *b = ir_xmalloc(n);
	memcpy(b, bytes, n);
	if (w % 8)
		b[n - 1] &= (uint8_t)((1u << w % 8) - 1);
	uint64_t lo = 0;
	for (size_t i = 8; i-- > 0;)
		lo = lo << 8 | b[i];
	IrAttr k = { .kind = IR_ATTR_INTEGER };
	k.u.integer.type = type;
	k.u.integer.value = (int64_t)lo;
	k.u.integer.wide = b;
	const IrAttr *a = unique(ctx, &k);
	free(b);
	return a;
}

const IrAttr *
ir_attr_bool(IrContext *ctx, bool v)
{
	return ir_attr_int(ctx, ir_type_int(ctx, 1, IR_SIGNLESS), v);
}

/* d rounded to the float kind, as a double. */
static double
round_float(IrFloatKind k, double d)
{
	switch (k) {
	case IR_F16:
		return ir_f16_to_double(ir_f16_from_double(d));
	case IR_BF16:
		return ir_bf16_to_double(ir_bf16_from_double(d));
	case IR_F32:
		/* Past FLT_MAX plus half an ulp rounds to infinity; the
		 * cast itself would be undefined there. */
		if (isfinite(d) && fabs(d) >= 0x1.ffffffp127)
			return copysign(INFINITY, d);
		return (double)(float)d;
	case IR_F64:
	case IR_F80:  /* wider than a double: exact */
	case IR_F128:
		break;
	}
	return d;
}

const IrAttr *
ir_attr_float(IrContext *ctx, const IrType *type, double v)
{
	if (!type || type->kind != IR_TYPE_FLOAT)
		return NULL;
	IrFloatKind fk = type->u.flt.kind;
	if (fk == IR_F80 || fk == IR_F128) {
		uint8_t b[16];
		ir_float_wide_from_double(fk, v, b);
		return ir_attr_float_bytes(ctx, type, b);
	}
	IrAttr k = { .kind = IR_ATTR_FLOAT };
	k.u.flt.type = type;
	k.u.flt.value = round_float(fk, v);
	return unique(ctx, &k);
}

const IrAttr *
ir_attr_float_bytes(IrContext *ctx, const IrType *type, const uint8_t *b)
{
	if (!type || type->kind != IR_TYPE_FLOAT || !b)
		return NULL;
	IrFloatKind fk = type->u.flt.kind;
	size_t n = ir_float_bytes(fk);
	if (!n)
		return NULL;
	IrAttr k = { .kind = IR_ATTR_FLOAT };
	uint8_t full[16] = { 0 };
	memcpy(full, b, n);
	k.u.flt.type = type;
	for (size_t i = 8; i-- > 0;) {
		k.u.flt.wide[0] = k.u.flt.wide[0] << 8 | full[i];
		k.u.flt.wide[1] = k.u.flt.wide[1] << 8 | full[i + 8];
	}
	double d;
	ir_float_wide_to_double(fk, full, &d);
	if (isnan(d))
		d = NAN; /* one NaN: the bits above tell them apart */
	k.u.flt.value = d;
	return unique(ctx, &k);
}

const IrAttr *
ir_attr_string(IrContext *ctx, const char *s, size_t len,
    const IrType *type)
{
	if (!s && len)
		return NULL;
	IrAttr k = { .kind = IR_ATTR_STRING };
	k.u.string.data = s ? s : "";
	k.u.string.len = len;
	k.u.string.type = type;
	return unique(ctx, &k);
}

const IrAttr *
ir_attr_unit(IrContext *ctx)
{
	IrAttr k = { .kind = IR_ATTR_UNIT };
	return unique(ctx, &k);
}

const IrAttr *
ir_attr_type(IrContext *ctx, const IrType *type)
{
	if (!type)
		return NULL;
	IrAttr k = { .kind = IR_ATTR_TYPE };
	k.u.type.type = type;
	return unique(ctx, &k);
}

const IrAttr *
ir_attr_opaque(IrContext *ctx, const IrIdent *dialect, const IrIdent *body)
{
	return ir_attr_opaque_typed(ctx, dialect, body, NULL);
}

const IrAttr *
ir_attr_dense_string(IrContext *ctx, const IrType *type, size_t n,
    const IrIdent *const *elems)
{
	int64_t ne;
	size_t i;

	if (!type || (type->kind != IR_TYPE_TENSOR &&
	    type->kind != IR_TYPE_VECTOR) || (n && !elems))
		return NULL;
	ne = ir_type_num_elements(type);
	/* a static shape whose count overflows holds a splat only */
	if (ne < 0 && !(ir_type_is_static(type) && n == 1))
		return NULL;
	if (ne >= 0 && (ne == 0 ? n != 0 : n != 1 && n != (size_t)ne))
		return NULL;
	for (i = 1; i < n && elems[i] == elems[0]; i++)
		;
	IrAttr k = { .kind = IR_ATTR_DENSE_STRING };
	k.u.dstr.type = type;
	k.u.dstr.splat = n == 1 || i == n;
	k.u.dstr.n = k.u.dstr.splat ? 1 : n;
	k.u.dstr.elems = elems;
	return unique(ctx, &k);
}

const IrAttr *
ir_attr_integer_set(IrContext *ctx, unsigned ndims, unsigned nsymbols,
    size_t n, const IrAffineExpr *const *exprs, const uint8_t *eq)
{
	if (n && (!exprs || !eq))
		return NULL;
	for (size_t i = 0; i < n; i++)
		if (!exprs[i])
			return NULL;
	IrAttr k = { .kind = IR_ATTR_INTEGER_SET };
	k.u.iset.ndims = ndims;
	k.u.iset.nsymbols = nsymbols;
	k.u.iset.n = n;
	k.u.iset.exprs = exprs;
	k.u.iset.eq = eq;
	return unique(ctx, &k);
}

const IrAttr *
ir_attr_loc(IrContext *ctx, const IrLoc *loc)
{
	if (!loc)
		return NULL;
	IrAttr k = { .kind = IR_ATTR_LOC };
	k.u.loc.loc = loc;
	return unique(ctx, &k);
}

const IrAttr *
ir_attr_opaque_typed(IrContext *ctx, const IrIdent *dialect,
    const IrIdent *body, const IrType *type)
{
	if (!dialect || !body)
		return NULL;
	IrAttr k = { .kind = IR_ATTR_OPAQUE };
	k.u.opaque.dialect = dialect;
	k.u.opaque.body = body;
	/* MLIR's default type of an opaque attribute is none: not kept */
	k.u.opaque.type = type && type->kind == IR_TYPE_NONE ? NULL : type;
	return unique(ctx, &k);
}

/* ---- aggregates */

static bool
any_null(size_t n, const void *const *p)
{
	for (size_t i = 0; i < n; i++)
		if (!p[i])
			return true;
	return false;
}

bool
ir_attr_ints(const IrAttr *a, int64_t *v, size_t n)
{
	if (!a || a->kind != IR_ATTR_ARRAY || a->u.array.n != n)
		return false;
	for (size_t i = 0; i < n; i++) {
		if (a->u.array.elems[i]->kind != IR_ATTR_INTEGER)
			return false;
		v[i] = a->u.array.elems[i]->u.integer.value;
	}
	return true;
}

const IrAttr *
ir_attr_array(IrContext *ctx, size_t n, const IrAttr *const *elems)
{
	if (n && (!elems || any_null(n, (const void *const *)elems)))
		return NULL;
	IrAttr k = { .kind = IR_ATTR_ARRAY };
	k.u.array.n = n;
	k.u.array.elems = elems;
	return unique(ctx, &k);
}

/* MLIR's StringRef order: bytes, then the shorter first. */
static int
ident_cmp(const IrIdent *a, const IrIdent *b)
{
	size_t n = a->len < b->len ? a->len : b->len;
	int c = memcmp(a->str, b->str, n);
	if (c)
		return c;
	return (a->len > b->len) - (a->len < b->len);
}

static int
entry_cmp(const void *a, const void *b)
{
	return ident_cmp(((const IrNamedAttr *)a)->name,
	    ((const IrNamedAttr *)b)->name);
}

static bool
bad_entries(size_t n, const IrNamedAttr *e)
{
	for (size_t i = 0; i < n; i++)
		if (!e[i].name || !e[i].value)
			return true;
	return false;
}

const IrAttr *
ir_attr_dict(IrContext *ctx, size_t n, const IrNamedAttr *entries)
{
	if (n && (!entries || bad_entries(n, entries)))
		return NULL;
	/* Most dictionaries are small: sort them on the stack. */
	IrNamedAttr small[16];
	IrNamedAttr *sorted = n <= 16 ? small :
	    ir_xmalloc(n * sizeof *sorted);
	if (n)
		memcpy(sorted, entries, n * sizeof *sorted);
	qsort(sorted, n, sizeof *sorted, entry_cmp);
	const IrAttr *a = NULL;
	bool dup_name = false;
	for (size_t i = 1; i < n; i++)
		if (sorted[i].name == sorted[i - 1].name)
			dup_name = true;
	if (!dup_name) {
		IrAttr k = { .kind = IR_ATTR_DICT };
		k.u.dict.n = n;
		k.u.dict.entries = sorted;
		a = unique(ctx, &k);
	}
	if (sorted != small)
		free(sorted);
	return a;
}

const IrAttr *
ir_attr_empty_dict(IrContext *ctx)
{
	if (!ctx->empty_dict)
		ctx->empty_dict = ir_attr_dict(ctx, 0, NULL);
	return ctx->empty_dict;
}

const IrAttr *
ir_attr_symref(IrContext *ctx, const IrIdent *root, size_t nnested,
    const IrIdent *const *nested)
{
	if (!root || (nnested && (!nested ||
	    any_null(nnested, (const void *const *)nested))))
		return NULL;
	IrAttr k = { .kind = IR_ATTR_SYMREF };
	k.u.symref.root = root;
	k.u.symref.nnested = nnested;
	k.u.symref.nested = nested;
	return unique(ctx, &k);
}

const IrAttr *
ir_attr_affine_map(IrContext *ctx, unsigned ndims, unsigned nsymbols,
    size_t nresults, const IrAffineExpr *const *results)
{
	if (nresults && (!results ||
	    any_null(nresults, (const void *const *)results)))
		return NULL;
	IrAttr k = { .kind = IR_ATTR_AFFINE_MAP };
	k.u.affine.ndims = ndims;
	k.u.affine.nsymbols = nsymbols;
	k.u.affine.nresults = nresults;
	k.u.affine.results = results;
	return unique(ctx, &k);
}

const IrAttr *
ir_attr_strided(IrContext *ctx, int64_t offset, size_t nstrides,
    const int64_t *strides)
{
	if (nstrides && !strides)
		return NULL;
	IrAttr k = { .kind = IR_ATTR_STRIDED };
	k.u.strided.offset = offset;
	k.u.strided.nstrides = nstrides;
	k.u.strided.strides = strides;
	return unique(ctx, &k);
}

/* ---- dense */

size_t
ir_dense_elem_size(const IrType *elem)
{
	if (!elem)
		return 0;
	switch (elem->kind) {
	case IR_TYPE_INTEGER: /* i0 and very wide integers: not in dense<> */
		return elem->u.integer.width == 0 ||
		    elem->u.integer.width > IR_INT_MAX_VALUE_WIDTH ? 0 :
		    (elem->u.integer.width + 7) / 8;
	case IR_TYPE_FLOAT:
	case IR_TYPE_INDEX:
		return ir_type_bitwidth(elem) / 8;
	case IR_TYPE_COMPLEX:
		return 2 * ir_dense_elem_size(elem->u.complex.elem);
	default:
		return 0;
	}
}

static bool
all_equal(const uint8_t *p, size_t n, size_t es)
{
	for (size_t i = 1; i < n; i++)
		if (memcmp(p, p + i * es, es) != 0)
			return false;
	return true;
}

static bool
is_i1(const IrType *t)
{
	return t->kind == IR_TYPE_INTEGER && t->u.integer.width == 1;
}

/* Whether size bytes at data can be a dense attribute of type (one
 * element for a splat, all of them otherwise); *splat is cleared for a
 * type without elements, *n and *es are the element count and size. */
static bool
dense_ok(const IrType *type, bool *splat, const void *data, size_t size,
    int64_t *n, size_t *es)
{
	if (!type || (type->kind != IR_TYPE_TENSOR &&
	    type->kind != IR_TYPE_VECTOR))
		return false;
	*n = ir_type_num_elements(type);
	*es = ir_dense_elem_size(type->u.shaped.elem);
	if (!*es || (size && !data) || !ir_type_is_static(type))
		return false;
	/* a static shape whose element count overflows: a splat only */
	if (*n < 0 && (!*splat || size != *es))
		return false;
	if (*n == 0)
		*splat = false; /* dense<> : tensor<0xT> holds no element */
	return *splat ? size == *es : (uint64_t)*n <= SIZE_MAX / *es &&
	    size == (size_t)*n * *es;
}

const IrAttr *
ir_attr_dense(IrContext *ctx, const IrType *type, bool splat,
    const void *data, size_t size)
{
	int64_t n;
	size_t es;
	if (!dense_ok(type, &splat, data, size, &n, &es))
		return NULL;
	/* The key borrows data; unique() copies it into the arena once.
	 * Only i1 bytes are normalised first, in a copy of their own. */
	const uint8_t *p = size ? data : (const uint8_t *)"";
	uint8_t *buf = NULL;
	if (is_i1(type->u.shaped.elem)) {
		buf = ir_xmalloc(size ? size : 1);
		for (size_t i = 0; i < size; i++)
			buf[i] = p[i] != 0;
		p = buf;
	}
	/* MLIR 14 packs i1 lists into bits and finds a splat only in an
	 * all-zero buffer, so it keeps [true, true] as a list; follow it so
	 * generic output stays byte-identical to mlir-opt's. */
	bool may_splat = !is_i1(type->u.shaped.elem) || n == 1 ||
	    (size && !p[0]);
	if (!splat && n > 0 && may_splat && all_equal(p, (size_t)n, es)) {
		splat = true;
		size = es;
	}
	IrAttr k = { .kind = IR_ATTR_DENSE };
	k.u.dense.type = type;
	k.u.dense.splat = splat;
	k.u.dense.data = p;
	k.u.dense.size = size;
	const IrAttr *a = unique(ctx, &k);
	free(buf);
	return a;
}

const IrAttr *
ir_attr_dense_borrow(IrContext *ctx, const IrType *type, const void *data,
    size_t size)
{
	bool splat = false;
	int64_t n;
	size_t es;
	if (!dense_ok(type, &splat, data, size, &n, &es))
		return NULL;
	/* i1 bytes are normalised and a splat keeps one element: those
	 * take ir_attr_dense's copy, which is small or rare */
	if (n < 2 || is_i1(type->u.shaped.elem) ||
	    all_equal(data, (size_t)n, es))
		return ir_attr_dense(ctx, type, false, data, size);
	IrAttr k = { .kind = IR_ATTR_DENSE };
	k.u.dense.type = type;
	k.u.dense.data = data;
	k.u.dense.size = size;
	k.hash = attr_hash(&k);
	const IrAttr *a = ir_table_find(&ctx->attrs, k.hash, attr_eq, &k);
	if (a)
		return a;
	/* unique() without own_arrays: the data stays where it is */
	IrAttr *b = ir_arena_memdup(&ctx->arena, &k, sizeof k,
	    _Alignof(IrAttr));
	ir_table_insert(&ctx->attrs, b->hash, b);
	return b;
}

/* ---- sparse and opaque elements */

static bool
static_tensor_or_vector(const IrType *t)
{
	return t && (t->kind == IR_TYPE_TENSOR || t->kind == IR_TYPE_VECTOR) &&
	    ir_type_is_static(t);
}

/* Index i of a dense i64 attribute. */
static int64_t
dense_i64(const IrAttr *a, int64_t i)
{
	int64_t v;
	memcpy(&v, a->u.dense.data + (a->u.dense.splat ? 0 : 8 * i), 8);
	return v;
}

const char *
ir_sparse_check(const IrType *type, const IrAttr *indices,
    const IrAttr *values, int64_t *bad)
{
	if (!static_tensor_or_vector(type) || !indices || !values ||
	    indices->kind != IR_ATTR_DENSE || values->kind != IR_ATTR_DENSE)
		return "expected dense indices and values";
	const IrType *it = indices->u.dense.type, *vt = values->u.dense.type;
	const IrType *i64 = it->u.shaped.elem;
	if (i64->kind != IR_TYPE_INTEGER || i64->u.integer.width != 64 ||
	    vt->u.shaped.elem != type->u.shaped.elem)
		return "expected i64 indices and values of the element type";
	if (vt->u.shaped.rank != 1)
		return "expected 1-d tensor for sparse element values";
	int64_t rank = type->u.shaped.rank, n = it->u.shaped.dims[0];
	bool ok = it->u.shaped.rank == 2 ? it->u.shaped.dims[1] == rank :
	    it->u.shaped.rank == 1 && rank == 1;
	if (!ok || n != vt->u.shaped.dims[0])
		return "shape";
	for (int64_t i = 0; i < n; i++)
		for (int64_t k = 0; k < rank; k++) {
			int64_t v = dense_i64(indices, i * rank + k);
			if (v < 0 || v >= type->u.shaped.dims[k]) {
				*bad = i;
				return "index";
			}
		}
	return NULL;
}

const IrAttr *
ir_attr_sparse(IrContext *ctx, const IrType *type, const IrAttr *indices,
    const IrAttr *values)
{
	int64_t bad;
	if (ir_sparse_check(type, indices, values, &bad))
		return NULL;
	IrAttr k = { .kind = IR_ATTR_SPARSE };
	k.u.sparse.type = type;
	k.u.sparse.indices = indices;
	k.u.sparse.values = values;
	return unique(ctx, &k);
}

const IrAttr *
ir_attr_opaque_elems(IrContext *ctx, const IrType *type,
    const IrIdent *dialect, const IrIdent *data)
{
	if (!static_tensor_or_vector(type) || !dialect || !data)
		return NULL;
	IrAttr k = { .kind = IR_ATTR_OPAQUE_ELEMS };
	k.u.opaque_elems.type = type;
	k.u.opaque_elems.dialect = dialect;
	k.u.opaque_elems.data = data;
	return unique(ctx, &k);
}

/* ---- dictionaries */

/* Binary search of a sorted dictionary for the name bytes. */
static const IrAttr *
dict_find(const IrAttr *dict, const char *s, size_t len)
{
	if (!dict || dict->kind != IR_ATTR_DICT)
		return NULL;
	size_t lo = 0, hi = dict->u.dict.n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		const IrIdent *k = dict->u.dict.entries[mid].name;
		size_t m = k->len < len ? k->len : len;
		int c = memcmp(k->str, s, m);
		if (!c)
			c = (k->len > len) - (k->len < len);
		if (!c)
			return dict->u.dict.entries[mid].value;
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

const IrAttr *
ir_dict_get(const IrAttr *dict, const char *name)
{
	return dict_find(dict, name, strlen(name));
}

const IrAttr *
ir_dict_get_ident(const IrAttr *dict, const IrIdent *name)
{
	return dict_find(dict, name->str, name->len);
}

const IrAttr *
ir_dict_set(IrContext *ctx, const IrAttr *dict, const IrIdent *name,
    const IrAttr *value)
{
	size_t n = dict && dict->kind == IR_ATTR_DICT ? dict->u.dict.n : 0;
	IrNamedAttr *e = ir_xmalloc((n + 1) * sizeof *e);
	size_t m = 0;
	for (size_t i = 0; i < n; i++)
		if (dict->u.dict.entries[i].name != name)
			e[m++] = dict->u.dict.entries[i];
	if (value)
		e[m++] = (IrNamedAttr){ name, value };
	const IrAttr *d = ir_attr_dict(ctx, m, e);
	free(e);
	return d;
}
