/* test/unit/ir/print_test.c: the printer: types, attributes, floats,
 * locations, value numbering and the builtin sugar, compared with what
 * mlir-opt-14 prints for the same IR. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ir/internal.h"

static IrContext *ctx;
static const IrType *i32, *i64, *f32, *f64;

static void
setup(void)
{
	ctx = ir_context_create();
	ir_context_set_allow_unregistered(ctx, true);
	i32 = ir_type_int(ctx, 32, IR_SIGNLESS);
	i64 = ir_type_int(ctx, 64, IR_SIGNLESS);
	f32 = ir_type_float(ctx, IR_F32);
	f64 = ir_type_float(ctx, IR_F64);
}

static void
teardown(void)
{
	ir_context_destroy(ctx);
}

TestSuite(print, .init = setup, .fini = teardown);

static void
type_is(const IrType *t, const char *want)
{
	cr_assert_not_null(t);
	char *s = ir_type_str(t);
	cr_expect_str_eq(s, want);
	free(s);
}

static void
attr_is(const IrAttr *a, const char *want)
{
	cr_assert_not_null(a);
	char *s = ir_attr_str(a);
	cr_expect_str_eq(s, want);
	free(s);
}

static const IrIdent *
id(const char *s)
{
	return ir_ident_cstr(ctx, s);
}

/* What ir_print_op writes for op. */
static char *
op_str(IrOp *op, bool generic, bool debuginfo)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	cr_assert_not_null(f);
	IrPrintFlags flags = { .generic = generic, .debuginfo = debuginfo };
	ir_print_op(f, op, &flags);
	fclose(f);
	return buf;
}

static void
op_is(IrOp *op, bool generic, const char *want)
{
	char *s = op_str(op, generic, false);
	cr_expect_str_eq(s, want);
	free(s);
}

/* ---------------------------------------------------------------- types */

Test(print, scalar_types)
{
	type_is(ir_type_int(ctx, 1, IR_SIGNLESS), "i1");
	type_is(ir_type_int(ctx, 32, IR_SIGNED), "si32");
	type_is(ir_type_int(ctx, 8, IR_UNSIGNED), "ui8");
	type_is(ir_type_float(ctx, IR_F16), "f16");
	type_is(ir_type_float(ctx, IR_BF16), "bf16");
	type_is(f64, "f64");
	type_is(ir_type_index(ctx), "index");
	type_is(ir_type_none(ctx), "none");
}

Test(print, shaped_types)
{
	int64_t d3[] = { IR_DYNAMIC, 3, IR_DYNAMIC };
	int64_t d2[] = { 4, 8 };
	int64_t d1[] = { 4 };
	type_is(ir_type_tensor(ctx, 3, d3, f32, NULL), "tensor<?x3x?xf32>");
	type_is(ir_type_tensor(ctx, -1, NULL, f32, NULL), "tensor<*xf32>");
	type_is(ir_type_tensor(ctx, 0, NULL, i32, NULL), "tensor<i32>");
	type_is(ir_type_tensor(ctx, 1, d1, f32,
	    ir_attr_string(ctx, "enc", 3, NULL)), "tensor<4xf32, \"enc\">");
	type_is(ir_type_tensor(ctx, 1, d1, f32, ir_attr_int(ctx, i64, 1)),
	    "tensor<4xf32, 1 : i64>");
	type_is(ir_type_vector(ctx, 2, d2, f32), "vector<4x8xf32>");
	type_is(ir_type_memref(ctx, 1, d1, ir_type_int(ctx, 8, IR_SIGNLESS),
	    NULL, ir_attr_string(ctx, "sram", 4, NULL)),
	    "memref<4xi8, \"sram\">");
	type_is(ir_type_memref(ctx, -1, NULL, f32, NULL,
	    ir_attr_int(ctx, i64, 2)), "memref<*xf32, 2>");
	type_is(ir_type_memref(ctx, 1, d1, f32, NULL,
	    ir_attr_int(ctx, i32, 1)), "memref<4xf32, 1 : i32>");
	/* Identity layouts and memory space 0 are dropped, as MLIR does. */
	const IrAffineExpr *id0 = ir_affine_dim(ctx, 0);
	type_is(ir_type_memref(ctx, 1, d1, f32,
	    ir_attr_affine_map(ctx, 1, 0, 1, &id0), ir_attr_int(ctx, i64, 0)),
	    "memref<4xf32>");
	const IrAffineExpr *swap[] = { ir_affine_dim(ctx, 1),
		ir_affine_dim(ctx, 0) };
	type_is(ir_type_memref(ctx, 2, d2, f32,
	    ir_attr_affine_map(ctx, 2, 0, 2, swap), ir_attr_int(ctx, i64, 1)),
	    "memref<4x8xf32, affine_map<(d0, d1) -> (d1, d0)>, 1>");
	int64_t strides[] = { 8, 1 };
	type_is(ir_type_memref(ctx, 2, d2, f32,
	    ir_attr_strided(ctx, IR_DYNAMIC, 2, strides), NULL),
	    "memref<4x8xf32, strided<[8, 1], offset: ?>>");
}

