/* test/unit/dialects/dialect_test.c: the dialect mechanism: registration
 * of every table row, attribute defaults, window arithmetic, type
 * compatibility and the docs renderer. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "dialects/buffer/buffer.h"
#include "dialects/graph/graph.h"
#include "dialects/npu/npu.h"
#include "interp/interp.h"

static const Dialect *const dialects[] = {
	&graph_dialect, &npu_dialect, &buffer_dialect,
};

Test(dialect, every_row_is_registered_and_points_back)
{
	IrContext *ctx = ir_context_create();
	dialects_register_all(ctx);
	for (size_t d = 0; d < 3; d++) {
		const Dialect *dl = dialects[d];
		cr_expect_eq(dialects_lookup(dl->name), dl);
		for (size_t i = 0; i < dl->nops; i++) {
			const DialectOpInfo *info = &dl->ops[i];
			cr_expect_eq(ir_lookup_op(ctx, info->def.name),
			    &info->def, "%s", info->def.name);
			cr_expect_eq(info->def.dialect_data, info);
			cr_expect_eq(info->id, i);
			cr_expect_eq(info->dialect, dl);
			cr_expect_not_null(info->verify);
			cr_expect_eq(strncmp(info->def.name, dl->name,
			    strlen(dl->name)), 0);
		}
	}
	cr_expect_null(dialects_lookup("tosa"));
	ir_context_destroy(ctx);
}

Test(dialect, op_counts)
{
	/* The ops issue 3 lists, counted there (func.* are builtin), plus
	 * graph.custom for the importers, graph.pow and
	 * graph.max_pool2d_indices (ONNX's Pow, MaxPool with Indices),
	 * graph.fused / graph.yield (fuse-elementwise), graph.silu and
	 * graph.erf (idioms); the Ethos-U lowering adds npu.reshape,
	 * npu.pad, npu.softmax, npu.slice, npu.mean and npu.transpose. */
	cr_expect_eq(graph_dialect.nops, 59);
	cr_expect_eq(npu_dialect.nops, 17);
	/* buffer: + store and load (bufferize). */
	cr_expect_eq(buffer_dialect.nops, 8);
}

Test(dialect, attribute_specs_name_their_op)
{
	for (size_t d = 0; d < 3; d++) {
		const Dialect *dl = dialects[d];
		for (size_t i = 0; i < dl->nattrs; i++) {
			const DialectAttrSpec *s = &dl->attrs[i];
			cr_expect_lt(s->op, dl->nops);
			/* A required attribute has no default. */
			cr_expect(!(s->required && s->def), "%s", s->name);
			cr_expect_eq(dialect_attr_spec(&dl->ops[s->op].def,
			    s->name), s);
			/* In op order: the lookup's binary search. */
			if (i)
				cr_expect_geq(s->op, dl->attrs[i - 1].op,
				    "%s", s->name);
		}
		/* An op's unknown name and an op without specs. */
		cr_expect_null(dialect_attr_spec(&dl->ops[0].def, "nope"));
	}
	cr_expect_null(dialect_attr_spec(&npu_dialect.ops[NPU_YIELD].def,
	    "multiplier"));
}

Test(dialect, defaults_come_from_the_table)
{
	const IrOpDef *conv = &graph_dialect.ops[GRAPH_CONV2D].def;
	int64_t s[2] = { 0, 0 };
	cr_expect_eq(dialect_get_ints(conv, NULL, "strides", s, 2), 2);
	cr_expect_eq(s[0], 1);
	cr_expect_eq(s[1], 1);
	cr_expect_eq(dialect_get_int(conv, NULL, "groups"), 1);
	cr_expect_str_eq(dialect_get_str(conv, NULL, "layout"), "NHWC");
	cr_expect_eq(dialect_get_pad(conv, NULL, "padding").kind,
	    DIALECT_PAD_VALID);
	const IrOpDef *lr = &graph_dialect.ops[GRAPH_LEAKY_RELU].def;
	cr_expect_float_eq(dialect_get_float(lr, NULL, "alpha"), 0.2, 1e-12);
	const IrOpDef *gp = &graph_dialect.ops[GRAPH_GLOBAL_AVG_POOL].def;
	cr_expect(dialect_get_bool(gp, NULL, "keep_dims"));
	const IrOpDef *sq = &graph_dialect.ops[GRAPH_SQUEEZE].def;
	cr_expect_eq(dialect_get_ints(sq, NULL, "axes", s, 2), -1);
	cr_expect_not(dialect_has_attr(sq, NULL, "axes"));
}

