/* test/unit/ir/uniquing_test.c: identifiers, types, attributes, affine
 * expressions, locations and op names are uniqued and canonical. */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS */
#include <criterion/criterion.h>
#include <math.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "ir/internal.h"

static IrContext *ctx;

static void
setup(void)
{
	ctx = ir_context_create();
}

static void
teardown(void)
{
	ir_context_destroy(ctx);
}

TestSuite(uniquing, .init = setup, .fini = teardown);

static const IrIdent *
id(const char *s)
{
	return ir_ident_cstr(ctx, s);
}

static const IrType *
i32(void)
{
	return ir_type_int(ctx, 32, IR_SIGNLESS);
}

static const IrType *
f32(void)
{
	return ir_type_float(ctx, IR_F32);
}

Test(uniquing, identifiers)
{
	const IrIdent *a = ir_ident_get(ctx, "abc", 3);
	cr_assert_eq(a, id("abc"));
	cr_assert_neq(a, id("abd"));
	cr_assert_neq(a, ir_ident_get(ctx, "ab", 2));
	cr_assert_str_eq(a->str, "abc");
	cr_assert_eq(a->len, 3);
	const IrIdent *nul = ir_ident_get(ctx, "a\0b", 3);
	cr_assert_eq(nul, ir_ident_get(ctx, "a\0b", 3));
	cr_assert_neq(nul, ir_ident_get(ctx, "a\0c", 3));
	cr_assert_eq(ir_ident_get(ctx, "", 0), id(""));
}

Test(uniquing, many_identifiers_survive_growth)
{
	const IrIdent *ids[2000];
	char buf[32];
	for (int i = 0; i < 2000; i++) {
		snprintf(buf, sizeof buf, "name%d", i);
		ids[i] = id(buf);
	}
	for (int i = 0; i < 2000; i++) {
		snprintf(buf, sizeof buf, "name%d", i);
		cr_assert_eq(ids[i], id(buf));
	}
}

Test(uniquing, scalar_types)
{
	cr_assert_eq(i32(), ir_type_int(ctx, 32, IR_SIGNLESS));
	cr_assert_neq(i32(), ir_type_int(ctx, 32, IR_SIGNED));
	cr_assert_neq(i32(), ir_type_int(ctx, 32, IR_UNSIGNED));
	cr_assert_neq(i32(), ir_type_int(ctx, 16, IR_SIGNLESS));
	/* MLIR's widths: 0 to 2^24 - 1 */
	cr_assert_not_null(ir_type_int(ctx, 0, IR_SIGNLESS));
	cr_assert_not_null(ir_type_int(ctx, 65, IR_SIGNLESS));
	cr_assert_not_null(ir_type_int(ctx, IR_INT_MAX_WIDTH, IR_SIGNED));
	cr_assert_null(ir_type_int(ctx, IR_INT_MAX_WIDTH + 1, IR_SIGNLESS));
	cr_assert_eq(f32(), ir_type_float(ctx, IR_F32));
	cr_assert_neq(ir_type_float(ctx, IR_F16), ir_type_float(ctx, IR_BF16));
	cr_assert_eq(ir_type_index(ctx), ir_type_index(ctx));
	cr_assert_eq(ir_type_none(ctx), ir_type_none(ctx));
	cr_assert_neq((const void *)ir_type_none(ctx),
	    (const void *)ir_type_index(ctx));
	cr_assert_eq(ir_type_bitwidth(ir_type_float(ctx, IR_BF16)), 16);
	cr_assert_eq(ir_type_bitwidth(ir_type_index(ctx)), 64);
	cr_assert_eq(ir_type_bitwidth(ir_type_none(ctx)), 0);
}

Test(uniquing, shaped_types)
{
	int64_t d1[] = { 2, IR_DYNAMIC, 4 }, d2[] = { 2, IR_DYNAMIC, 4 };
	int64_t d3[] = { 2, 3, 4 };
	const IrType *t = ir_type_tensor(ctx, 3, d1, f32(), NULL);
	cr_assert_eq(t, ir_type_tensor(ctx, 3, d2, f32(), NULL));
	cr_assert_neq(t, ir_type_tensor(ctx, 3, d3, f32(), NULL));
	cr_assert_neq(t, ir_type_tensor(ctx, 2, d2, f32(), NULL));
	cr_assert_neq(t, ir_type_tensor(ctx, 3, d2, i32(), NULL));
	cr_assert_neq(t, ir_type_vector(ctx, 3, d2, f32()));
	cr_assert_neq(t, ir_type_tensor(ctx, 3, d2, f32(),
	    ir_attr_string(ctx, "enc", 3, NULL)));
	cr_assert_neq(t->u.shaped.dims, d1, "dims are copied");
	cr_assert_eq(ir_type_num_elements(t), -1);
	cr_assert_eq(ir_type_num_elements(
	    ir_type_tensor(ctx, 3, d3, f32(), NULL)), 24);
	cr_assert_eq(ir_type_num_elements(
	    ir_type_tensor(ctx, 0, NULL, f32(), NULL)), 1);
	const IrType *u = ir_type_tensor(ctx, -1, NULL, f32(), NULL);
	cr_assert_eq(u, ir_type_tensor(ctx, -1, NULL, f32(), NULL));
	cr_assert_eq(ir_type_num_elements(u), -1);
	cr_assert(ir_type_is_shaped(u));
	cr_assert_not(ir_type_is_shaped(f32()));
}

Test(uniquing, memref_types)
{
	int64_t d[] = { 4, 8 }, s[] = { 8, 1 };
	const IrAttr *lay = ir_attr_strided(ctx, 0, 2, s);
	const IrAttr *sram = ir_attr_string(ctx, "sram", 4, NULL);
	const IrType *m = ir_type_memref(ctx, 2, d, f32(), lay, sram);
	cr_assert_eq(m, ir_type_memref(ctx, 2, d, f32(), lay, sram));
	cr_assert_neq(m, ir_type_memref(ctx, 2, d, f32(), NULL, sram));
	cr_assert_neq(m, ir_type_memref(ctx, 2, d, f32(), lay, NULL));
	cr_assert_neq(m, ir_type_memref(ctx, 2, d, f32(), lay,
	    ir_attr_string(ctx, "dram", 4, NULL)));
}