Test(print, function_and_tuple_types)
{
	const IrType *res[] = { f32, ir_type_int(ctx, 1, IR_SIGNLESS) };
	type_is(ir_type_function(ctx, 1, &i32, 2, res), "(i32) -> (f32, i1)");
	type_is(ir_type_function(ctx, 0, NULL, 0, NULL), "() -> ()");
	type_is(ir_type_function(ctx, 1, &i32, 1, &f32), "(i32) -> f32");
	const IrType *fn = ir_type_function(ctx, 0, NULL, 0, NULL);
	type_is(ir_type_function(ctx, 1, &i32, 1, &fn),
	    "(i32) -> (() -> ())");
	type_is(ir_type_tuple(ctx, 0, NULL), "tuple<>");
	type_is(ir_type_tuple(ctx, 2, res), "tuple<f32, i1>");
}

Test(print, quant_types)
{
	const IrType *i8 = ir_type_int(ctx, 8, IR_SIGNLESS);
	double s1 = 0.1, s2[] = { 0.1, 0.2 };
	int64_t z1 = -3, z2[] = { 2, 3 }, z0 = 0;
	type_is(ir_type_quant(ctx, true, i8, f32, -128, 127, -1, 1, &s1, &z1),
	    "!quant.uniform<i8:f32, 1.000000e-01:-3>");
	type_is(ir_type_quant(ctx, true, i8, f32, -127, 127, 1, 2, s2, z2),
	    "!quant.uniform<i8<-127:127>:f32:1, "
	    "{1.000000e-01:2,2.000000e-01:3}>");
	double half = 0.5;
	type_is(ir_type_quant(ctx, false, i8, f32, 0, 255, -1, 1, &half, &z0),
	    "!quant.uniform<u8:f32, 5.000000e-01>");
	double tiny = 1e-20;
	type_is(ir_type_quant(ctx, true, ir_type_int(ctx, 32, IR_SIGNLESS),
	    f32, INT32_MIN, INT32_MAX, -1, 1, &tiny, &z0),
	    "!quant.uniform<i32:f32, 9.9999999999999995E-21>");
}

Test(print, opaque_types_and_attrs)
{
	type_is(ir_type_opaque(ctx, id("d"), id("body<1, \"x\">")),
	    "!d.body<1, \"x\">");
	type_is(ir_type_opaque(ctx, id("d"), id("a b")), "!d<\"a b\">");
	type_is(ir_type_opaque(ctx, id("d"), id("a<b]>")), "!d<\"a<b]>\">");
	type_is(ir_type_opaque(ctx, id("d"), id("f<() -> ()>")),
	    "!d.f<() -> ()>");
	attr_is(ir_attr_opaque(ctx, id("d"), id("body<[1]>")),
	    "#d.body<[1]>");
}

/* ------------------------------------------------------------ attributes */

Test(print, integer_attrs)
{
	attr_is(ir_attr_int(ctx, i64, 1), "1 : i64");
	attr_is(ir_attr_int(ctx, i32, -7), "-7 : i32");
	attr_is(ir_attr_bool(ctx, true), "true");
	attr_is(ir_attr_bool(ctx, false), "false");
	attr_is(ir_attr_int(ctx, ir_type_index(ctx), 5), "5 : index");
	attr_is(ir_attr_int(ctx, ir_type_int(ctx, 8, IR_UNSIGNED), 255),
	    "255 : ui8");
	attr_is(ir_attr_int(ctx, ir_type_int(ctx, 8, IR_SIGNED), -1),
	    "-1 : si8");
	attr_is(ir_attr_int(ctx, ir_type_int(ctx, 8, IR_SIGNLESS), 255),
	    "-1 : i8");
	attr_is(ir_attr_int(ctx, i64, INT64_MIN),
	    "-9223372036854775808 : i64");
	attr_is(ir_attr_int(ctx, ir_type_int(ctx, 64, IR_UNSIGNED), -1),
	    "18446744073709551615 : ui64");
}

static void
float_is(IrFloatKind k, double v, const char *want)
{
	attr_is(ir_attr_float(ctx, ir_type_float(ctx, k), v), want);
}