Test(dialect, window_arithmetic_matches_tflite)
{
	/* TFLite ComputeOutSize: same ceil(in / s), valid
	 * ceil((in - eff + 1) / s). */
	cr_expect_eq(dialect_window_out(224, 3, 2, 1, DIALECT_PAD_SAME, 0, 0),
	    112);
	cr_expect_eq(dialect_window_out(224, 3, 2, 1, DIALECT_PAD_VALID, 0,
	    0), 111);
	cr_expect_eq(dialect_window_out(7, 3, 2, 1, DIALECT_PAD_SAME, 0, 0),
	    4);
	cr_expect_eq(dialect_window_out(10, 3, 1, 2, DIALECT_PAD_VALID, 0, 0),
	    6);
	cr_expect_eq(dialect_window_out(7, 3, 2, 1, DIALECT_PAD_EXPLICIT, 1,
	    1), 4);
	cr_expect_eq(dialect_window_out(2, 5, 1, 1, DIALECT_PAD_VALID, 0, 0),
	    0);
	cr_expect_eq(dialect_window_out(IR_DYNAMIC, 3, 1, 1,
	    DIALECT_PAD_SAME, 0, 0), IR_DYNAMIC);
	/* total = (out - 1) * s + k - in: 224/3/2 -> 1, before 0;
	 * 5/3/1 -> 2, before 1; 8/3/2 -> 1, before 0. */
	cr_expect_eq(dialect_same_pad_before(224, 3, 2, 1), 0);
	cr_expect_eq(dialect_same_pad_before(5, 3, 1, 1), 1);
	cr_expect_eq(dialect_same_pad_before(6, 5, 1, 1), 2);
	cr_expect_eq(dialect_same_pad_before(6, 3, 1, 2), 2);
}

Test(dialect, norm_axis)
{
	cr_expect_eq(dialect_norm_axis(-1, 4), 3);
	cr_expect_eq(dialect_norm_axis(3, 4), 3);
	cr_expect_eq(dialect_norm_axis(4, 4), -1);
	cr_expect_eq(dialect_norm_axis(-5, 4), -1);
}

Test(dialect, type_compatibility)
{
	IrContext *ctx = ir_context_create();
	const IrType *i8 = ir_type_int(ctx, 8, IR_SIGNLESS);
	const IrType *f32 = ir_type_float(ctx, IR_F32);
	double s1 = 0.5, s2 = 0.25;
	int64_t z1 = 1, z2 = -3;
	const IrType *q1 = ir_type_quant(ctx, true, i8, f32, -128, 127, -1,
	    1, &s1, &z1);
	const IrType *q2 = ir_type_quant(ctx, true, i8, f32, -128, 127, -1,
	    1, &s2, &z2);
	int64_t d[2] = { 2, 3 }, dd[2] = { IR_DYNAMIC, 3 }, e[2] = { 3, 2 };
	const IrType *tq1 = ir_type_tensor(ctx, 2, d, q1, NULL);
	cr_expect(dialect_type_compatible(tq1, ir_type_tensor(ctx, 2, d, q2,
	    NULL)));
	cr_expect(dialect_type_compatible(ir_type_tensor(ctx, 2, d, i8, NULL),
	    tq1));
	cr_expect_not(dialect_type_compatible(tq1, ir_type_tensor(ctx, 2, d,
	    i8, NULL)));
	cr_expect(dialect_type_compatible(ir_type_tensor(ctx, 2, dd, f32,
	    NULL), ir_type_tensor(ctx, 2, d, f32, NULL)));
	cr_expect_not(dialect_type_compatible(ir_type_tensor(ctx, 2, e, f32,
	    NULL), ir_type_tensor(ctx, 2, d, f32, NULL)));
	cr_expect_not(dialect_type_compatible(ir_type_tensor(ctx, 2, d, f32,
	    NULL), ir_type_tensor(ctx, 2, d, ir_type_float(ctx, IR_F16),
	    NULL)));
	cr_expect_eq(dialect_storage_type(q1), i8);
	cr_expect_eq(dialect_storage_type(f32), f32);
	ir_context_destroy(ctx);
}

/* Occurrences of needle in hay. */
static size_t
count(const char *hay, const char *needle)
{
	size_t n = 0;
	for (const char *p = strstr(hay, needle); p; p = strstr(p + 1, needle))
		n++;
	return n;
}

Test(dialect, docs_have_one_section_per_op)
{
	for (size_t d = 0; d < 3; d++) {
		char *buf = NULL;
		size_t len = 0;
		FILE *f = open_memstream(&buf, &len);
		dialect_print_docs(f, dialects[d]);
		fclose(f);
		cr_expect_eq(count(buf, "\n### `"), dialects[d]->nops);
		for (size_t i = 0; i < dialects[d]->nops; i++) {
			char head[128];
			snprintf(head, sizeof head, "### `%s`\n",
			    dialects[d]->ops[i].def.name);
			cr_expect_eq(count(buf, head), 1, "%s", head);
		}
		free(buf);
	}
}

Test(dialect, interpret_hook_is_the_table_column)
{
	IrContext *ctx = ir_context_create();
	dialects_register_all(ctx);
	IrOpState st = {
		.name = ir_op_name_get(ctx, "graph.relu", 10),
	};
	IrOp *op = ir_op_create(ctx, &st);
	cr_expect_eq(dialect_op_info(op), &graph_dialect.ops[GRAPH_RELU]);
	cr_expect_eq(ir_interp_kernel(op), graph_interpret_relu);
	ir_op_destroy(op);
	IrOpState ret = { .name = ir_op_name_get(ctx, "func.return", 11) };
	op = ir_op_create(ctx, &ret);
	cr_expect_null(dialect_op_info(op));
	cr_expect_null(ir_interp_kernel(op));
	ir_op_destroy(op);
	ir_context_destroy(ctx);
}