Test(uniquing, function_and_tuple_types)
{
	const IrType *in[] = { i32(), f32() }, *in2[] = { i32(), f32() };
	const IrType *out[] = { f32() };
	const IrType *fn = ir_type_function(ctx, 2, in, 1, out);
	cr_assert_eq(fn, ir_type_function(ctx, 2, in2, 1, out));
	cr_assert_neq(fn, ir_type_function(ctx, 1, in, 1, out));
	cr_assert_neq(fn, ir_type_function(ctx, 2, in, 0, NULL));
	cr_assert_neq(fn, ir_type_function(ctx, 1, in, 2, in2));
	cr_assert_eq(ir_type_function(ctx, 0, NULL, 0, NULL),
	    ir_type_function(ctx, 0, NULL, 0, NULL));
	const IrType *tu = ir_type_tuple(ctx, 2, in);
	cr_assert_eq(tu, ir_type_tuple(ctx, 2, in2));
	cr_assert_neq(tu, ir_type_tuple(ctx, 1, in));
}

Test(uniquing, quant_and_opaque_types)
{
	const IrType *i8 = ir_type_int(ctx, 8, IR_SIGNLESS);
	double sc[] = { 0.5, 0.25 }, sc2[] = { 0.5, 0.25 };
	int64_t zp[] = { 0, 1 };
	const IrType *q = ir_type_quant(ctx, true, i8, f32(), -128, 127, 1, 2,
	    sc, zp);
	cr_assert_eq(q, ir_type_quant(ctx, true, i8, f32(), -128, 127, 1, 2,
	    sc2, zp));
	cr_assert_neq(q, ir_type_quant(ctx, true, i8, f32(), -127, 127, 1, 2,
	    sc, zp));
	cr_assert_neq(q, ir_type_quant(ctx, false, i8, f32(), -128, 127, 1,
	    2, sc, zp));
	cr_assert_neq(q, ir_type_quant(ctx, true, i8, f32(), -128, 127, -1,
	    1, sc, zp));
	double neg0 = -0.0, pos0 = 0.0;
	cr_assert_neq(ir_type_quant(ctx, true, i8, f32(), -128, 127, -1, 1,
	    &neg0, zp), ir_type_quant(ctx, true, i8, f32(), -128, 127, -1, 1,
	    &pos0, zp));
	const IrType *o = ir_type_opaque(ctx, id("foo"), id("bar<1>"));
	cr_assert_eq(o, ir_type_opaque(ctx, id("foo"), id("bar<1>")));
	cr_assert_neq(o, ir_type_opaque(ctx, id("foo"), id("bar<2>")));
	cr_assert_neq(o, ir_type_opaque(ctx, id("baz"), id("bar<1>")));
}

/* in_range, the verifier's cached check: every scale > 0 and every zero
 * point within the storage range, whichever channel breaks it. */
Test(uniquing, quant_in_range)
{
	const IrType *i8 = ir_type_int(ctx, 8, IR_SIGNLESS);
	double ok[] = { 0.5, 0.25, 1e-9 }, zero[] = { 0.5, 0.0, 0.25 };
	double nan_[] = { 0.5, 0.25, NAN };
	int64_t zp[] = { -128, 0, 127 }, high[] = { 0, 0, 128 };
	int64_t low[] = { -129, 0, 0 };
	cr_assert(ir_type_quant(ctx, true, i8, f32(), -128, 127, 0, 3, ok,
	    zp)->u.quant.in_range);
	cr_assert_not(ir_type_quant(ctx, true, i8, f32(), -128, 127, 0, 3,
	    zero, zp)->u.quant.in_range);
	cr_assert_not(ir_type_quant(ctx, true, i8, f32(), -128, 127, 0, 3,
	    nan_, zp)->u.quant.in_range);
	cr_assert_not(ir_type_quant(ctx, true, i8, f32(), -128, 127, 0, 3,
	    ok, high)->u.quant.in_range);
	cr_assert_not(ir_type_quant(ctx, true, i8, f32(), -128, 127, 0, 3,
	    ok, low)->u.quant.in_range);
	/* The same zero points are in range for a wider storage range. */
	cr_assert(ir_type_quant(ctx, true, i8, f32(), -129, 128, 0, 3, ok,
	    high)->u.quant.in_range);
}

Test(uniquing, integer_attrs_truncate)
{
	const IrType *i8 = ir_type_int(ctx, 8, IR_SIGNLESS);
	const IrType *u8 = ir_type_int(ctx, 8, IR_UNSIGNED);
	const IrType *s8 = ir_type_int(ctx, 8, IR_SIGNED);
	const IrAttr *a = ir_attr_int(ctx, i8, 255);
	cr_assert_eq(a, ir_attr_int(ctx, i8, -1));
	cr_assert_eq(a->u.integer.value, -1);
	cr_assert_eq(ir_attr_int(ctx, s8, 128)->u.integer.value, -128);
	cr_assert_eq(ir_attr_int(ctx, u8, -1)->u.integer.value, 255);
	cr_assert_eq(ir_attr_int(ctx, u8, 255), ir_attr_int(ctx, u8, -1));
	cr_assert_neq(ir_attr_int(ctx, u8, 255), a);
	cr_assert_eq(ir_attr_int(ctx, i32(), 1 + (INT64_C(1) << 32))
	    ->u.integer.value, 1);
	const IrType *i64 = ir_type_int(ctx, 64, IR_SIGNLESS);
	cr_assert_eq(ir_attr_int(ctx, i64, INT64_MIN)->u.integer.value,
	    INT64_MIN);
	cr_assert_eq(ir_attr_int(ctx, ir_type_index(ctx), -5)
	    ->u.integer.value, -5);
	cr_assert_neq(ir_attr_int(ctx, ir_type_index(ctx), 5),
	    ir_attr_int(ctx, i64, 5));
	cr_assert_null(ir_attr_int(ctx, f32(), 1));
}