Test(print, float_attrs)
{
	float_is(IR_F64, 1.0, "1.000000e+00 : f64");
	float_is(IR_F32, 0.1, "1.000000e-01 : f32");
	float_is(IR_F64, -0.0, "-0.000000e+00 : f64");
	float_is(IR_F64, 100.0, "1.000000e+02 : f64");
	float_is(IR_F64, 3.14159265358979, "3.14159265358979 : f64");
	float_is(IR_F64, 123456789.0, "0x419D6F3454000000 : f64");
	float_is(IR_F64, 9007199254740993.0, "0x4340000000000000 : f64");
	float_is(IR_F64, 1e300, "1.000000e+300 : f64");
	float_is(IR_F64, 1e-320, "9.999880e-321 : f64");
	/* LLVM truncates the digits early: these fall back to 17 digits. */
	float_is(IR_F64, 1e-20, "9.9999999999999995E-21 : f64");
	float_is(IR_F32, 1e-2, "0.00999999977 : f32");
	float_is(IR_F16, 0.333, "3.330080e-01 : f16");
	float_is(IR_F16, 65504.0, "6.550400e+04 : f16");
	float_is(IR_BF16, 0.1, "1.000980e-01 : bf16");
	float_is(IR_F64, INFINITY, "0x7FF0000000000000 : f64");
	float_is(IR_F32, -INFINITY, "0xFF800000 : f32");
	float_is(IR_F16, INFINITY, "0x7C00 : f16");
	float_is(IR_F64, NAN, "0x7FF8000000000000 : f64");
}

Test(print, string_attrs)
{
	attr_is(ir_attr_string(ctx, "a\"b\\c\nd\te\x01\xff", 11, NULL),
	    "\"a\\22b\\\\c\\0Ad\\09e\\01\\FF\"");
	attr_is(ir_attr_string(ctx, "", 0, NULL), "\"\"");
	attr_is(ir_attr_string(ctx, "x", 1, i32), "\"x\" : i32");
}

Test(print, array_dict_attrs)
{
	const IrAttr *inner[] = { ir_attr_int(ctx, i64, 1),
		ir_attr_float(ctx, f64, 2.0) };
	const IrAttr *elems[] = {
		ir_attr_int(ctx, i32, 1), ir_attr_int(ctx, i64, -7),
		ir_attr_float(ctx, f64, 3.0), ir_attr_float(ctx, f32, 1.0),
		ir_attr_bool(ctx, true), ir_attr_array(ctx, 2, inner),
		ir_attr_empty_dict(ctx), ir_attr_unit(ctx),
	};
	attr_is(ir_attr_array(ctx, 8, elems),
	    "[1 : i32, -7, 3.000000e+00, 1.000000e+00 : f32, true, "
	    "[1, 2.000000e+00], {}, unit]");
	attr_is(ir_attr_array(ctx, 0, NULL), "[]");
	IrNamedAttr e[] = {
		{ id("z"), ir_attr_int(ctx, i64, 1) },
		{ id("a"), ir_attr_unit(ctx) },
		{ id("q r"), ir_attr_type(ctx, i32) },
		{ id("a.b$c"), ir_attr_float(ctx, f64, 2.0) },
	};
	attr_is(ir_attr_dict(ctx, 4, e),
	    "{a, a.b$c = 2.000000e+00 : f64, \"q r\" = i32, z = 1 : i64}");
}

Test(print, symbol_refs)
{
	const IrIdent *nested[] = { id("b"), id("c d") };
	attr_is(ir_attr_symref(ctx, id("f"), 0, NULL), "@f");
	attr_is(ir_attr_symref(ctx, id("a b"), 0, NULL), "@\"a b\"");
	attr_is(ir_attr_symref(ctx, id("a"), 2, nested), "@a::@b::@\"c d\"");
	attr_is(ir_attr_symref(ctx, id("1a"), 0, NULL), "@\"1a\"");
}

