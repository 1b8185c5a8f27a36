/* ir/type.c: uniqued types (integers, floats, index, none, shaped,
 * function, tuple, quantized and opaque dialect types). */
#include <string.h>

#include "ir/context.h"

/* Hash of a pointer sequence of uniqued types, through their hashes. */
static uint64_t
hash_types(size_t n, const IrType *const *ts)
{
	uint64_t w[16];
	uint64_t acc = n;
	size_t k = 0;
	for (size_t i = 0; i < n; i++) {
		w[k++] = ts[i]->hash;
		if (k == 15 || i + 1 == n) {
			w[k++] = acc;
			acc = ir_hash_words(w, k);
			k = 0;
		}
	}
	return acc;
}

static uint64_t
attr_hash(const IrAttr *a)
{
	return a ? a->hash : 0;
}

static uint64_t
type_hash(const IrType *t)
{
	const IrType *e;
	switch (t->kind) {
	case IR_TYPE_INTEGER:
		return ir_hash_words((uint64_t[]){ t->kind,
		    t->u.integer.width, t->u.integer.sign }, 3);
	case IR_TYPE_FLOAT:
		return ir_hash_words((uint64_t[]){ t->kind, t->u.flt.kind },
		    2);
	case IR_TYPE_TENSOR:
	case IR_TYPE_MEMREF:
	case IR_TYPE_VECTOR:
		e = t->u.shaped.elem;
		return ir_hash_words((uint64_t[]){ t->kind,
		    (uint64_t)t->u.shaped.rank,
		    t->u.shaped.rank > 0 ? ir_hash_bytes(t->u.shaped.dims,
		    (size_t)t->u.shaped.rank * sizeof(int64_t)) : 0,
		    e ? e->hash : 0, attr_hash(t->u.shaped.encoding),
		    attr_hash(t->u.shaped.layout),
		    attr_hash(t->u.shaped.memspace),
		    t->u.shaped.nscalable }, 8);
	case IR_TYPE_FUNCTION:
		return ir_hash_words((uint64_t[]){ t->kind,
		    hash_types(t->u.func.ninputs, t->u.func.inputs),
		    hash_types(t->u.func.nresults, t->u.func.results) }, 3);
	case IR_TYPE_TUPLE:
		return ir_hash_words((uint64_t[]){ t->kind,
		    hash_types(t->u.tuple.ntypes, t->u.tuple.types) }, 2);
	case IR_TYPE_QUANT:
		return ir_hash_words((uint64_t[]){ t->kind,
		    t->u.quant.is_signed, t->u.quant.storage->hash,
		    t->u.quant.expressed->hash,
		    (uint64_t)t->u.quant.storage_min,
		    (uint64_t)t->u.quant.storage_max,
		    (uint64_t)(int64_t)t->u.quant.axis, t->u.quant.nscales,
		    ir_hash_bytes(t->u.quant.scales,
		    t->u.quant.nscales * sizeof(double)),
		    ir_hash_bytes(t->u.quant.zero_points,
		    t->u.quant.nscales * sizeof(int64_t)) }, 10);
	case IR_TYPE_OPAQUE:
		return ir_hash_words((uint64_t[]){ t->kind,
		    t->u.opaque.dialect->hash, t->u.opaque.body->hash }, 3);
	case IR_TYPE_COMPLEX:
		return ir_hash_words((uint64_t[]){ t->kind,
		    t->u.complex.elem->hash }, 2);
	default:
		return ir_hash_words((uint64_t[]){ t->kind }, 1);
	}
}

static bool
same_types(size_t n, const IrType *const *a, const IrType *const *b)
{
	for (size_t i = 0; i < n; i++)
		if (a[i] != b[i])
			return false;
	return true;
}

static bool
same_dims(int64_t rank, const int64_t *a, const int64_t *b)
{
	return rank <= 0 || memcmp(a, b, (size_t)rank * sizeof *a) == 0;
}

static bool
shaped_eq(const IrType *a, const IrType *b)
{
	return a->u.shaped.rank == b->u.shaped.rank &&
	    a->u.shaped.elem == b->u.shaped.elem &&
	    a->u.shaped.encoding == b->u.shaped.encoding &&
	    a->u.shaped.layout == b->u.shaped.layout &&
	    a->u.shaped.memspace == b->u.shaped.memspace &&
	    a->u.shaped.nscalable == b->u.shaped.nscalable &&
	    same_dims(a->u.shaped.rank, a->u.shaped.dims, b->u.shaped.dims);
}