Test(uniquing, bool_attrs)
{
	const IrType *i1 = ir_type_int(ctx, 1, IR_SIGNLESS);
	const IrAttr *t = ir_attr_bool(ctx, true);
	cr_assert_eq(t, ir_attr_int(ctx, i1, 1));
	cr_assert_eq(t, ir_attr_int(ctx, i1, 3));
	cr_assert_eq(t->u.integer.value, 1);
	cr_assert_eq(ir_attr_bool(ctx, false)->u.integer.value, 0);
	cr_assert_neq(t, ir_attr_bool(ctx, false));
	cr_assert_eq(t->u.integer.type, i1);
}

Test(uniquing, float_attrs)
{
	const IrAttr *a = ir_attr_float(ctx, f32(), 0.1);
	cr_assert_eq(a->u.flt.value, (double)0.1f);
	cr_assert_eq(a, ir_attr_float(ctx, f32(), (double)0.1f));
	const IrType *f64 = ir_type_float(ctx, IR_F64);
	cr_assert_eq(ir_attr_float(ctx, f64, 0.1)->u.flt.value, 0.1);
	cr_assert_neq(ir_attr_float(ctx, f64, 0.0),
	    ir_attr_float(ctx, f64, -0.0));
	cr_assert_eq(ir_attr_float(ctx, f64, NAN), ir_attr_float(ctx, f64,
	    NAN));
	const IrType *f16 = ir_type_float(ctx, IR_F16);
	cr_assert_eq(ir_attr_float(ctx, f16, 0.1)->u.flt.value,
	    ir_f16_to_double(0x2E66));
	const IrType *bf16 = ir_type_float(ctx, IR_BF16);
	cr_assert_eq(ir_attr_float(ctx, bf16, 1.00390625)->u.flt.value, 1.0);
	cr_assert_null(ir_attr_float(ctx, i32(), 1.0));
	cr_assert_eq(ir_attr_float(ctx, f32(), 1e300)->u.flt.value, INFINITY);
	cr_assert_eq(ir_attr_float(ctx, f32(), -1e39)->u.flt.value,
	    -INFINITY);
	cr_assert_eq(ir_attr_float(ctx, f32(), 0x1.fffffefp127)->u.flt.value,
	    0x1.fffffep127);
	cr_assert_eq(ir_attr_float(ctx, f16, 1e6)->u.flt.value, INFINITY);
}

Test(uniquing, misc_attrs)
{
	const IrAttr *s = ir_attr_string(ctx, "hi", 2, NULL);
	cr_assert_eq(s, ir_attr_string(ctx, "hi", 2, NULL));
	cr_assert_neq(s, ir_attr_string(ctx, "hi", 2, i32()));
	cr_assert_neq(s, ir_attr_string(ctx, "hi!", 3, NULL));
	cr_assert_eq(s->u.string.data[2], 0);
	cr_assert_eq(ir_attr_string(ctx, NULL, 0, NULL),
	    ir_attr_string(ctx, "", 0, NULL));
	cr_assert_eq(ir_attr_unit(ctx), ir_attr_unit(ctx));
	cr_assert_eq(ir_attr_type(ctx, f32()), ir_attr_type(ctx, f32()));
	cr_assert_neq(ir_attr_type(ctx, f32()), ir_attr_type(ctx, i32()));
	const IrAttr *el[] = { s, ir_attr_unit(ctx) };
	const IrAttr *arr = ir_attr_array(ctx, 2, el);
	cr_assert_eq(arr, ir_attr_array(ctx, 2, el));
	cr_assert_neq(arr, ir_attr_array(ctx, 1, el));
	cr_assert_eq(ir_attr_array(ctx, 0, NULL), ir_attr_array(ctx, 0, NULL));
	const IrIdent *nest[] = { id("b"), id("c") };
	const IrAttr *sr = ir_attr_symref(ctx, id("a"), 2, nest);
	cr_assert_eq(sr, ir_attr_symref(ctx, id("a"), 2, nest));
	cr_assert_neq(sr, ir_attr_symref(ctx, id("a"), 1, nest));
	cr_assert_neq(sr, ir_attr_symref(ctx, id("b"), 2, nest));
	int64_t st[] = { 4, 1 };
	const IrAttr *str = ir_attr_strided(ctx, 0, 2, st);
	cr_assert_eq(str, ir_attr_strided(ctx, 0, 2, st));
	cr_assert_neq(str, ir_attr_strided(ctx, IR_DYNAMIC, 2, st));
	const IrAttr *op = ir_attr_opaque(ctx, id("d"), id("x<1>"));
	cr_assert_eq(op, ir_attr_opaque(ctx, id("d"), id("x<1>")));
	cr_assert_neq(op, ir_attr_opaque(ctx, id("d"), id("x<2>")));
}

Test(uniquing, dict_sorted_and_unique)
{
	const IrAttr *one = ir_attr_int(ctx, i32(), 1);
	const IrAttr *two = ir_attr_int(ctx, i32(), 2);
	IrNamedAttr e1[] = { { id("b"), one }, { id("ab"), two },
		{ id("a"), one } };
	IrNamedAttr e2[] = { { id("a"), one }, { id("b"), one },
		{ id("ab"), two } };
	const IrAttr *d = ir_attr_dict(ctx, 3, e1);
	cr_assert_eq(d, ir_attr_dict(ctx, 3, e2));
	cr_assert_str_eq(d->u.dict.entries[0].name->str, "a");
	cr_assert_str_eq(d->u.dict.entries[1].name->str, "ab");
	cr_assert_str_eq(d->u.dict.entries[2].name->str, "b");
	cr_assert_eq(ir_dict_get(d, "ab"), two);
	cr_assert_eq(ir_dict_get_ident(d, id("b")), one);
	cr_assert_null(ir_dict_get(d, "c"));
	cr_assert_null(ir_dict_get(d, ""));
	IrNamedAttr dupe[] = { { id("x"), one }, { id("x"), two } };
	cr_assert_null(ir_attr_dict(ctx, 2, dupe));
	const IrAttr *empty = ir_attr_empty_dict(ctx);
	cr_assert_eq(empty, ir_attr_dict(ctx, 0, NULL));
	cr_assert_eq(empty->u.dict.n, 0);
	cr_assert_null(ir_dict_get(empty, "a"));
}