Test(print, dense_attrs)
{
	int64_t d4[] = { 4 }, d22[] = { 2, 2 }, d0[] = { 0 }, d21[] = { 2, 1 };
	const IrType *t4 = ir_type_tensor(ctx, 1, d4, i32, NULL);
	int32_t one = 1, v4[] = { 1, 2, 3, -4 };
	attr_is(ir_attr_dense(ctx, t4, true, &one, 4),
	    "dense<1> : tensor<4xi32>");
	attr_is(ir_attr_dense(ctx, t4, false, v4, 16),
	    "dense<[1, 2, 3, -4]> : tensor<4xi32>");
	float fv[] = { 1.0f, 2.0f, 3.0f, 4.5f };
	attr_is(ir_attr_dense(ctx, ir_type_tensor(ctx, 2, d22, f32, NULL),
	    false, fv, 16), "dense<[[1.000000e+00, 2.000000e+00], "
	    "[3.000000e+00, 4.500000e+00]]> : tensor<2x2xf32>");
	uint8_t bools[] = { 1, 0 };
	const IrType *i1 = ir_type_int(ctx, 1, IR_SIGNLESS);
	int64_t d2[] = { 2 };
	attr_is(ir_attr_dense(ctx, ir_type_tensor(ctx, 1, d2, i1, NULL),
	    false, bools, 2), "dense<[true, false]> : tensor<2xi1>");
	attr_is(ir_attr_dense(ctx, ir_type_tensor(ctx, 1, d0, i32, NULL),
	    false, NULL, 0), "dense<> : tensor<0xi32>");
	int64_t col[] = { 1, 2 };
	attr_is(ir_attr_dense(ctx, ir_type_tensor(ctx, 2, d21, i64, NULL),
	    false, col, 16), "dense<[[1], [2]]> : tensor<2x1xi64>");
	uint8_t u[] = { 255, 1 };
	attr_is(ir_attr_dense(ctx, ir_type_tensor(ctx, 1, d2,
	    ir_type_int(ctx, 8, IR_UNSIGNED), NULL), false, u, 2),
	    "dense<[255, 1]> : tensor<2xui8>");
	attr_is(ir_attr_dense(ctx, ir_type_tensor(ctx, 1, d2,
	    ir_type_int(ctx, 8, IR_SIGNLESS), NULL), false, u, 2),
	    "dense<[-1, 1]> : tensor<2xi8>");
	uint16_t h[] = { 0x2E66, 0x3A66 }; /* f16 0.1 and 0.8 */
	attr_is(ir_attr_dense(ctx, ir_type_vector(ctx, 1, d2,
	    ir_type_float(ctx, IR_F16)), false, h, 4),
	    "dense<[9.997550e-02, 7.998050e-01]> : vector<2xf16>");
}

Test(print, dense_hex)
{
	int64_t n100[] = { 100 }, n101[] = { 101 };
	uint8_t b[101];
	for (int i = 0; i < 101; i++)
		b[i] = (uint8_t)i;
	const IrType *i8 = ir_type_int(ctx, 8, IR_SIGNLESS);
	char *s = ir_attr_str(ir_attr_dense(ctx,
	    ir_type_tensor(ctx, 1, n100, i8, NULL), false, b, 100));
	cr_expect(strncmp(s, "dense<[0, 1, 2,", 15) == 0, "%s", s);
	free(s);
	s = ir_attr_str(ir_attr_dense(ctx,
	    ir_type_tensor(ctx, 1, n101, i8, NULL), false, b, 101));
	cr_expect(strncmp(s, "dense<\"0x000102030405", 21) == 0, "%s", s);
	cr_expect(strstr(s, "626364\"> : tensor<101xi8>") != NULL, "%s", s);
	free(s);
	/* MLIR 14 packs i1 bits into a buffer of one byte per element. */
	for (int i = 0; i < 101; i++)
		b[i] = i % 3 == 0;
	s = ir_attr_str(ir_attr_dense(ctx, ir_type_tensor(ctx, 1, n101,
	    ir_type_int(ctx, 1, IR_SIGNLESS), NULL), false, b, 101));
	cr_expect(strncmp(s, "dense<\"0x499224499224499224499224090000",
	    38) == 0, "%s", s);
	cr_expect_eq(strlen(s), strlen("dense<\"0x\"> : tensor<101xi1>") +
	    202);
	free(s);
}

/* d0 + d1 * c etc. */
static const IrAffineExpr *
bin(IrAffineKind k, const IrAffineExpr *l, const IrAffineExpr *r)
{
	return ir_affine_binary(ctx, k, l, r);
}