/* Doubles compare by their bits (so -0.0 and 0.0 differ). */
static bool
quant_eq(const IrType *a, const IrType *b)
{
	size_t n = a->u.quant.nscales;
	return a->u.quant.is_signed == b->u.quant.is_signed &&
	    a->u.quant.storage == b->u.quant.storage &&
	    a->u.quant.expressed == b->u.quant.expressed &&
	    a->u.quant.storage_min == b->u.quant.storage_min &&
	    a->u.quant.storage_max == b->u.quant.storage_max &&
	    a->u.quant.axis == b->u.quant.axis && n == b->u.quant.nscales &&
	    (n == 0 || (memcmp(a->u.quant.scales, b->u.quant.scales,
	    n * sizeof(double)) == 0 && memcmp(a->u.quant.zero_points,
	    b->u.quant.zero_points, n * sizeof(int64_t)) == 0));
}

static bool
type_eq(const void *obj, const void *key)
{
	const IrType *a = obj, *b = key;
	if (a->kind != b->kind)
		return false;
	switch (a->kind) {
	case IR_TYPE_INTEGER:
		return a->u.integer.width == b->u.integer.width &&
		    a->u.integer.sign == b->u.integer.sign;
	case IR_TYPE_FLOAT:
		return a->u.flt.kind == b->u.flt.kind;
	case IR_TYPE_TENSOR:
	case IR_TYPE_MEMREF:
	case IR_TYPE_VECTOR:
		return shaped_eq(a, b);
	case IR_TYPE_FUNCTION:
		return a->u.func.ninputs == b->u.func.ninputs &&
		    a->u.func.nresults == b->u.func.nresults &&
		    same_types(a->u.func.ninputs, a->u.func.inputs,
		    b->u.func.inputs) && same_types(a->u.func.nresults,
		    a->u.func.results, b->u.func.results);
	case IR_TYPE_TUPLE:
		return a->u.tuple.ntypes == b->u.tuple.ntypes &&
		    same_types(a->u.tuple.ntypes, a->u.tuple.types,
		    b->u.tuple.types);
	case IR_TYPE_QUANT:
		return quant_eq(a, b);
	case IR_TYPE_OPAQUE:
		return a->u.opaque.dialect == b->u.opaque.dialect &&
		    a->u.opaque.body == b->u.opaque.body;
	case IR_TYPE_COMPLEX:
		return a->u.complex.elem == b->u.complex.elem;
	default:
		return true;
	}
}

static void *
dup(IrContext *ctx, const void *p, size_t size, size_t align)
{
	if (!size)
		return NULL;
	return ir_arena_memdup(&ctx->arena, p, size, align);
}

/* Copies the arrays of key into the arena, so the stored type owns
 * them. */
/* The dims of 0-d and unranked types: a valid pointer, so that code
 * comparing dims with memcmp(..., rank * 8) never passes NULL. */
static const int64_t no_dims[1];

static void
own_arrays(IrContext *ctx, IrType *t)
{
	switch (t->kind) {
	case IR_TYPE_TENSOR:
	case IR_TYPE_MEMREF:
	case IR_TYPE_VECTOR:
		if (t->u.shaped.rank > 0)
			t->u.shaped.dims = dup(ctx, t->u.shaped.dims,
			    (size_t)t->u.shaped.rank * sizeof(int64_t),
			    _Alignof(int64_t));
		else
			t->u.shaped.dims = no_dims;
		break;
	case IR_TYPE_FUNCTION:
		t->u.func.inputs = dup(ctx, t->u.func.inputs,
		    t->u.func.ninputs * sizeof(IrType *), _Alignof(IrType *));
		t->u.func.results = dup(ctx, t->u.func.results,
		    t->u.func.nresults * sizeof(IrType *),
		    _Alignof(IrType *));
		break;
	case IR_TYPE_TUPLE:
		t->u.tuple.types = dup(ctx, t->u.tuple.types,
		    t->u.tuple.ntypes * sizeof(IrType *), _Alignof(IrType *));
		break;
	case IR_TYPE_QUANT:
		t->u.quant.scales = dup(ctx, t->u.quant.scales,
		    t->u.quant.nscales * sizeof(double), _Alignof(double));
		t->u.quant.zero_points = dup(ctx, t->u.quant.zero_points,
		    t->u.quant.nscales * sizeof(int64_t), _Alignof(int64_t));
		break;
	default:
		break;
	}
}

/* Sets what a new uniqued type caches about its own fields (never hashed
 * or compared: it follows from them). */