Test(uniquing, dict_set)
{
	const IrAttr *one = ir_attr_int(ctx, i32(), 1);
	const IrAttr *two = ir_attr_int(ctx, i32(), 2);
	const IrAttr *d = ir_dict_set(ctx, ir_attr_empty_dict(ctx), id("k"),
	    one);
	cr_assert_eq(ir_dict_get(d, "k"), one);
	const IrAttr *d2 = ir_dict_set(ctx, d, id("k"), two);
	cr_assert_eq(ir_dict_get(d2, "k"), two);
	cr_assert_eq(d2->u.dict.n, 1);
	const IrAttr *d3 = ir_dict_set(ctx, d2, id("a"), one);
	cr_assert_eq(d3->u.dict.n, 2);
	cr_assert_str_eq(d3->u.dict.entries[0].name->str, "a");
	cr_assert_eq(ir_dict_set(ctx, d3, id("a"), NULL), d2);
	cr_assert_eq(ir_dict_set(ctx, d2, id("k"), NULL),
	    ir_attr_empty_dict(ctx));
	cr_assert_eq(ir_dict_set(ctx, d2, id("zz"), NULL), d2);
}

static const IrType *
tensor_of(int64_t n, const IrType *elem)
{
	return ir_type_tensor(ctx, 1, &n, elem, NULL);
}

Test(uniquing, dense_splat_canonical)
{
	const IrType *t = tensor_of(4, i32());
	int32_t same[] = { 7, 7, 7, 7 }, one = 7, diff[] = { 1, 2, 3, 4 };
	const IrAttr *s = ir_attr_dense(ctx, t, true, &one, 4);
	cr_assert(s->u.dense.splat);
	cr_assert_eq(s->u.dense.size, 4);
	cr_assert_eq(ir_attr_dense(ctx, t, false, same, sizeof same), s);
	const IrAttr *d = ir_attr_dense(ctx, t, false, diff, sizeof diff);
	cr_assert_not(d->u.dense.splat);
	cr_assert_eq(d->u.dense.size, 16);
	cr_assert_eq(d, ir_attr_dense(ctx, t, false, diff, sizeof diff));
	cr_assert_neq(d->u.dense.data, (const void *)diff);
	cr_assert_null(ir_attr_dense(ctx, t, false, diff, 12));
	cr_assert_null(ir_attr_dense(ctx, t, true, diff, 8));
	int64_t dyn = IR_DYNAMIC;
	cr_assert_null(ir_attr_dense(ctx, ir_type_tensor(ctx, 1, &dyn, i32(),
	    NULL), true, &one, 4));
	cr_assert_null(ir_attr_dense(ctx, i32(), true, &one, 4));
	const IrAttr *e = ir_attr_dense(ctx, tensor_of(0, i32()), false, NULL,
	    0);
	cr_assert_not_null(e);
	cr_assert_eq(e->u.dense.size, 0);
	/* A one-element tensor is always a splat. */
	cr_assert(ir_attr_dense(ctx, tensor_of(1, i32()), false, &one, 4)
	    ->u.dense.splat);
}

Test(uniquing, scalar_dims_not_null)
{
	const IrType *f32 = ir_type_float(ctx, IR_F32);
	cr_assert_not_null(ir_type_tensor(ctx, 0, NULL, f32, NULL)
	    ->u.shaped.dims);
	cr_assert_not_null(ir_type_tensor(ctx, -1, NULL, f32, NULL)
	    ->u.shaped.dims);
}

Test(uniquing, dense_elem_sizes_and_i1)
{
	cr_assert_eq(ir_dense_elem_size(ir_type_int(ctx, 1, IR_SIGNLESS)), 1);
	cr_assert_eq(ir_dense_elem_size(ir_type_int(ctx, 8, IR_SIGNLESS)), 1);
	cr_assert_eq(ir_dense_elem_size(ir_type_int(ctx, 12, IR_SIGNLESS)),
	    2);
	cr_assert_eq(ir_dense_elem_size(ir_type_float(ctx, IR_BF16)), 2);
	cr_assert_eq(ir_dense_elem_size(ir_type_float(ctx, IR_F64)), 8);
	cr_assert_eq(ir_dense_elem_size(ir_type_index(ctx)), 8);
	cr_assert_eq(ir_dense_elem_size(ir_type_none(ctx)), 0);
	const IrType *t = tensor_of(2, ir_type_int(ctx, 1, IR_SIGNLESS));
	uint8_t a[] = { 1, 5 }, f[] = { 0, 0 };
	const IrAttr *d = ir_attr_dense(ctx, t, false, a, 2);
	cr_assert_not(d->u.dense.splat, "mlir-opt-14 keeps [true, true]");
	cr_assert_eq(d->u.dense.data[0], 1, "i1 bytes normalise to 0/1");
	cr_assert_eq(d->u.dense.data[1], 1);
	cr_assert(ir_attr_dense(ctx, t, false, f, 2)->u.dense.splat,
	    "an all-false i1 list is a splat, as in mlir-opt-14");
}