Test(print, affine_maps)
{
	const IrAffineExpr *d0 = ir_affine_dim(ctx, 0);
	const IrAffineExpr *d1 = ir_affine_dim(ctx, 1);
	const IrAffineExpr *s0 = ir_affine_symbol(ctx, 0);
	const IrAffineExpr *m1 = ir_affine_const(ctx, -1);
	const IrAffineExpr *r[] = {
		bin(IR_AFFINE_ADD, bin(IR_AFFINE_MUL, d0,
		    ir_affine_const(ctx, 4)), s0),
		bin(IR_AFFINE_ADD, d1, bin(IR_AFFINE_MUL, d0, m1)),
	};
	attr_is(ir_attr_affine_map(ctx, 2, 1, 2, r),
	    "affine_map<(d0, d1)[s0] -> (d0 * 4 + s0, d1 - d0)>");
	attr_is(ir_attr_affine_map(ctx, 0, 0, 0, NULL),
	    "affine_map<() -> ()>");
	const IrAffineExpr *q[] = {
		bin(IR_AFFINE_ADD, d0, ir_affine_const(ctx, -1)),
		bin(IR_AFFINE_MUL, d0, m1),
		bin(IR_AFFINE_MUL, bin(IR_AFFINE_ADD, d0,
		    ir_affine_const(ctx, 1)), ir_affine_const(ctx, 2)),
		bin(IR_AFFINE_MOD, d0, ir_affine_const(ctx, 4)),
		bin(IR_AFFINE_ADD, d1, bin(IR_AFFINE_MUL, bin(
		    IR_AFFINE_FLOORDIV, d0, ir_affine_const(ctx, 2)),
		    ir_affine_const(ctx, -2))),
		bin(IR_AFFINE_ADD, d1, bin(IR_AFFINE_MUL, bin(IR_AFFINE_MOD,
		    d0, ir_affine_const(ctx, 2)), m1)),
		bin(IR_AFFINE_ADD, d1, bin(IR_AFFINE_MUL, bin(IR_AFFINE_ADD,
		    d0, ir_affine_const(ctx, 1)), m1)),
		bin(IR_AFFINE_CEILDIV, d0, ir_affine_const(ctx, 3)),
	};
	char *s = ir_attr_str(ir_attr_affine_map(ctx, 2, 0, 8, q));
	/* mlir-opt-14's spelling of the same expressions. */
	cr_expect(strstr(s, "(d0 - 1, -d0, (d0 + 1) * 2, d0 mod 4, ") != NULL,
	    "%s", s);
	cr_expect(strstr(s, "d1 - (d0 floordiv 2) * 2, d1 - d0 mod 2, "
	    "d1 - (d0 + 1), d0 ceildiv 3)>") != NULL, "%s", s);
	free(s);
}

Test(print, locations)
{
	const IrLoc *f = ir_loc_file(ctx, id("a.mlir"), 2, 8);
	const IrLoc *locs[] = { ir_loc_name(ctx, id("a"), NULL), f };
	const IrLoc *cases[] = {
		ir_loc_unknown(ctx), f, ir_loc_name(ctx, id("n"), f),
		ir_loc_fused(ctx, 2, locs, NULL),
		ir_loc_fused(ctx, 1, locs, ir_attr_string(ctx, "m", 1, NULL)),
		ir_loc_callsite(ctx, locs[0], f),
		ir_loc_name(ctx, id("a\"b\n"), NULL),
	};
	const char *want[] = {
		"loc(unknown)", "loc(\"a.mlir\":2:8)",
		"loc(\"n\"(\"a.mlir\":2:8))",
		"loc(fused[\"a\", \"a.mlir\":2:8])",
		"loc(fused<\"m\">[\"a\"])",
		"loc(callsite(\"a\" at \"a.mlir\":2:8))",
		"loc(\"a\\22b\\0A\")",
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char *buf = NULL;
		size_t len = 0;
		FILE *out = open_memstream(&buf, &len);
		ir_print_loc(out, cases[i]);
		fclose(out);
		cr_expect_str_eq(buf, want[i]);
		free(buf);
	}
}

/* MLIR simplifies fused locations when it creates them; the printer
 * prints any fused location the way mlir-opt would print its
 * simplified form. */
Test(print, fused_locations_simplified)
{
	const IrLoc *x = ir_loc_name(ctx, id("x"), NULL);
	const IrLoc *f = ir_loc_file(ctx, id("f.mlir"), 1, 2);
	const IrLoc *u = ir_loc_unknown(ctx);
	const IrAttr *m = ir_attr_string(ctx, "m", 1, NULL);
	const IrLoc *inner_m = ir_loc_fused(ctx, 1, &x, m);
	const IrLoc *one[] = { f };
	const IrLoc *l1[] = { inner_m, f, u, f };
	const IrLoc *l2[] = { u, u };
	const IrLoc *solo = ir_loc_fused(ctx, 1, one, NULL);
	const IrLoc *l3[] = { solo, x };
	const IrLoc *cases[] = {
		ir_loc_fused(ctx, 4, l1, m),
		ir_loc_fused(ctx, 4, l1, NULL),
		solo,
		ir_loc_fused(ctx, 2, l2, NULL),
		ir_loc_fused(ctx, 2, l2, m),
		ir_loc_name(ctx, id("n"), ir_loc_fused(ctx, 2, l2, NULL)),
		ir_loc_fused(ctx, 2, l3, NULL),
	};
	const char *want[] = {
		"loc(fused<\"m\">[\"x\", \"f.mlir\":1:2])",
		"loc(fused[fused<\"m\">[\"x\"], \"f.mlir\":1:2])",
		"loc(\"f.mlir\":1:2)",
		"loc(unknown)",
		"loc(fused<\"m\">[unknown])",
		"loc(\"n\")",
		"loc(fused[\"f.mlir\":1:2, \"x\"])",
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char *buf = NULL;
		size_t len = 0;
		FILE *out = open_memstream(&buf, &len);
		ir_print_loc(out, cases[i]);
		fclose(out);
		cr_expect_str_eq(buf, want[i]);
		free(buf);
	}
}

