/* test/unit/ir/wide_types_test.c: complex types, scalable vectors, f80 and
 * f128 values, integers wider than 64 bits: storage and uniquing. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

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

TestSuite(wide_types, .init = setup, .fini = teardown);

Test(wide_types, complex_uniqued_and_checked)
{
	const IrType *f32 = ir_type_float(ctx, IR_F32);
	const IrType *i8 = ir_type_int(ctx, 8, IR_UNSIGNED);
	const IrType *c = ir_type_complex(ctx, f32);

	cr_assert_not_null(c);
	cr_assert_eq(c, ir_type_complex(ctx, f32));
	cr_assert_neq(c, ir_type_complex(ctx, i8));
	cr_assert_eq(c->u.complex.elem, f32);
	/* MLIR's rule: integer or float elements only */
	cr_assert_null(ir_type_complex(ctx, ir_type_index(ctx)));
	cr_assert_null(ir_type_complex(ctx, c));
	cr_assert_eq(ir_dense_elem_size(c), 8);
	char *s = ir_type_str(ir_type_complex(ctx, i8));
	cr_assert_str_eq(s, "complex<ui8>");
	free(s);
}

Test(wide_types, scalable_vectors_differ_from_fixed)
{
	const IrType *f32 = ir_type_float(ctx, IR_F32);
	int64_t dims[] = { 2, 4, 8 };
	const IrType *fixed = ir_type_vector(ctx, 3, dims, f32);
	const IrType *s2 = ir_type_vector_scalable(ctx, 3, dims, f32, 2);

	cr_assert_neq(fixed, s2);
	cr_assert_eq(s2, ir_type_vector_scalable(ctx, 3, dims, f32, 2));
	cr_assert_eq(fixed, ir_type_vector_scalable(ctx, 3, dims, f32, 0));
	cr_assert_null(ir_type_vector_scalable(ctx, 3, dims, f32, 4));
	char *s = ir_type_str(s2);
	cr_assert_str_eq(s, "vector<2x[4x8]xf32>");
	free(s);
}

Test(wide_types, f80_f128_from_double_exact)
{
	static const double vals[] = { 1.0, -2.5, 0.1, 1e300, 4.9e-324,
	    -0.0, 0.0, INFINITY };
	for (int k = 0; k < 2; k++) {
		IrFloatKind fk = k ? IR_F128 : IR_F80;
		for (size_t i = 0; i < sizeof vals / sizeof vals[0]; i++) {
			uint8_t b[16];
			double back;
			ir_float_wide_from_double(fk, vals[i], b);
			cr_assert(ir_float_wide_to_double(fk, b, &back));
			cr_assert_eq(memcmp(&back, &vals[i], 8), 0,
			    "kind %d value %g", k, vals[i]);
		}
	}
	/* 1.0 in f80: sign/exponent 0x3FFF, integer bit set */
	uint8_t b[16];
	ir_float_wide_from_double(IR_F80, 1.0, b);
	cr_assert_eq(b[7], 0x80);
	cr_assert_eq(b[8], 0xff);
	cr_assert_eq(b[9], 0x3f);
	/* 1.0 in f128: 0x3FFF000...0 */
	ir_float_wide_from_double(IR_F128, 1.0, b);
	cr_assert_eq(b[15], 0x3f);
	cr_assert_eq(b[14], 0xff);
	for (int i = 0; i < 14; i++)
		cr_assert_eq(b[i], 0);
}

