/* test/unit/passes/graph_canonicalize_test.c: canonicalize on the graph
 * dialect: its fold hooks and constant materializer (dialects/graph/
 * fold.c) and its chain patterns (dialects/graph/canonicalize.c), through
 * the greedy driver. Expected values by hand. */
#include "dialects/dialect.h"
#include "test/unit/passes/common.h"

static void
setup(void)
{
	passes_setup();
	dialects_register_all(ctx);
}

TestSuite(graph_canon, .init = setup, .fini = passes_teardown);

/* Canonicalizes `body` (the inside of func.func @f(%x: T) -> R, whose
 * signature is given) and returns the printed body ops, one per line,
 * trimmed, without the return. */
static char *
canon(const char *sig, const char *body)
{
	char text[4096];
	snprintf(text, sizeof text, "func.func @f%s {\n%s}\n", sig, body);
	IrOp *m = parse(text);
	IrPassManager *pm = ir_pm_create(ctx, NULL);
	cr_assert(ir_pm_add_pipeline(pm, "canonicalize"));
	cr_assert(ir_pm_run(pm, m), "%s", diags.n ? diags.msg[0] : "");
	ir_pm_destroy(pm);
	/* The printed function: keep the lines between the header and the
	 * return, trimmed. */
	IrPrintFlags pf = { .generic = false };
	char *all = NULL, *buf = NULL;
	size_t alen = 0, len = 0;
	FILE *g = open_memstream(&all, &alen);
	ir_print_op(g, find_op(m, "func.func"), &pf);
	fclose(g);
	FILE *f = open_memstream(&buf, &len);
	char *line = strchr(all, '\n');
	while (line && *++line) {
		char *end = strchr(line, '\n');
		while (*line == ' ')
			line++;
		if (!strncmp(line, "return", 6))
			break;
		fwrite(line, 1, end ? (size_t)(end - line) + 1 : strlen(line),
		    f);
		line = end;
	}
	fclose(f);
	free(all);
	ir_op_destroy(m);
	return buf;
}

#define T23 "tensor<2x3xf32>"
#define T32 "tensor<3x2xf32>"

Test(graph_canon, identities_disappear)
{
	char *s = canon("(%x: " T23 ") -> " T23,
	    "  %0 = \"graph.reshape\"(%x) {shape = [2, 3]} : (" T23 ") -> "
	    T23 "\n"
	    "  %1 = \"graph.cast\"(%0) {to = f32} : (" T23 ") -> " T23 "\n"
	    "  %2 = \"graph.transpose\"(%1) {perm = [0, 1]} : (" T23 ") -> "
	    T23 "\n"
	    "  return %2 : " T23 "\n");
	cr_assert_str_eq(s, "");
	free(s);
}

Test(graph_canon, transpose_chains_merge)
{
	/* [2, 0, 1] then [1, 2, 0]: result dim i is input dim
	 * p[q[i]] = [2, 0, 1][[1, 2, 0][i]] = [0, 1, 2]: the identity. */
	char *s = canon("(%x: tensor<2x3x4xf32>) -> tensor<2x3x4xf32>",
	    "  %0 = \"graph.transpose\"(%x) {perm = [2, 0, 1]} : "
	    "(tensor<2x3x4xf32>) -> tensor<4x2x3xf32>\n"
	    "  %1 = \"graph.transpose\"(%0) {perm = [1, 2, 0]} : "
	    "(tensor<4x2x3xf32>) -> tensor<2x3x4xf32>\n"
	    "  return %1 : tensor<2x3x4xf32>\n");
	cr_assert_str_eq(s, "");
	free(s);
	/* [1, 0, 2] then [2, 0, 1]: [1, 0, 2][[2, 0, 1][i]] = [2, 1, 0]. */
	s = canon("(%x: tensor<2x3x4xf32>) -> tensor<4x3x2xf32>",
	    "  %0 = \"graph.transpose\"(%x) {perm = [1, 0, 2]} : "
	    "(tensor<2x3x4xf32>) -> tensor<3x2x4xf32>\n"
	    "  %1 = \"graph.transpose\"(%0) {perm = [2, 0, 1]} : "
	    "(tensor<3x2x4xf32>) -> tensor<4x3x2xf32>\n"
	    "  return %1 : tensor<4x3x2xf32>\n");
	cr_assert_str_eq(s, "%0 = \"graph.transpose\"(%arg0) {perm = [2, 1, "
	    "0]} : (tensor<2x3x4xf32>) -> tensor<4x3x2xf32>\n");
	free(s);
}