Test(print, one_bit_integers)
{
	const IrType *si1 = ir_type_int(ctx, 1, IR_SIGNED);
	const IrType *ui1 = ir_type_int(ctx, 1, IR_UNSIGNED);
	attr_is(ir_attr_int(ctx, si1, 1), "-1 : si1");
	attr_is(ir_attr_int(ctx, ui1, 1), "1 : ui1");
	int64_t d2[] = { 2 };
	uint8_t v[] = { 1, 0 };
	attr_is(ir_attr_dense(ctx, ir_type_tensor(ctx, 1, d2, ui1, NULL),
	    false, v, 2), "dense<[true, false]> : tensor<2xui1>");
	attr_is(ir_attr_dense(ctx, ir_type_tensor(ctx, 1, d2, si1, NULL),
	    false, v, 2), "dense<[true, false]> : tensor<2xsi1>");
}

/* ---------------------------------------------------------------- ops */

static IrOp *
mk(const char *name, size_t nops, IrValue *const *ops, size_t nres,
    const IrType *const *types, size_t nreg)
{
	IrOpState st = {
		.name = ir_op_name_get(ctx, name, strlen(name)),
		.noperands = nops, .operands = ops,
		.nresults = nres, .result_types = types,
		.nregions = nreg,
	};
	return ir_op_create(ctx, &st);
}

static IrOp *
add(IrBlock *b, IrOp *op)
{
	ir_op_move_to_end(op, b);
	return op;
}

/* The numbering test of mlir-opt-14: a top-level value, then a function
 * whose nested regions continue from the parent region's counter. */
Test(print, numbering)
{
	IrOp *m = ir_module_create(ctx, NULL);
	IrBlock *body = ir_module_body(m);
	add(body, mk("x.top", 0, NULL, 1, &i32, 0));
	const IrType *in[] = { i32, f32 };
	IrOp *fn = add(body, ir_func_create(ctx, NULL, "f",
	    ir_type_function(ctx, 2, in, 1, &i32)));
	IrBlock *e = ir_func_entry(fn);
	const IrType *two[] = { i32, i32 };
	IrValue *a0 = e->args[0];
	IrOp *multi = add(e, mk("x.multi", 1, &a0, 2, two, 0));
	IrValue *r1 = ir_op_result(multi, 1);
	IrOp *r = add(e, mk("x.r", 1, &r1, 1, &i32, 2));
	IrBlock *rb = ir_block_create();
	ir_region_append(ir_op_regions(r), rb);
	IrValue *c = ir_block_add_arg(rb, i32, NULL);
	IrOp *in1 = add(rb, mk("x.in", 1, &c, 1, &i32, 0));
	(void)in1;
	IrBlock *rb2 = ir_block_create();
	ir_region_append(&ir_op_regions(r)[1], rb2);
	add(rb2, mk("x.in2", 0, NULL, 1, &i32, 0));
	IrValue *ret = ir_op_result(r, 0);
	IrOpState rs = {
		.name = ir_op_name_get(ctx, "func.return", 11),
		.noperands = 1, .operands = &ret,
	};
	add(e, ir_op_create(ctx, &rs));
	op_is(m, true,
	    "\"builtin.module\"() ({\n"
	    "  %0 = \"x.top\"() : () -> i32\n"
	    "  \"func.func\"() ({\n"
	    "  ^bb0(%arg0: i32, %arg1: f32):\n"
	    "    %1:2 = \"x.multi\"(%arg0) : (i32) -> (i32, i32)\n"
	    "    %2 = \"x.r\"(%1#1) ({\n"
	    "    ^bb0(%arg2: i32):\n"
	    "      %3 = \"x.in\"(%arg2) : (i32) -> i32\n"
	    "    }, {\n"
	    "      %3 = \"x.in2\"() : () -> i32\n"
	    "    }) : (i32) -> i32\n"
	    "    \"func.return\"(%2) : (i32) -> ()\n"
	    "  }) {function_type = (i32, f32) -> i32, sym_name = \"f\"} : "
	    "() -> ()\n"
	    "}) : () -> ()\n");
	op_is(m, false,
	    "module {\n"
	    "  %0 = \"x.top\"() : () -> i32\n"
	    "  func.func @f(%arg0: i32, %arg1: f32) -> i32 {\n"
	    "    %1:2 = \"x.multi\"(%arg0) : (i32) -> (i32, i32)\n"
	    "    %2 = \"x.r\"(%1#1) ({\n"
	    "    ^bb0(%arg2: i32):\n"
	    "      %3 = \"x.in\"(%arg2) : (i32) -> i32\n"
	    "    }, {\n"
	    "      %3 = \"x.in2\"() : () -> i32\n"
	    "    }) : (i32) -> i32\n"
	    "    return %2 : i32\n"
	    "  }\n"
	    "}\n");
	ir_op_destroy(m);
}