static void
derive(IrType *t)
{
	if (t->kind != IR_TYPE_QUANT)
		return;
	t->u.quant.in_range = true;
	for (size_t i = 0; i < t->u.quant.nscales; i++)
		if (!(t->u.quant.scales[i] > 0) ||
		    t->u.quant.zero_points[i] < t->u.quant.storage_min ||
		    t->u.quant.zero_points[i] > t->u.quant.storage_max)
			t->u.quant.in_range = false;
}

/* Returns the uniqued copy of key (whose arrays are only borrowed). */
static const IrType *
unique(IrContext *ctx, IrType *key)
{
	key->hash = type_hash(key);
	const IrType *t = ir_table_find(&ctx->types, key->hash, type_eq, key);
	if (t)
		return t;
	IrType *n = ir_arena_memdup(&ctx->arena, key, sizeof *key,
	    _Alignof(IrType));
	own_arrays(ctx, n);
	derive(n);
	ir_table_insert(&ctx->types, n->hash, n);
	return n;
}

const IrType *
ir_type_int(IrContext *ctx, unsigned width, IrSignedness sign)
{
	if (width > IR_INT_MAX_WIDTH)
		return NULL;
	IrType k = { .kind = IR_TYPE_INTEGER };
	k.u.integer.width = width;
	k.u.integer.sign = sign;
	return unique(ctx, &k);
}

const IrType *
ir_type_float(IrContext *ctx, IrFloatKind kind)
{
	IrType k = { .kind = IR_TYPE_FLOAT };
	k.u.flt.kind = kind;
	return unique(ctx, &k);
}

const IrType *
ir_type_index(IrContext *ctx)
{
	IrType k = { .kind = IR_TYPE_INDEX };
	return unique(ctx, &k);
}

const IrType *
ir_type_none(IrContext *ctx)
{
	IrType k = { .kind = IR_TYPE_NONE };
	return unique(ctx, &k);
}

/* A shaped type key, or false when the shape is malformed. */
static bool
shaped_key(IrType *k, IrTypeKind kind, int64_t rank, const int64_t *dims,
    const IrType *elem)
{
	if (rank < -1 || !elem || (rank > 0 && !dims))
		return false;
	memset(k, 0, sizeof *k); /* every union byte: all three attrs NULL */
	k->kind = kind;
	k->u.shaped.rank = rank;
	k->u.shaped.dims = dims;
	k->u.shaped.elem = elem;
	return true;
}

const IrType *
ir_type_tensor(IrContext *ctx, int64_t rank, const int64_t *dims,
    const IrType *elem, const IrAttr *encoding)
{
	IrType k;
	if (!shaped_key(&k, IR_TYPE_TENSOR, rank, dims, elem))
		return NULL;
	k.u.shaped.encoding = encoding;
	return unique(ctx, &k);
}

/* Whether a memref layout is an identity affine map, which MLIR drops
 * when it makes the type (symbols do not matter: (d0)[s0] -> (d0) is the
 * identity), so both spellings are one type. */
static bool
identity_layout(const IrAttr *a, int64_t rank)
{
	if (!a || a->kind != IR_ATTR_AFFINE_MAP ||
	    a->u.affine.ndims != rank || a->u.affine.nresults != (size_t)rank)
		return false;
	for (size_t i = 0; i < a->u.affine.nresults; i++) {
		const IrAffineExpr *e = a->u.affine.results[i];
		if (e->kind != IR_AFFINE_DIM || e->value != (int64_t)i)
			return false;
	}
	return true;
}

const IrType *
ir_type_memref(IrContext *ctx, int64_t rank, const int64_t *dims,
    const IrType *elem, const IrAttr *layout, const IrAttr *memspace)
{
	IrType k;
	if (!shaped_key(&k, IR_TYPE_MEMREF, rank, dims, elem))
		return NULL;
	k.u.shaped.layout = identity_layout(layout, rank) ? NULL : layout;
	k.u.shaped.memspace = memspace && memspace->kind ==
	    IR_ATTR_INTEGER && memspace->u.integer.value == 0 ? NULL : memspace;
	return unique(ctx, &k);
}

const IrType *
ir_type_vector(IrContext *ctx, int64_t rank, const int64_t *dims,
    const IrType *elem)
{
	return ir_type_vector_scalable(ctx, rank, dims, elem, 0);
}

const IrType *
ir_type_vector_scalable(IrContext *ctx, int64_t rank, const int64_t *dims,
    const IrType *elem, unsigned nscalable)
{
	IrType k;
	if (!shaped_key(&k, IR_TYPE_VECTOR, rank, dims, elem) ||
	    (int64_t)nscalable > rank)
		return NULL;
	k.u.shaped.nscalable = nscalable;
	return unique(ctx, &k);
}