Test(uniquing, affine_uniquing)
{
	const IrAffineExpr *d0 = ir_affine_dim(ctx, 0);
	cr_assert_eq(d0, ir_affine_dim(ctx, 0));
	cr_assert_neq(d0, ir_affine_dim(ctx, 1));
	cr_assert_neq(d0, ir_affine_symbol(ctx, 0));
	cr_assert_eq(ir_affine_const(ctx, 3), ir_affine_const(ctx, 3));
	const IrAffineExpr *s0 = ir_affine_symbol(ctx, 0);
	const IrAffineExpr *e = ir_affine_binary(ctx, IR_AFFINE_MOD, d0, s0);
	cr_assert_eq(e, ir_affine_binary(ctx, IR_AFFINE_MOD, d0, s0));
	cr_assert_eq(e->kind, IR_AFFINE_MOD);
	const IrAffineExpr *r[] = { d0, e };
	const IrAttr *m = ir_attr_affine_map(ctx, 1, 1, 2, r);
	cr_assert_eq(m, ir_attr_affine_map(ctx, 1, 1, 2, r));
	cr_assert_neq(m, ir_attr_affine_map(ctx, 2, 1, 2, r));
	cr_assert_neq(m, ir_attr_affine_map(ctx, 1, 1, 1, r));
}

#define ADD(a, b) ir_affine_binary(ctx, IR_AFFINE_ADD, (a), (b))
#define MUL(a, b) ir_affine_binary(ctx, IR_AFFINE_MUL, (a), (b))
#define FDIV(a, b) ir_affine_binary(ctx, IR_AFFINE_FLOORDIV, (a), (b))
#define CDIV(a, b) ir_affine_binary(ctx, IR_AFFINE_CEILDIV, (a), (b))
#define MOD(a, b) ir_affine_binary(ctx, IR_AFFINE_MOD, (a), (b))
#define C(v) ir_affine_const(ctx, (v))

/* Each expected result checked against mlir-opt-14's printing. */
Test(uniquing, affine_simplifications)
{
	const IrAffineExpr *d0 = ir_affine_dim(ctx, 0);
	const IrAffineExpr *d1 = ir_affine_dim(ctx, 1);
	const IrAffineExpr *s0 = ir_affine_symbol(ctx, 0);
	cr_assert_eq(ADD(C(2), C(3)), C(5));
	cr_assert_eq(MUL(C(2), C(3)), C(6));
	/* 2 * d0 + 0 -> d0 * 2 */
	const IrAffineExpr *m = MUL(C(2), d0);
	cr_assert_eq(m->kind, IR_AFFINE_MUL);
	cr_assert_eq(m->lhs, d0);
	cr_assert_eq(m->rhs, C(2));
	cr_assert_eq(ADD(m, C(0)), m);
	cr_assert_eq(MUL(d0, C(1)), d0);
	cr_assert_eq(MUL(d0, C(0)), C(0));
	cr_assert_eq(ADD(ADD(d0, C(2)), C(3)), ADD(d0, C(5)));
	cr_assert_eq(MUL(MUL(d0, C(2)), C(3)), MUL(d0, C(6)));
	cr_assert_eq(FDIV(d0, C(1)), d0);
	cr_assert_eq(CDIV(d0, C(1)), d0);
	cr_assert_eq(MOD(d0, C(1)), C(0));
	/* 3 + d1 -> d1 + 3; s0 + d0 -> d0 + s0 */
	cr_assert_eq(ADD(C(3), d1)->lhs, d1);
	cr_assert_eq(ADD(s0, d0)->lhs, d0);
	/* d0 - d0 -> 0; d0 + d0 -> d0 * 2 */
	cr_assert_eq(ADD(d0, MUL(d0, C(-1))), C(0));
	cr_assert_eq(ADD(d0, d0), MUL(d0, C(2)));
	/* (d0 + 2) + d1 -> (d0 + d1) + 2 */
	cr_assert_eq(ADD(ADD(d0, C(2)), d1), ADD(ADD(d0, d1), C(2)));
	cr_assert_eq(ADD(ADD(d0, C(2)), d1)->rhs, C(2));
	cr_assert_eq(FDIV(MUL(d0, C(4)), C(2)), MUL(d0, C(2)));
	cr_assert_eq(MOD(MUL(d0, C(4)), C(2)), C(0));
	cr_assert_eq(MOD(MOD(d0, C(4)), C(2)), MOD(d0, C(2)));
	cr_assert_eq(FDIV(C(-7), C(2)), C(-4));
	cr_assert_eq(CDIV(C(-7), C(2)), C(-3));
	cr_assert_eq(CDIV(C(7), C(2)), C(4));
	cr_assert_eq(MOD(C(-7), C(3)), C(2));
	/* No folding by zero or negative divisors. */
	cr_assert_eq(FDIV(C(7), C(0))->kind, IR_AFFINE_FLOORDIV);
	cr_assert_eq(MOD(C(7), C(-2))->kind, IR_AFFINE_MOD);
	/* (d0 * 2) * s0 -> (d0 * s0) * 2 */
	const IrAffineExpr *x = MUL(MUL(d0, C(2)), s0);
	cr_assert_eq(x->rhs, C(2));
	cr_assert_eq(x->lhs, MUL(d0, s0));
}

/* Rules that use the largest known divisor, and the mod pattern; the
 * expected forms are mlir-opt-14's. */