/* Non-entry blocks: numbered values as arguments, pred comments sorted
 * by block number with duplicates, successors, empty regions. */
Test(print, blocks_and_successors)
{
	IrOp *m = ir_module_create(ctx, NULL);
	IrOp *x = add(ir_module_body(m), mk("x.r", 0, NULL, 0, NULL, 2));
	IrBlock *b0 = ir_block_create(), *b1 = ir_block_create(),
	    *b2 = ir_block_create();
	IrRegion *r = ir_op_regions(x);
	ir_region_append(r, b0);
	ir_region_append(r, b1);
	ir_region_append(r, b2);
	IrValue *a = ir_block_add_arg(b2, i32, NULL);
	IrBlock *s01[] = { b1, b2 }, *s2[] = { b2 }, *s22[] = { b2, b2 };
	IrOpState st = { .name = ir_op_name_get(ctx, "x.br", 4),
		.nsuccs = 2, .succs = s01 };
	add(b0, ir_op_create(ctx, &st));
	st.nsuccs = 2;
	st.succs = s22;
	add(b1, ir_op_create(ctx, &st));
	st.nsuccs = 1;
	st.succs = s2;
	st.noperands = 1;
	st.operands = &a;
	add(b2, ir_op_create(ctx, &st));
	op_is(m, true,
	    "\"builtin.module\"() ({\n"
	    "  \"x.r\"() ({\n"
	    "    \"x.br\"()[^bb1, ^bb2] : () -> ()\n"
	    "  ^bb1:  // pred: ^bb0\n"
	    "    \"x.br\"()[^bb2, ^bb2] : () -> ()\n"
	    "  ^bb2(%0: i32):  // 4 preds: ^bb0, ^bb1, ^bb1, ^bb2\n"
	    "    \"x.br\"(%0)[^bb2] : (i32) -> ()\n"
	    "  }, {\n"
	    "  }) : () -> ()\n"
	    "}) : () -> ()\n");
	ir_op_destroy(m);
}

Test(print, empty_module_and_debuginfo)
{
	IrOp *m = ir_module_create(ctx, ir_loc_file(ctx, id("d.mlir"), 0, 0));
	op_is(m, true, "\"builtin.module\"() ({\n^bb0:\n}) : () -> ()\n");
	op_is(m, false, "module {\n}\n");
	char *s = op_str(m, true, true);
	cr_expect_str_eq(s, "\"builtin.module\"() ({\n^bb0:\n}) : () -> () "
	    "loc(\"d.mlir\":0:0)\n");
	free(s);
	IrBlock *b = ir_module_body(m);
	IrOp *x = add(b, mk("x.a", 0, NULL, 0, NULL, 1));
	IrBlock *xb = ir_block_create();
	ir_region_append(ir_op_regions(x), xb);
	ir_block_add_arg(xb, i32, ir_loc_file(ctx, id("q.mlir"), 3, 4));
	ir_block_add_arg(xb, i32, NULL);
	ir_op_set_loc(add(xb, mk("x.b", 0, NULL, 0, NULL, 0)),
	    ir_loc_name(ctx, id("n"), NULL));
	ir_op_set_loc(x, ir_loc_unknown(ctx));
	s = op_str(m, true, true);
	cr_expect_str_eq(s,
	    "\"builtin.module\"() ({\n"
	    "  \"x.a\"() ({\n"
	    "  ^bb0(%arg0: i32 loc(\"q.mlir\":3:4), %arg1: i32 "
	    "loc(unknown)):\n"
	    "    \"x.b\"() : () -> () loc(\"n\")\n"
	    "  }) : () -> () loc(unknown)\n"
	    "}) : () -> () loc(\"d.mlir\":0:0)\n");
	free(s);
	ir_op_destroy(m);
}