Test(wide_types, f80_attr_keeps_every_bit)
{
	const IrType *f80 = ir_type_float(ctx, IR_F80);
	uint8_t one[10] = { 0, 0, 0, 0, 0, 0, 0, 0x80, 0xff, 0x3f };
	uint8_t odd[10] = { 1, 0, 0, 0, 0, 0, 0, 0x80, 0xff, 0x3f };
	const IrAttr *a = ir_attr_float_bytes(ctx, f80, one);
	const IrAttr *b = ir_attr_float_bytes(ctx, f80, odd);
	double d;

	cr_assert_eq(a, ir_attr_float(ctx, f80, 1.0));
	cr_assert_neq(a, b); /* 1 + 2^-63: no double holds it */
	cr_assert_eq(b->u.flt.wide[0], UINT64_C(0x8000000000000001));
	cr_assert_eq(b->u.flt.wide[1], 0x3fff);
	cr_assert_not(ir_float_wide_to_double(IR_F80, odd, &d));
	cr_assert_eq(d, 1.0);
	char *s = ir_attr_str(b);
	cr_assert_str_eq(s, "0x3FFF8000000000000001 : f80");
	free(s);
	s = ir_attr_str(ir_attr_float(ctx, f80, 0.1));
	cr_assert_str_eq(s, "0.100000000000000005551 : f80");
	free(s);
	/* narrower kinds have no wide bytes */
	cr_assert_null(ir_attr_float_bytes(ctx, ir_type_float(ctx, IR_F64),
	    one));
}

Test(wide_types, wide_int_parse_rules)
{
	uint8_t b[17];

	/* 2^127 fits i128 as a signless pattern, not si128 */
	cr_assert_null(ir_wide_int_parse("0x80000000000000000000000000000000",
	    34, false, 128, IR_SIGNLESS, false, b));
	cr_assert_eq(b[15], 0x80);
	cr_assert_not_null(ir_wide_int_parse(
	    "170141183460469231731687303715884105728", 39, false, 128,
	    IR_SIGNED, false, b));
	/* -2^127 fits; -(2^127 + 1) does not */
	cr_assert_null(ir_wide_int_parse(
	    "170141183460469231731687303715884105728", 39, true, 128,
	    IR_SIGNED, false, b));
	cr_assert_not_null(ir_wide_int_parse(
	    "170141183460469231731687303715884105729", 39, true, 128,
	    IR_SIGNED, false, b));
	/* 2^96 needs 97 bits */
	cr_assert_not_null(ir_wide_int_parse("79228162514264337593543950336",
	    29, false, 96, IR_UNSIGNED, false, b));
	cr_assert_null(ir_wide_int_parse("79228162514264337593543950335",
	    29, false, 96, IR_UNSIGNED, false, b));
	char *s = ir_wide_int_str(b, 96, false);
	cr_assert_str_eq(s, "79228162514264337593543950335");
	free(s);
	s = ir_wide_int_str(b, 96, true);
	cr_assert_str_eq(s, "-1");
	free(s);
}

Test(wide_types, wide_int_attrs_uniqued_by_value)
{
	const IrType *i128 = ir_type_int(ctx, 128, IR_SIGNLESS);
	uint8_t v[16] = { 0 };
	const IrAttr *a, *b;

	v[15] = 1; /* 2^120 */
	a = ir_attr_int_bytes(ctx, i128, v);
	b = ir_attr_int_bytes(ctx, i128, v);
	cr_assert_eq(a, b);
	cr_assert_eq(a->u.integer.value, 0);
	cr_assert_neq(a, ir_attr_int(ctx, i128, 0));
	/* ir_attr_int sign-extends into the wide bytes */
	a = ir_attr_int(ctx, i128, -1);
	for (int i = 0; i < 16; i++)
		cr_assert_eq(a->u.integer.wide[i], 0xff);
	char *s = ir_attr_str(a);
	cr_assert_str_eq(s, "-1 : i128");
	free(s);
	/* bits above the width are dropped */
	memset(v, 0xff, sizeof v);
	a = ir_attr_int_bytes(ctx, ir_type_int(ctx, 65, IR_UNSIGNED), v);
	cr_assert_eq(a->u.integer.wide[8], 1);
	s = ir_attr_str(a);
	cr_assert_str_eq(s, "36893488147419103231 : ui65");
	free(s);
	cr_assert_null(ir_attr_int_bytes(ctx, ir_type_int(ctx,
	    IR_INT_MAX_VALUE_WIDTH + 1, IR_SIGNLESS), v));
}