Test(uniquing, affine_divisor_rules)
{
	const IrAffineExpr *d0 = ir_affine_dim(ctx, 0);
	const IrAffineExpr *d1 = ir_affine_dim(ctx, 1);
	const IrAffineExpr *s0 = ir_affine_symbol(ctx, 0);
	const IrAffineExpr *a4 = MUL(d0, C(4));
	/* (d0 * 4 + d1 * 8) floordiv 4 -> d0 + d1 * 2 */
	cr_assert_eq(FDIV(ADD(a4, MUL(d1, C(8))), C(4)),
	    ADD(d0, MUL(d1, C(2))));
	/* (d0 * 4 + d1) floordiv 4 -> d0 + d1 floordiv 4 */
	cr_assert_eq(FDIV(ADD(a4, d1), C(4)), ADD(d0, FDIV(d1, C(4))));
	/* (d0 * 4 + d1) mod 4 -> d1 mod 4; (d0*4 + d1*8) mod 4 -> 0 */
	cr_assert_eq(MOD(ADD(a4, d1), C(4)), MOD(d1, C(4)));
	cr_assert_eq(MOD(ADD(a4, MUL(d1, C(8))), C(4)), C(0));
	cr_assert_eq(CDIV(a4, C(2)), MUL(d0, C(2)));
	/* (d0 * s0 * 4) mod 2 -> 0 */
	cr_assert_eq(MOD(MUL(MUL(d0, s0), C(4)), C(2)), C(0));
	/* d0 - (d0 floordiv 4) * 4 -> d0 mod 4 */
	const IrAffineExpr *q = MUL(MUL(FDIV(d0, C(4)), C(4)), C(-1));
	cr_assert_eq(ADD(d0, q), MOD(d0, C(4)));
	/* d0 - (d0 floordiv s0) * s0 -> d0 mod s0 */
	q = MUL(MUL(FDIV(d0, s0), s0), C(-1));
	cr_assert_eq(ADD(d0, q), MOD(d0, s0));
	/* Not simplified, as in mlir-opt. */
	cr_assert_eq(MOD(MUL(d0, C(6)), C(4))->kind, IR_AFFINE_MOD);
	cr_assert_eq(FDIV(FDIV(d0, C(2)), C(3))->lhs, FDIV(d0, C(2)));
	cr_assert_eq(MOD(MUL(d0, s0), s0)->kind, IR_AFFINE_MOD);
	/* MLIR 14 wrongly turns d0 + (d0 floordiv 4 - 4) into d0 mod 4. */
	cr_assert_eq(ADD(d0, ADD(FDIV(d0, C(4)), C(-4)))->kind,
	    IR_AFFINE_ADD);
}

Test(uniquing, half_conversions)
{
	cr_assert_eq(ir_f16_from_double(1.0), 0x3C00);
	cr_assert_eq(ir_bf16_from_double(1.0), 0x3F80);
	cr_assert_eq(ir_f16_from_double(-2.0), 0xC000);
	cr_assert_eq(ir_f16_from_double(65504.0), 0x7BFF);
	cr_assert_eq(ir_f16_to_double(0x7BFF), 65504.0);
	cr_assert_eq(ir_f16_from_double(65519.0), 0x7BFF);
	cr_assert_eq(ir_f16_from_double(65520.0), 0x7C00);
	cr_assert_eq(ir_f16_from_double(INFINITY), 0x7C00);
	cr_assert_eq(ir_f16_from_double(-INFINITY), 0xFC00);
	cr_assert_eq(ir_f16_from_double(-0.0), 0x8000);
	cr_assert(isnan(ir_f16_to_double(ir_f16_from_double(NAN))));
	cr_assert(isnan(ir_bf16_to_double(ir_bf16_from_double(NAN))));
	/* Ties to even: 1 + 2^-11 is halfway between 1 and 1 + 2^-10. */
	cr_assert_eq(ir_f16_from_double(1.0 + ldexp(1, -11)), 0x3C00);
	cr_assert_eq(ir_f16_from_double(1.0 + 3 * ldexp(1, -11)), 0x3C02);
	cr_assert_eq(ir_f16_from_double(1.0 + ldexp(1, -11) + ldexp(1, -30)),
	    0x3C01);
	cr_assert_eq(ir_bf16_from_double(1.0 + ldexp(1, -8)), 0x3F80);
	cr_assert_eq(ir_bf16_from_double(1.0 + 3 * ldexp(1, -8)), 0x3F82);
	/* Subnormals and the smallest normal. */
	cr_assert_eq(ir_f16_from_double(ldexp(1, -24)), 0x0001);
	cr_assert_eq(ir_f16_from_double(ldexp(1, -25)), 0x0000);
	cr_assert_eq(ir_f16_from_double(ldexp(3, -25)), 0x0002);
	cr_assert_eq(ir_f16_from_double(ldexp(1, -14)), 0x0400);
	cr_assert_eq(ir_f16_from_double(ldexp(1, -14) - ldexp(1, -26)),
	    0x0400);
	cr_assert_eq(ir_f16_to_double(0x0001), ldexp(1, -24));
	cr_assert_eq(ir_bf16_to_double(0x0001), ldexp(1, -133));
	cr_assert_eq(ir_bf16_from_double(3.0e38), 0x7F62);
	cr_assert_eq(ir_bf16_from_double(3.4e38), 0x7F80);
	cr_assert_eq(ir_f16_from_double(0.1), 0x2E66);
	cr_assert_eq(ir_bf16_from_double(0.1), 0x3DCD);
	for (unsigned h = 0; h < 0x10000; h++) {
		double d = ir_f16_to_double((uint16_t)h);
		if (!isnan(d))
			cr_assert_eq(ir_f16_from_double(d), h, "f16 %#x", h);
		d = ir_bf16_to_double((uint16_t)h);
		if (!isnan(d))
			cr_assert_eq(ir_bf16_from_double(d), h, "bf16 %#x", h);
	}
}