Test(graph_canon, reshape_chains_merge)
{
	char *s = canon("(%x: tensor<2x6xf32>) -> tensor<3x4xf32>",
	    "  %0 = \"graph.reshape\"(%x) {shape = [12]} : "
	    "(tensor<2x6xf32>) -> tensor<12xf32>\n"
	    "  %1 = \"graph.reshape\"(%0) {shape = [3, 4]} : "
	    "(tensor<12xf32>) -> tensor<3x4xf32>\n"
	    "  return %1 : tensor<3x4xf32>\n");
	cr_assert_str_eq(s, "%0 = \"graph.reshape\"(%arg0) {shape = [3, 4]} : "
	    "(tensor<2x6xf32>) -> tensor<3x4xf32>\n");
	free(s);
}

Test(graph_canon, transpose_of_constant)
{
	/* [[1, 2, 3], [4, 5, 6]] transposed: [[1, 4], [2, 5], [3, 6]]. */
	char *s = canon("() -> " T32,
	    "  %0 = \"graph.constant\"() {value = dense<[[1.0, 2.0, 3.0], "
	    "[4.0, 5.0, 6.0]]> : " T23 "} : () -> " T23 "\n"
	    "  %1 = \"graph.transpose\"(%0) {perm = [1, 0]} : (" T23 ") -> "
	    T32 "\n"
	    "  return %1 : " T32 "\n");
	cr_assert_str_eq(s, "%0 = \"graph.constant\"() {value = "
	    "dense<[[1.000000e+00, 4.000000e+00], [2.000000e+00, "
	    "5.000000e+00], [3.000000e+00,"
	    " 6.000000e+00]]> : " T32 "} : () -> " T32 "\n");
	free(s);
}

Test(graph_canon, transpose_of_constant_rank3)
{
	/* in[a][b][c] = 10a + b... as i32 [2, 2, 3]: in = a*6 + b*3 + c.
	 * perm [2, 0, 1]: out[i][j][k] = in[j][k][i], shape [3, 2, 2]:
	 * out[0] = [[0, 3], [6, 9]], out[1] = [[1, 4], [7, 10]],
	 * out[2] = [[2, 5], [8, 11]]. */
	char *s = canon("() -> tensor<3x2x2xi32>",
	    "  %0 = \"graph.constant\"() {value = "
	    "dense<[[[0, 1, 2], [3, 4, 5]], [[6, 7, 8], [9, 10, 11]]]> : "
	    "tensor<2x2x3xi32>} : () -> "
	    "tensor<2x2x3xi32>\n"
	    "  %1 = \"graph.transpose\"(%0) {perm = [2, 0, 1]} : "
	    "(tensor<2x2x3xi32>) -> tensor<3x2x2xi32>\n"
	    "  return %1 : tensor<3x2x2xi32>\n");
	cr_assert_str_eq(s, "%0 = \"graph.constant\"() {value = dense<[[[0, 3],"
	    " [6, 9]], [[1, 4], [7, 10]], [[2, 5], [8, 11]]]> : "
	    "tensor<3x2x2xi32>} : () -> tensor<3x2x2xi32>\n");
	free(s);
}