const IrType *
ir_type_complex(IrContext *ctx, const IrType *elem)
{
	if (!elem || (elem->kind != IR_TYPE_INTEGER &&
	    elem->kind != IR_TYPE_FLOAT))
		return NULL;
	IrType k = { .kind = IR_TYPE_COMPLEX };
	k.u.complex.elem = elem;
	return unique(ctx, &k);
}

/* True when n types are given and none is NULL. */
static bool
valid_types(size_t n, const IrType *const *ts)
{
	if (n && !ts)
		return false;
	for (size_t i = 0; i < n; i++)
		if (!ts[i])
			return false;
	return true;
}

const IrType *
ir_type_function(IrContext *ctx, size_t ninputs,
    const IrType *const *inputs, size_t nresults,
    const IrType *const *results)
{
	if (!valid_types(ninputs, inputs) || !valid_types(nresults, results))
		return NULL;
	IrType k = { .kind = IR_TYPE_FUNCTION };
	k.u.func.ninputs = ninputs;
	k.u.func.inputs = inputs;
	k.u.func.nresults = nresults;
	k.u.func.results = results;
	return unique(ctx, &k);
}

const IrType *
ir_type_tuple(IrContext *ctx, size_t n, const IrType *const *types)
{
	if (!valid_types(n, types))
		return NULL;
	IrType k = { .kind = IR_TYPE_TUPLE };
	k.u.tuple.ntypes = n;
	k.u.tuple.types = types;
	return unique(ctx, &k);
}

const IrType *
ir_type_quant(IrContext *ctx, bool is_signed, const IrType *storage,
    const IrType *expressed, int64_t storage_min, int64_t storage_max,
    int32_t axis, size_t nscales, const double *scales,
    const int64_t *zero_points)
{
	if (!storage || !expressed || !nscales || !scales || !zero_points)
		return NULL;
	IrType k = { .kind = IR_TYPE_QUANT };
	k.u.quant.is_signed = is_signed;
	k.u.quant.storage = storage;
	k.u.quant.expressed = expressed;
	k.u.quant.storage_min = storage_min;
	k.u.quant.storage_max = storage_max;
	k.u.quant.axis = axis;
	k.u.quant.nscales = nscales;
	k.u.quant.scales = scales;
	k.u.quant.zero_points = zero_points;
	return unique(ctx, &k);
}

const IrType *
ir_type_opaque(IrContext *ctx, const IrIdent *dialect, const IrIdent *body)
{
	if (!dialect || !body)
		return NULL;
	IrType k = { .kind = IR_TYPE_OPAQUE };
	k.u.opaque.dialect = dialect;
	k.u.opaque.body = body;
	return unique(ctx, &k);
}

bool
ir_type_is_shaped(const IrType *t)
{
	return t->kind == IR_TYPE_TENSOR || t->kind == IR_TYPE_MEMREF ||
	    t->kind == IR_TYPE_VECTOR;
}

bool
ir_type_is_static(const IrType *t)
{
	if (!ir_type_is_shaped(t) || t->u.shaped.rank < 0)
		return false;
	for (int64_t i = 0; i < t->u.shaped.rank; i++)
		if (t->u.shaped.dims[i] < 0)
			return false;
	return true;
}

int64_t
ir_type_num_elements(const IrType *t)
{
	if (!ir_type_is_static(t))
		return -1;
	for (int64_t i = 0; i < t->u.shaped.rank; i++)
		if (t->u.shaped.dims[i] == 0)
			return 0;
	int64_t n = 1;
	for (int64_t i = 0; i < t->u.shaped.rank; i++) {
		int64_t d = t->u.shaped.dims[i];
		if (d < 0)
			return -1;
		if (d && n > INT64_MAX / d)
			return -1;
		n *= d;
	}
	return n;
}

unsigned
ir_type_bitwidth(const IrType *t)
{
	switch (t->kind) {
	case IR_TYPE_INTEGER:
		return t->u.integer.width;
	case IR_TYPE_FLOAT:
		switch (t->u.flt.kind) {
		case IR_F16:
		case IR_BF16:
			return 16;
		case IR_F32:
			return 32;
		case IR_F64:
			return 64;
		case IR_F80:
			return 80;
		case IR_F128:
			return 128;
		}
		return 0;
	case IR_TYPE_INDEX:
		return 64;
	default:
		return 0;
	}
}