Test(wide_types, sparse_checked_and_uniqued)
{
	const IrType *i32 = ir_type_int(ctx, 32, IR_SIGNLESS);
	const IrType *i64 = ir_type_int(ctx, 64, IR_SIGNLESS);
	int64_t shape[] = { 3, 4 }, ishape[] = { 2, 2 }, n = 2;
	const IrType *t = ir_type_tensor(ctx, 2, shape, i32, NULL);
	int64_t idx[] = { 0, 0, 1, 2 }, bad_idx[] = { 0, 0, 3, 0 };
	int32_t vals[] = { 1, 5 };
	const IrAttr *ind = ir_attr_dense(ctx, ir_type_tensor(ctx, 2, ishape,
	    i64, NULL), false, idx, sizeof idx);
	const IrAttr *bad = ir_attr_dense(ctx, ir_type_tensor(ctx, 2, ishape,
	    i64, NULL), false, bad_idx, sizeof bad_idx);
	const IrAttr *val = ir_attr_dense(ctx, ir_type_tensor(ctx, 1, &n, i32,
	    NULL), false, vals, sizeof vals);
	const IrAttr *a = ir_attr_sparse(ctx, t, ind, val);

	cr_assert_not_null(a);
	cr_assert_eq(a, ir_attr_sparse(ctx, t, ind, val));
	cr_assert_null(ir_attr_sparse(ctx, t, bad, val)); /* 3 >= dim 3 */
	cr_assert_null(ir_attr_sparse(ctx, t, val, ind)); /* swapped */
	char *s = ir_attr_str(a);
	cr_assert_str_eq(s, "sparse<[[0, 0], [1, 2]], [1, 5]> : "
	    "tensor<3x4xi32>");
	free(s);
}

Test(wide_types, opaque_elems_keep_bytes)
{
	int64_t four = 4;
	const IrType *t = ir_type_tensor(ctx, 1, &four,
	    ir_type_int(ctx, 8, IR_SIGNLESS), NULL);
	const IrIdent *d = ir_ident_cstr(ctx, "d");
	const IrAttr *a = ir_attr_opaque_elems(ctx, t, d,
	    ir_ident_get(ctx, "\xde\xad\x00\x01", 4));

	cr_assert_eq(a, ir_attr_opaque_elems(ctx, t, d,
	    ir_ident_get(ctx, "\xde\xad\x00\x01", 4)));
	cr_assert_neq(a, ir_attr_opaque_elems(ctx, t, d,
	    ir_ident_get(ctx, "\xde\xad\x00\x02", 4)));
	char *s = ir_attr_str(a);
	cr_assert_str_eq(s, "opaque<\"d\", \"0xDEAD0001\"> : tensor<4xi8>");
	free(s);
	/* dynamic shapes are refused */
	int64_t dyn = IR_DYNAMIC;
	cr_assert_null(ir_attr_opaque_elems(ctx, ir_type_tensor(ctx, 1, &dyn,
	    ir_type_int(ctx, 8, IR_SIGNLESS), NULL), d, d));
}

Test(wide_types, huge_static_shape_holds_a_splat)
{
	int64_t dims[] = { INT64_MAX, 2 };
	const IrType *f32 = ir_type_float(ctx, IR_F32);
	const IrType *t = ir_type_tensor(ctx, 2, dims, f32, NULL);
	float one = 1.0f, two[2] = { 1.0f, 2.0f };

	cr_assert(ir_type_is_static(t));
	cr_assert_eq(ir_type_num_elements(t), -1);
	cr_assert_not_null(ir_attr_dense(ctx, t, true, &one, 4));
	cr_assert_null(ir_attr_dense(ctx, t, false, two, 8));
	/* a zero dim anywhere: no elements, even after a huge one */
	int64_t z[] = { INT64_MAX, 2, 0 };
	cr_assert_eq(ir_type_num_elements(ir_type_tensor(ctx, 3, z, f32,
	    NULL)), 0);
}