Test(graph_canon, elementwise_constants_fold)
{
	/* (a + b) * a - b with a = [1, 2], b = [10, 20]: [11, 22] * [1, 2]
	 * = [11, 44], minus b: [1, 24]. */
	char *s = canon("() -> tensor<2xf32>",
	    "  %a = \"graph.constant\"() {value = dense<[1.0, 2.0]> : "
	    "tensor<2xf32>} : () -> tensor<2xf32>\n"
	    "  %b = \"graph.constant\"() {value = dense<[10.0, 20.0]> : "
	    "tensor<2xf32>} : () -> tensor<2xf32>\n"
	    "  %0 = \"graph.add\"(%a, %b) : (tensor<2xf32>, tensor<2xf32>) -> "
	    "tensor<2xf32>\n"
	    "  %1 = \"graph.mul\"(%0, %a) : (tensor<2xf32>, tensor<2xf32>) -> "
	    "tensor<2xf32>\n"
	    "  %2 = \"graph.sub\"(%1, %b) : (tensor<2xf32>, tensor<2xf32>) -> "
	    "tensor<2xf32>\n"
	    "  return %2 : tensor<2xf32>\n");
	cr_assert_str_eq(s, "%0 = \"graph.constant\"() {value = dense<[1.000000"
	    "e+00, 2.400000e+01]> : tensor<2xf32>} : () -> tensor<2xf32>\n");
	free(s);
	/* Integers saturate as the reference kernel's (it computes in f32
	 * and stores rounded and saturated): 127 + 1 in i8 is 127. Splats
	 * stay splats. */
	s = canon("() -> tensor<4xi8>",
	    "  %a = \"graph.constant\"() {value = dense<127> : tensor<4xi8>} : "
	    "() -> tensor<4xi8>\n"
	    "  %b = \"graph.constant\"() {value = dense<1> : tensor<4xi8>} : "
	    "() -> tensor<4xi8>\n"
	    "  %0 = \"graph.add\"(%a, %b) : (tensor<4xi8>, tensor<4xi8>) -> "
	    "tensor<4xi8>\n"
	    "  return %0 : tensor<4xi8>\n");
	cr_assert_str_eq(s, "%0 = \"graph.constant\"() {value = dense<127> : "
	    "tensor<4xi8>} : () -> tensor<4xi8>\n");
	free(s);
}

Test(graph_canon, add_zero_and_mul_one)
{
	char *s = canon("(%x: tensor<2xf32>) -> tensor<2xf32>",
	    "  %z = \"graph.constant\"() {value = dense<0.0> : tensor<2xf32>} :"
	    " () -> tensor<2xf32>\n"
	    "  %o = \"graph.constant\"() {value = dense<[1.0, 1.0]> : "
	    "tensor<2xf32>} : () -> tensor<2xf32>\n"
	    "  %0 = \"graph.add\"(%z, %x) : (tensor<2xf32>, tensor<2xf32>) -> "
	    "tensor<2xf32>\n"
	    "  %1 = \"graph.mul\"(%0, %o) : (tensor<2xf32>, tensor<2xf32>) -> "
	    "tensor<2xf32>\n"
	    "  %2 = \"graph.relu\"(%1) : (tensor<2xf32>) -> tensor<2xf32>\n"
	    "  return %2 : tensor<2xf32>\n");
	cr_assert_str_eq(s, "%0 = \"graph.relu\"(%arg0) : (tensor<2xf32>) -> "
	    "tensor<2xf32>\n");
	free(s);
	/* Not neutral: 0 added to a value that broadcasts, and mul by 2. */
	s = canon("(%x: tensor<1xf32>) -> tensor<2xf32>",
	    "  %z = \"graph.constant\"() {value = dense<0.0> : tensor<2xf32>} :"
	    " () -> tensor<2xf32>\n"
	    "  %0 = \"graph.add\"(%x, %z) : (tensor<1xf32>, tensor<2xf32>) -> "
	    "tensor<2xf32>\n"
	    "  return %0 : tensor<2xf32>\n");
	cr_assert(strstr(s, "graph.add"), "%s", s);
	free(s);
}

/* ------------------------------------------------------------ fold hooks */

/* Calls the fold hook of the first `name` op of the function (operand
 * constants from ir_value_constant) and returns whether it folded;
 * *attr / *value get the result. The module is left alive in *m. */