Test(print, func_sugar)
{
	IrOp *m = ir_module_create(ctx, NULL);
	ir_op_set_attr(m, "sym_name", ir_attr_string(ctx, "m", 1, NULL));
	ir_op_set_attr(m, "x.a", ir_attr_int(ctx, i64, 1));
	IrBlock *body = ir_module_body(m);
	const IrType *res[] = { i32, f32 };
	IrOp *decl = add(body, ir_func_create(ctx, NULL, "h",
	    ir_type_function(ctx, 1, &i32, 2, res)));
	ir_region_clear(ir_op_regions(decl));
	ir_op_set_attr(decl, "sym_visibility",
	    ir_attr_string(ctx, "private", 7, NULL));
	IrOp *g = add(body, ir_func_create(ctx, NULL, "g",
	    ir_type_function(ctx, 0, NULL, 0, NULL)));
	IrOpState rs = { .name = ir_op_name_get(ctx, "func.return", 11) };
	add(ir_func_entry(g), ir_op_create(ctx, &rs));
	ir_op_set_attr(g, "x.z", ir_attr_string(ctx, "q", 1, NULL));
	IrNamedAttr ra = { id("x.r"), ir_attr_unit(ctx) };
	const IrAttr *dicts[] = { ir_attr_dict(ctx, 1, &ra) };
	IrOp *k = add(body, ir_func_create(ctx, NULL, "k",
	    ir_type_function(ctx, 1, &i32, 1, &i32)));
	ir_op_set_attr(k, "arg_attrs", ir_attr_array(ctx, 1, dicts));
	IrValue *a = ir_func_entry(k)->args[0];
	rs.noperands = 1;
	rs.operands = &a;
	add(ir_func_entry(k), ir_op_create(ctx, &rs));
	op_is(m, false,
	    "module @m attributes {x.a = 1 : i64} {\n"
	    "  func.func private @h(i32) -> (i32, f32)\n"
	    "  func.func @g() attributes {x.z = \"q\"} {\n"
	    "    return\n"
	    "  }\n"
	    "  func.func @k(%arg0: i32 {x.r}) -> i32 {\n"
	    "    return %arg0 : i32\n"
	    "  }\n"
	    "}\n");
	ir_op_destroy(m);
}

/* Printed alone (as in a verifier note), an op's result and the values
 * of its regions both count from %0, as mlir-opt does. */
Test(print, top_op_with_results_and_regions)
{
	IrOp *op = mk("x.r", 0, NULL, 1, &i32, 1);
	IrBlock *b = ir_block_create();
	ir_region_append(ir_op_regions(op), b);
	IrValue *a = ir_block_add_arg(b, i32, NULL);
	IrOp *in = add(b, mk("x.a", 0, NULL, 1, &i32, 0));
	IrValue *uses[] = { ir_op_result(in, 0), a };
	add(b, mk("x.b", 2, uses, 0, NULL, 0));
	op_is(op, true,
	    "%0 = \"x.r\"() ({\n"
	    "^bb0(%arg0: i32):\n"
	    "  %0 = \"x.a\"() : () -> i32\n"
	    "  \"x.b\"(%0, %arg0) : (i32, i32) -> ()\n"
	    "}) : () -> i32\n");
	ir_op_destroy(op);
}

/* Values keep the numbers an earlier printing gave them: printed alone,
 * an op whose operands come from outside it must not show them. */
Test(print, stale_numbers_of_outer_values)
{
	IrOp *op = mk("x.r", 0, NULL, 0, NULL, 1);
	IrBlock *b = ir_block_create();
	ir_region_append(ir_op_region(op, 0), b);
	IrValue *a = ir_block_add_arg(b, i32, NULL);
	IrOp *in = add(b, mk("x.a", 0, NULL, 1, &i32, 0));
	IrValue *uses[] = { ir_op_result(in, 0), a };
	IrOp *use = add(b, mk("x.b", 2, uses, 0, NULL, 0));
	IrOp *n = add(b, mk("x.n", 0, NULL, 0, NULL, 1));
	IrBlock *nb = ir_block_create();
	ir_region_append(ir_op_region(n, 0), nb);
	add(nb, mk("x.b", 2, uses, 0, NULL, 0));
	op_is(op, true,
	    "\"x.r\"() ({\n"
	    "^bb0(%arg0: i32):\n"
	    "  %0 = \"x.a\"() : () -> i32\n"
	    "  \"x.b\"(%0, %arg0) : (i32, i32) -> ()\n"
	    "  \"x.n\"() ({\n"
	    "    \"x.b\"(%0, %arg0) : (i32, i32) -> ()\n"
	    "  }) : () -> ()\n"
	    "}) : () -> ()\n");
	op_is(use, true, "\"x.b\"(<<UNKNOWN SSA VALUE>>, "
	    "<<UNKNOWN SSA VALUE>>) : (i32, i32) -> ()\n");
	op_is(n, true,
	    "\"x.n\"() ({\n"
	    "  \"x.b\"(<<UNKNOWN SSA VALUE>>, <<UNKNOWN SSA VALUE>>) : "
	    "(i32, i32) -> ()\n"
	    "}) : () -> ()\n");
	ir_op_destroy(op);
}

Test(print, unknown_values)
{
	IrOp *d = mk("x.def", 0, NULL, 1, &i32, 0);
	IrValue *v = ir_op_result(d, 0);
	IrOp *u = mk("x.use", 1, &v, 0, NULL, 0);
	op_is(u, true, "\"x.use\"(<<UNKNOWN SSA VALUE>>) : (i32) -> ()\n");
	ir_op_destroy(u);
	ir_op_destroy(d);
}