Test(uniquing, locations)
{
	const IrLoc *u = ir_loc_unknown(ctx);
	cr_assert_eq(u, ir_loc_unknown(ctx));
	const IrLoc *f = ir_loc_file(ctx, id("a.mlir"), 3, 4);
	cr_assert_eq(f, ir_loc_file(ctx, id("a.mlir"), 3, 4));
	cr_assert_neq(f, ir_loc_file(ctx, id("a.mlir"), 3, 5));
	cr_assert_neq(f, ir_loc_file(ctx, id("b.mlir"), 3, 4));
	const IrLoc *n = ir_loc_name(ctx, id("x"), f);
	cr_assert_eq(n, ir_loc_name(ctx, id("x"), f));
	cr_assert_neq(n, ir_loc_name(ctx, id("x"), NULL));
	const IrLoc *two[] = { n, u };
	const IrLoc *fu = ir_loc_fused(ctx, 2, two, NULL);
	cr_assert_eq(fu, ir_loc_fused(ctx, 2, two, NULL));
	cr_assert_neq(fu, ir_loc_fused(ctx, 2, two, ir_attr_unit(ctx)));
	cr_assert_neq(fu, ir_loc_fused(ctx, 1, two, NULL));
	const IrLoc *cs = ir_loc_callsite(ctx, u, f);
	cr_assert_eq(cs, ir_loc_callsite(ctx, u, f));
	cr_assert_neq(cs, ir_loc_callsite(ctx, f, u));
	cr_assert_eq(ir_loc_file_of(f), f);
	cr_assert_eq(ir_loc_file_of(n), f);
	cr_assert_eq(ir_loc_file_of(fu), f);
	cr_assert_eq(ir_loc_file_of(cs), f);
	cr_assert_null(ir_loc_file_of(u));
	cr_assert_null(ir_loc_file_of(ir_loc_name(ctx, id("x"), NULL)));
}

/* File locations go to a by-line array (first one of a line of the
 * first file) or the table (other columns, other files, far lines):
 * each (file, line, col) still gets one pointer, whatever the order. */
Test(uniquing, file_locations_by_line)
{
	static const unsigned lines[] = { 1, 2, 4095, 4096, 8191, 8192,
	    100000, 4000000000u, 0, 3 };
	const char *files[] = { "a.mlir", "b.mlir" };
	const IrLoc *first[2][10][3];
	size_t f, i, c;

	for (f = 0; f < 2; f++)
		for (c = 0; c < 3; c++)
			for (i = 0; i < 10; i++)
				first[f][i][c] = ir_loc_file(ctx,
				    id(files[f]), lines[i], (unsigned)(7 - c));
	for (f = 0; f < 2; f++)
		for (i = 0; i < 10; i++)
			for (c = 0; c < 3; c++) {
				const IrLoc *l = ir_loc_file(ctx, id(files[f]),
				    lines[i], (unsigned)(7 - c));
				cr_assert_eq(l, first[f][i][c]);
				cr_assert_eq(l->kind, IR_LOC_FILE);
				cr_assert_eq(l->u.file.file, id(files[f]));
				cr_assert_eq(l->u.file.line, lines[i]);
				cr_assert_eq(l->u.file.col, 7 - c);
			}
	for (f = 0; f < 2; f++)
		for (i = 0; i < 10; i++)
			cr_assert_neq(first[f][i][0], first[f][i][1]);
	cr_assert_neq(first[0][0][0], first[1][0][0]);
	cr_assert_neq(first[0][0][0], first[0][1][0]);
}

static const IrOpDef test_op = { .name = "test.op", .nresults = 1 };

Test(uniquing, op_names_and_registry)
{
	const IrOpName *early = ir_op_name_get(ctx, "test.op", 7);
	cr_assert_null(early->def);
	cr_assert_eq(early->ctx, ctx);
	cr_assert_str_eq(early->dialect->str, "test");
	cr_assert_null(ir_lookup_op(ctx, "test.op"));
	cr_assert(ir_register_op(ctx, &test_op));
	cr_assert_not(ir_register_op(ctx, &test_op));
	cr_assert_eq(early->def, &test_op, "registering updates the name");
	cr_assert_eq(ir_lookup_op(ctx, "test.op"), &test_op);
	cr_assert_eq(ir_op_name_get(ctx, "test.op", 7), early);
	cr_assert_str_eq(ir_op_name_get(ctx, "nodot", 5)->dialect->str, "");
	cr_assert_str_eq(ir_op_name_get(ctx, "a.b.c", 5)->dialect->str, "a");
	cr_assert_null(ir_lookup_op(ctx, "test.other"));
	size_t i = 0;
	while (ir_registered_op(ctx, i))
		i++;
	cr_assert_geq(i, 1);
	cr_assert_eq(ir_registered_op(ctx, i - 1), &test_op);
}

Test(uniquing, allow_unregistered_flag)
{
	cr_assert_not(ir_context_allow_unregistered(ctx));
	ir_context_set_allow_unregistered(ctx, true);
	cr_assert(ir_context_allow_unregistered(ctx));
	cr_assert_not_null(ir_context_arena(ctx));
}

/* A borrowed dense attribute points at the caller's bytes, is the same
 * attribute as a copied one of equal contents (made before or after),
 * and falls back to a copy for splats, i1 and single elements. */
Test(uniquing, dense_borrow)
{
	const IrType *t = tensor_of(4, i32());
	/* an odd address: borrowed data may lie at any alignment */
	static uint8_t raw[17];
	const uint8_t *b = raw + 1;
	for (int i = 0; i < 16; i++)
		raw[1 + i] = (uint8_t)(i * 3 + 1);
	const IrAttr *a = ir_attr_dense_borrow(ctx, t, b, 16);
	cr_assert_not_null(a);
	cr_assert_eq(a->u.dense.data, b, "the bytes are not copied");
	cr_assert_not(a->u.dense.splat);
	cr_assert_eq(a->u.dense.size, 16);
	cr_assert_eq(ir_attr_dense(ctx, t, false, b, 16), a);
	/* contents made first by copying: that attribute is returned */
	int32_t v[4] = { 5, 6, 7, 8 };
	const IrAttr *c = ir_attr_dense(ctx, t, false, v, sizeof v);
	static int32_t w[4] = { 5, 6, 7, 8 };
	cr_assert_eq(ir_attr_dense_borrow(ctx, t, w, sizeof w), c);
	/* all elements equal: a splat of one copied element */
	static int32_t same[4] = { 9, 9, 9, 9 };
	const IrAttr *s = ir_attr_dense_borrow(ctx, t, same, sizeof same);
	cr_assert(s->u.dense.splat);
	cr_assert_neq(s->u.dense.data, (const uint8_t *)same);
	cr_assert_eq(s, ir_attr_dense(ctx, t, true, same, 4));
	/* i1 bytes are normalised, so copied */
	static uint8_t bits[3] = { 1, 0, 7 };
	const IrAttr *i1 = ir_attr_dense_borrow(ctx, tensor_of(3,
	    ir_type_int(ctx, 1, IR_SIGNLESS)), bits, 3);
	cr_assert_neq(i1->u.dense.data, bits);
	cr_assert_eq(i1->u.dense.data[2], 1);
	/* wrong sizes and types, as ir_attr_dense */
	cr_assert_null(ir_attr_dense_borrow(ctx, t, b, 12));
	cr_assert_null(ir_attr_dense_borrow(ctx, i32(), b, 4));
	cr_assert_not_null(ir_attr_dense_borrow(ctx, tensor_of(0, i32()),
	    NULL, 0));
}