static bool
fold_first(const char *text, const char *name, const IrAttr **attr,
    IrValue **value, IrOp **m)
{
	*m = parse(text);
	IrOp *op = find_op(*m, name);
	cr_assert(op && op->name->def && op->name->def->fold);
	const IrAttr *cst[4] = { NULL };
	for (unsigned i = 0; i < op->noperands && i < 4; i++)
		cst[i] = ir_value_constant(op->operands[i].value);
	IrFoldResult r = { 0 };
	bool ok = op->name->def->fold(op, cst, &r);
	*attr = r.attr;
	*value = r.value;
	return ok;
}

#define Q "tensor<2x!quant.uniform<i8:f32, 5.000000e-01:-1>>"

Test(graph_canon, quantized_arithmetic_never_folds)
{
	/* The constants' values are storage integers (tensor<2xi8>), not
	 * the operands' quantized type: add and mul of them, and x * 1
	 * with a quantized "one", do not fold. */
	const IrAttr *a;
	IrValue *v;
	IrOp *m;
	cr_assert_not(fold_first("func.func @f(%x: " Q ") -> " Q " {\n"
	    "  %c = \"graph.constant\"() {value = dense<[1, 2]> : "
	    "tensor<2xi8>} : () -> " Q "\n"
	    "  %0 = \"graph.add\"(%c, %c) : (" Q ", " Q ") -> " Q "\n"
	    "  return %0 : " Q "\n}\n", "graph.add", &a, &v, &m));
	ir_op_destroy(m);
	cr_assert_not(fold_first("func.func @f(%x: " Q ") -> " Q " {\n"
	    "  %c = \"graph.constant\"() {value = dense<1> : "
	    "tensor<2xi8>} : () -> " Q "\n"
	    "  %0 = \"graph.mul\"(%x, %c) : (" Q ", " Q ") -> " Q "\n"
	    "  return %0 : " Q "\n}\n", "graph.mul", &a, &v, &m));
	ir_op_destroy(m);
}

Test(graph_canon, quantized_data_movement_folds_to_storage)
{
	/* reshape [4] -> [2, 2] of a per-tensor quantized constant: the
	 * same storage integers under the new shape. */
	const IrAttr *a;
	IrValue *v;
	IrOp *m;
	cr_assert(fold_first("func.func @f() -> tensor<2x2x!quant.uniform<"
	    "i8:f32, 5.000000e-01:-1>> {\n"
	    "  %c = \"graph.constant\"() {value = dense<[1, 2, 3, 4]> : "
	    "tensor<4xi8>} : () -> tensor<4x!quant.uniform<i8:f32, "
	    "5.000000e-01:-1>>\n"
	    "  %0 = \"graph.reshape\"(%c) {shape = [2, 2]} : (tensor<4x!quant."
	    "uniform<i8:f32, 5.000000e-01:-1>>) -> tensor<2x2x!quant.uniform<"
	    "i8:f32, 5.000000e-01:-1>>\n"
	    "  return %0 : tensor<2x2x!quant.uniform<i8:f32, 5.000000e-01:-1>>"
	    "\n}\n", "graph.reshape", &a, &v, &m));
	cr_assert(a && a->kind == IR_ATTR_DENSE && !v);
	char *s = ir_attr_str(a);
	cr_assert_str_eq(s, "dense<[[1, 2], [3, 4]]> : tensor<2x2xi8>");
	free(s);
	/* The materializer takes that storage value for the quantized
	 * type, and refuses a value of another type. */
	IrOp *r = find_op(m, "graph.reshape");
	IrBuilder b;
	ir_builder_init(&b, ctx);
	ir_builder_set_before(&b, r);
	IrMaterializeFn fn = ir_lookup_constant_materializer(ctx,
	    ir_ident_cstr(ctx, "graph"));
	cr_assert(fn);
	IrOp *c = fn(&b, a, ir_op_results(r)->type, NULL);
	cr_assert(c && ir_op_is(c, "graph.constant"));
	cr_assert_eq(ir_op_results(c)->type, ir_op_results(r)->type);
	cr_assert_null(fn(&b, a, ir_op_operand(r, 0)->type, NULL));
	cr_assert_null(fn(&b, ir_attr_unit(ctx), ir_op_results(r)->type, NULL));
	ir_op_erase(c);
	ir_op_destroy(m);
}