/* A large dense payload is hashed by samples, but uniqued by every byte:
 * payloads equal on every sampled piece and unequal between them are
 * two attributes; equal payloads (borrowed or copied, at any address)
 * one. */
Test(uniquing, dense_large_payloads)
{
	enum { N = 64 * 1024 };
	const IrType *t = tensor_of(N / 4, i32());
	uint8_t *a = malloc(N), *b = malloc(N), *c = malloc(N);
	for (size_t i = 0; i < N; i++)
		a[i] = (uint8_t)(i * 7 + i / 251);
	memcpy(b, a, N);
	memcpy(c, a, N);
	/* One byte apart from a, in the middle of the span no sample
	 * reads (the samples are 64 bytes every ~2 KB): same hash. */
	c[N / 2 + 1000] ^= 0x55;
	const IrAttr *aa = ir_attr_dense_borrow(ctx, t, a, N);
	const IrAttr *ab = ir_attr_dense_borrow(ctx, t, b, N);
	const IrAttr *ac = ir_attr_dense_borrow(ctx, t, c, N);
	cr_assert_eq(aa, ab);
	cr_assert_neq(aa, ac);
	cr_assert_eq(aa->hash, ac->hash, "the byte is between samples");
	cr_assert_eq(ir_attr_dense(ctx, t, false, c, N), ac);
	cr_assert_eq(ir_attr_dense(ctx, t, false, a, N), aa);
	/* A change in the first or last bytes changes the hash (the
	 * attributes made here copy, so the buffers may change after). */
	b[0] ^= 1;
	cr_assert_neq(ir_attr_dense(ctx, t, false, b, N)->hash, aa->hash);
	b[0] ^= 1;
	b[N - 1] ^= 1;
	cr_assert_neq(ir_attr_dense(ctx, t, false, b, N)->hash, aa->hash);
	/* The borrowed attributes read a and c until the context goes. */
	ir_context_destroy(ctx);
	ctx = ir_context_create();
	free(a);
	free(b);
	free(c);
}

/* A mapping the context adopts stays readable until the context goes
 * (ASan and valgrind would see a leak or an early unmap). */
Test(uniquing, adopted_mapping)
{
	IrContext *c = ir_context_create();
	size_t n = 8192;
	uint8_t *p = mmap(NULL, n, PROT_READ | PROT_WRITE,
	    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	cr_assert_neq(p, MAP_FAILED);
	for (size_t i = 0; i < n; i++)
		p[i] = (uint8_t)(i * 7 + i / 256);
	ir_context_adopt_mapping(c, p, n);
	const IrAttr *a = ir_attr_dense_borrow(c, ir_type_tensor(c, 1,
	    &(int64_t){ 8192 }, ir_type_int(c, 8, IR_SIGNLESS), NULL), p, n);
	cr_assert_eq(a->u.dense.data, p);
	cr_assert_eq(a->u.dense.data[8191], (uint8_t)(8191 * 7 + 31));
	ir_context_destroy(c);
}

/* Released pages of a mapped file come back from the file: the borrowed
 * attribute reads the same after ir_context_release, and after the op
 * holding it was destroyed (which releases its borrowed data); bytes
 * outside every adopted mapping are left alone. */
Test(uniquing, released_pages_come_back)
{
	char path[] = "/tmp/npuir-release-XXXXXX";
	int fd = mkstemp(path);
	cr_assert_geq(fd, 0);
	size_t n = 5 * 4096 + 100;
	uint8_t *want = malloc(n);
	for (size_t i = 0; i < n; i++)
		want[i] = (uint8_t)(i * 13 + i / 4096);
	cr_assert_eq(write(fd, want, n), (ssize_t)n);
	uint8_t *p = mmap(NULL, n, PROT_READ, MAP_PRIVATE, fd, 0);
	close(fd);
	unlink(path);
	cr_assert_neq(p, MAP_FAILED);
	IrContext *c = ir_context_create();
	ir_context_adopt_mapping(c, p, n);
	int64_t len = (int64_t)n - 7;
	const IrType *t = ir_type_tensor(c, 1, &len,
	    ir_type_int(c, 8, IR_SIGNLESS), NULL);
	const IrAttr *a = ir_attr_dense_borrow(c, t, p + 7, n - 7);
	cr_assert_eq(a->u.dense.data, p + 7);
	cr_assert(ir_context_release(c, a->u.dense.data, a->u.dense.size));
	cr_assert(!memcmp(a->u.dense.data, want + 7, n - 7));
	/* an op holding it goes: the data stays readable */
	IrNamedAttr na = { ir_ident_cstr(c, "value"), a };
	IrOpState s = {
		.name = ir_op_name_get(c, "test.blob", 9),
		.loc = ir_loc_unknown(c),
		.attrs = ir_attr_dict(c, 1, &na),
	};
	ir_context_set_allow_unregistered(c, true);
	ir_op_destroy(ir_op_create(c, &s));
	cr_assert(!memcmp(a->u.dense.data, want + 7, n - 7));
	cr_assert_not(ir_context_release(c, want, n), "not mapped");
	cr_assert_not(ir_context_release(c, p + n - 10, 20), "past the end");
	ir_context_destroy(c);
	free(want);
}