Test(graph_canon, integers_fold_only_where_f32_is_exact)
{
	/* 2^24 + 1 in i32: the kernel computes in f32 (2^24); no fold. */
	const IrAttr *a;
	IrValue *v;
	IrOp *m;
	cr_assert_not(fold_first("func.func @f() -> tensor<2xi32> {\n"
	    "  %a = \"graph.constant\"() {value = dense<16777216> : "
	    "tensor<2xi32>} : () -> tensor<2xi32>\n"
	    "  %b = \"graph.constant\"() {value = dense<1> : tensor<2xi32>} : "
	    "() -> tensor<2xi32>\n"
	    "  %0 = \"graph.add\"(%a, %b) : (tensor<2xi32>, tensor<2xi32>) -> "
	    "tensor<2xi32>\n"
	    "  return %0 : tensor<2xi32>\n}\n", "graph.add", &a, &v, &m));
	ir_op_destroy(m);
	/* -(-128) in i8 saturates to 127, as the kernel stores it; u8
	 * 200 + 100 saturates to 255. */
	cr_assert(fold_first("func.func @f() -> tensor<2xi8> {\n"
	    "  %a = \"graph.constant\"() {value = dense<[-128, 5]> : "
	    "tensor<2xi8>} : () -> tensor<2xi8>\n"
	    "  %0 = \"graph.neg\"(%a) : (tensor<2xi8>) -> tensor<2xi8>\n"
	    "  return %0 : tensor<2xi8>\n}\n", "graph.neg", &a, &v, &m));
	char *s = ir_attr_str(a);
	cr_assert_str_eq(s, "dense<[127, -5]> : tensor<2xi8>");
	free(s);
	ir_op_destroy(m);
	cr_assert(fold_first("func.func @f() -> tensor<2xui8> {\n"
	    "  %a = \"graph.constant\"() {value = dense<200> : "
	    "tensor<2xui8>} : () -> tensor<2xui8>\n"
	    "  %b = \"graph.constant\"() {value = dense<100> : "
	    "tensor<2xui8>} : () -> tensor<2xui8>\n"
	    "  %0 = \"graph.add\"(%a, %b) : (tensor<2xui8>, tensor<2xui8>) -> "
	    "tensor<2xui8>\n"
	    "  return %0 : tensor<2xui8>\n}\n", "graph.add", &a, &v, &m));
	s = ir_attr_str(a);
	cr_assert_str_eq(s, "dense<255> : tensor<2xui8>");
	free(s);
	ir_op_destroy(m);
}

Test(graph_canon, identity_folds_return_the_operand)
{
	const IrAttr *a;
	IrValue *v;
	IrOp *m;
	cr_assert(fold_first("func.func @f(%x: tensor<2x3xf32>) -> "
	    "tensor<2x3xf32> {\n"
	    "  %0 = \"graph.transpose\"(%x) {perm = [0, 1]} : "
	    "(tensor<2x3xf32>) -> tensor<2x3xf32>\n"
	    "  return %0 : tensor<2x3xf32>\n}\n", "graph.transpose", &a, &v,
	    &m));
	cr_assert(!a && v == ir_func_entry(find_op(m, "func.func"))->args[0]);
	ir_op_destroy(m);
	/* A real permutation of a non-constant does not fold. */
	cr_assert_not(fold_first("func.func @f(%x: tensor<2x3xf32>) -> "
	    "tensor<3x2xf32> {\n"
	    "  %0 = \"graph.transpose\"(%x) {perm = [1, 0]} : "
	    "(tensor<2x3xf32>) -> tensor<3x2xf32>\n"
	    "  return %0 : tensor<3x2xf32>\n}\n", "graph.transpose", &a, &v,
	    &m));
	ir_op_destroy(m);
}
