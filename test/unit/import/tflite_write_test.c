/* test/unit/import/tflite_write_test.c: the flatbuffer builder read back
 * by the flatbuffer reader (import/tflite/fb.c), and the TFLite writer's
 * graph operators read back by the importer: a program of every op the
 * writer knows, written and imported again, prints as it did. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "dialects/dialect.h"
#include "import/tflite/tflite.h"
#include "import/tflite/write.h"

static void
quiet(IrContext *ctx, const IrDiagnostic *d, void *user)
{
	(void)ctx;
	(void)d;
	++*(int *)user;
}

Test(tflite_fbb, builds_what_the_reader_reads)
{
	FbBuilder b;
	int64_t v[3] = { 7, -8, 9 };
	fbb_init(&b);
	FbRef vec = fbb_ints(&b, v, 3, 4);
	FbRef str = fbb_string(&b, "name", 4);
	FbRef data = fbb_bytes(&b, "abcde", 5, 16);
	fbb_table_start(&b);
	fbb_field_int(&b, 0, 42, 4);
	fbb_field_ref(&b, 1, vec);
	fbb_field_ref(&b, 3, str);
	fbb_field_ref(&b, 4, data);
	fbb_field_int(&b, 5, 3, 1);
	FbRef inner = fbb_table_end(&b);
	/* A second table of the same shape shares the vtable. */
	fbb_table_start(&b);
	fbb_field_int(&b, 0, 43, 4);
	fbb_field_ref(&b, 1, vec);
	fbb_field_ref(&b, 3, str);
	fbb_field_ref(&b, 4, data);
	fbb_field_int(&b, 5, 4, 1);
	FbRef twin = fbb_table_end(&b);
	FbRef refs[2] = { inner, twin };
	FbRef list = fbb_refs(&b, refs, 2);
	fbb_table_start(&b);
	fbb_field_ref(&b, 0, list);
	FbRef root = fbb_table_end(&b);
	size_t len;
	uint8_t *buf = fbb_finish(&b, root, "TEST", &len);
	fbb_free(&b);
	cr_assert_eq(len % 16, 0, "size %zu is not a multiple of 16", len);

	int errors = 0;
	IrContext *ctx = ir_context_create();
	ir_context_set_diag_handler(ctx, quiet, &errors);
	ImportFile f;
	import_file_from_memory(ctx, "t", buf, len, &f);
	FbTable r, t[2];
	FbVec tables, ints, bytes;
	int32_t i32;
	uint8_t u8;
	const char *s;
	uint32_t slen;
	cr_assert(fb_root(&f, "TEST", &r));
	cr_assert(fb_vec(&r, 0, 4, &tables));
	cr_assert_eq(tables.n, 2);
	for (int k = 0; k < 2; k++) {
		cr_assert(fb_vec_table(&f, &tables, (uint32_t)k, &t[k]));
		cr_assert(fb_i32(&t[k], 0, -1, &i32));
		cr_assert_eq(i32, 42 + k);
		cr_assert(fb_u8(&t[k], 5, 0, &u8));
		cr_assert_eq(u8, 3 + k);
		cr_assert(fb_u8(&t[k], 2, 77, &u8));
		cr_assert_eq(u8, 77, "an absent field reads as its default");
		cr_assert(fb_vec(&t[k], 1, 4, &ints));
		cr_assert_eq(ints.n, 3);
		for (uint32_t i = 0; i < 3; i++)
			cr_assert_eq(fb_vec_i32(&f, &ints, i), v[i]);
		cr_assert(fb_str(&t[k], 3, &s, &slen));
		cr_assert_eq(slen, 4);
		cr_assert(!memcmp(s, "name", 5), "strings end in NUL");
		cr_assert(fb_vec(&t[k], 4, 1, &bytes));
		cr_assert_eq(bytes.n, 5);
		cr_assert_eq(bytes.pos % 16, 0, "data aligned to 16");
		cr_assert(!memcmp(buf + bytes.pos, "abcde", 5));
	}
	cr_assert_eq(t[0].vt, t[1].vt, "one vtable for both");
	cr_assert_eq(errors, 0);
	ir_context_destroy(ctx);
	free(buf);
}

/* Every graph op the writer knows, in the order the importer makes them
 * (a constant just before its first user), with every attribute the
 * importer sets, so that the re-imported function prints the same. */
static const char program[] =
"func.func @main(%x: tensor<1x4x4x2xf32>) -> (tensor<1x3xf32>, "
"tensor<1x2x2x6xf32>) {\n"
"  %w = \"graph.constant\"() {value = dense<[[[[0.5, -0.25]], [[1.0, "
"2.0]]], [[[0.5, 0.5]], [[-1.0, 0.25]]], [[[0.0, 1.0]], [[1.0, 0.0]]]]> : "
"tensor<3x2x1x2xf32>} : () -> tensor<3x2x1x2xf32>\n"
"  %b = \"graph.constant\"() {value = dense<[0.5, -0.5, 1.0]> : "
"tensor<3xf32>} : () -> tensor<3xf32>\n"
"  %0 = \"graph.conv2d\"(%x, %w, %b) {dilations = [1, 1], padding = "
"\"same\", strides = [2, 1]} : (tensor<1x4x4x2xf32>, tensor<3x2x1x2xf32>, "
"tensor<3xf32>) -> tensor<1x2x4x3xf32>\n"
"  %dw = \"graph.constant\"() {value = dense<0.5> : tensor<1x3x3x3xf32>} : "
"() -> tensor<1x3x3x3xf32>\n"
"  %1 = \"graph.depthwise_conv2d\"(%0, %dw) {depth_multiplier = 1 : i64, "
"dilations = [1, 1], padding = \"same\", strides = [1, 1]} : "
"(tensor<1x2x4x3xf32>, tensor<1x3x3x3xf32>) -> tensor<1x2x4x3xf32>\n"
"  %2 = \"graph.max_pool2d\"(%1) {kernel = [2, 2], padding = \"valid\", "
"strides = [2, 2]} : (tensor<1x2x4x3xf32>) -> tensor<1x1x2x3xf32>\n"
"  %3 = \"graph.avg_pool2d\"(%1) {kernel = [2, 2], padding = \"valid\", "
"strides = [2, 2]} : (tensor<1x2x4x3xf32>) -> tensor<1x1x2x3xf32>\n"
"  %4 = \"graph.concat\"(%2, %3) {axis = 3 : i64} : (tensor<1x1x2x3xf32>, "
"tensor<1x1x2x3xf32>) -> tensor<1x1x2x6xf32>\n"
"  %5 = \"graph.reduce_mean\"(%4) {axes = [1, 2], keep_dims = false} : "
"(tensor<1x1x2x6xf32>) -> tensor<1x6xf32>\n"
"  %fw = \"graph.constant\"() {value = dense<0.25> : tensor<3x6xf32>} : "
"() -> tensor<3x6xf32>\n"
"  %6 = \"graph.fully_connected\"(%5, %fw) : (tensor<1x6xf32>, "
"tensor<3x6xf32>) -> tensor<1x3xf32>\n"
"  %7 = \"graph.sub\"(%6, %6) : (tensor<1x3xf32>, tensor<1x3xf32>) -> "
"tensor<1x3xf32>\n"
"  %8 = \"graph.mul\"(%7, %6) : (tensor<1x3xf32>, tensor<1x3xf32>) -> "
"tensor<1x3xf32>\n"
"  %9 = \"graph.maximum\"(%8, %6) : (tensor<1x3xf32>, tensor<1x3xf32>) -> "
"tensor<1x3xf32>\n"
"  %10 = \"graph.minimum\"(%9, %6) : (tensor<1x3xf32>, tensor<1x3xf32>) -> "
"tensor<1x3xf32>\n"
"  %11 = \"graph.relu6\"(%10) : (tensor<1x3xf32>) -> tensor<1x3xf32>\n"
"  %12 = \"graph.sigmoid\"(%11) : (tensor<1x3xf32>) -> tensor<1x3xf32>\n"
"  %13 = \"graph.tanh\"(%12) : (tensor<1x3xf32>) -> tensor<1x3xf32>\n"
"  %14 = \"graph.hard_swish\"(%13) : (tensor<1x3xf32>) -> "
"tensor<1x3xf32>\n"
"  %15 = \"graph.transpose\"(%4) {perm = [0, 1, 3, 2]} : "
"(tensor<1x1x2x6xf32>) -> tensor<1x1x6x2xf32>\n"
"  %16 = \"graph.reshape\"(%15) {shape = [1, 2, 2, 3]} : "
"(tensor<1x1x6x2xf32>) -> tensor<1x2x2x3xf32>\n"
"  %17 = \"graph.concat\"(%16, %16) {axis = 3 : i64} : "
"(tensor<1x2x2x3xf32>, tensor<1x2x2x3xf32>) -> tensor<1x2x2x6xf32>\n"
"  return %14, %17 : tensor<1x3xf32>, tensor<1x2x2x6xf32>\n"
"}\n";

static IrOp *
first_func(IrOp *module)
{
	IrOp *op = ir_module_body(module)->first;
	while (op && strcmp(ir_op_name_str(op), "func.func"))
		op = op->next;
	return op;
}

static char *
print(IrOp *op)
{
	char *text = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&text, &len);
	IrPrintFlags pf = { .generic = true };
	ir_print_op(m, op, &pf);
	fclose(m);
	return text;
}

/* Writes f's ops as a TFLite model; NULL after an error. */
static uint8_t *
write_func(IrOp *f, size_t *len)
{
	TflWriter *w = tfl_writer_create(ir_op_context(f));
	IrBlock *b = ir_func_entry(f);
	int32_t t[8];
	uint8_t *out = NULL;
	bool ok = true;
	for (unsigned i = 0; i < b->nargs; i++)
		t[i] = tfl_writer_value(w, b->args[i], ir_op_loc(f));
	tfl_writer_io(w, t, (int)b->nargs, false);
	for (IrOp *op = b->first; ok && op != b->last; op = op->next)
		ok = tfl_writer_graph_op(w, op);
	for (unsigned i = 0; ok && i < b->last->noperands; i++)
		t[i] = tfl_writer_value(w, ir_op_operand(b->last, i),
		    ir_op_loc(f));
	if (ok) {
		tfl_writer_io(w, t, (int)b->last->noperands, true);
		out = tfl_writer_finish(w, "main", "test", len);
	}
	tfl_writer_destroy(w);
	return out;
}

/* Parses text, writes its function as TFLite, imports it back and
 * checks that the function prints as before. */
static void
round_trip(const char *name, const char *text)
{
	int errors = 0;
	IrContext *ctx = ir_context_create();
	dialects_register_all(ctx);
	ir_context_set_diag_handler(ctx, quiet, &errors);
	IrOp *m = ir_parse_string(ctx, name, text, strlen(text));
	cr_assert(m && ir_verify(m), "%s parses (%d errors)", name, errors);
	size_t len;
	uint8_t *data = write_func(first_func(m), &len);
	cr_assert(data, "%s written (%d errors)", name, errors);
	ImportFile f;
	import_file_from_memory(ctx, name, data, len, &f);
	IrOp *back = tfl_import_file(ctx, &f, NULL);
	cr_assert(back, "%s imported back (%d errors)", name, errors);
	char *was = print(first_func(m)), *now = print(first_func(back));
	cr_assert_str_eq(now, was);
	free(was);
	free(now);
	ir_op_destroy(back);
	ir_op_destroy(m);
	free(data);
	ir_context_destroy(ctx);
}

Test(tflite_write, every_graph_op_reads_back)
{
	round_trip("ops.mlir", program);
}

/* Quantized tensors: per-tensor activations, per-channel weights along
 * axis 3 (TFLite's quantized_dimension), an int32 bias. */
static const char qprogram[] =
"func.func @main(%x: tensor<1x2x2x3x!quant.uniform<i8:f32, 0.5:-3>>) -> "
"tensor<1x2x2x3x!quant.uniform<i8:f32, 0.25:1>> {\n"
"  %w = \"graph.constant\"() {value = dense<[[[[1, -2, 3]]]]> : "
"tensor<1x1x1x3xi8>} : () -> tensor<1x1x1x3x!quant.uniform<i8:f32:3, "
"{0.5, 0.25, 0.125}>>\n"
"  %b = \"graph.constant\"() {value = dense<[4, -5, 6]> : tensor<3xi32>} "
": () -> tensor<3x!quant.uniform<i32:f32:0, {0.25, 0.125, 0.0625}>>\n"
"  %0 = \"graph.depthwise_conv2d\"(%x, %w, %b) {depth_multiplier = 1 : "
"i64, dilations = [1, 1], padding = \"valid\", strides = [1, 1]} : "
"(tensor<1x2x2x3x!quant.uniform<i8:f32, 0.5:-3>>, "
"tensor<1x1x1x3x!quant.uniform<i8:f32:3, {0.5, 0.25, 0.125}>>, "
"tensor<3x!quant.uniform<i32:f32:0, {0.25, 0.125, 0.0625}>>) -> "
"tensor<1x2x2x3x!quant.uniform<i8:f32, 0.25:1>>\n"
"  return %0 : tensor<1x2x2x3x!quant.uniform<i8:f32, 0.25:1>>\n"
"}\n";

Test(tflite_write, quantized_tensors_read_back)
{
	round_trip("q.mlir", qprogram);
}

Test(tflite_write, an_op_tflite_cannot_hold_is_an_error)
{
	static const char text[] =
	    "func.func @main(%x: tensor<1x8xf32>) -> tensor<1x4xf32> {\n"
	    "  %0 = \"graph.slice\"(%x) {begin = [0, 0], size = [1, 4]} : "
	    "(tensor<1x8xf32>) -> tensor<1x4xf32>\n"
	    "  return %0 : tensor<1x4xf32>\n}\n";
	int errors = 0;
	IrContext *ctx = ir_context_create();
	dialects_register_all(ctx);
	ir_context_set_diag_handler(ctx, quiet, &errors);
	IrOp *m = ir_parse_string(ctx, "slice.mlir", text, strlen(text));
	cr_assert(m);
	size_t len;
	cr_assert_null(write_func(first_func(m), &len));
	cr_assert_eq(errors, 1);
	ir_op_destroy(m);
	ir_context_destroy(ctx);
}

/* Referenced byte vectors (fbb_bytes_ref) come out as copied ones:
 * vectors of several sizes and alignments, empty ones, tables sharing
 * a vtable written before the referenced data (so the builder finds
 * the vtable's bytes across it), through fbb_finish and fbb_write. */
static uint8_t *
build_blobs(bool ref, bool to_file, size_t *len)
{
	static uint8_t blob[3][1000];
	static const size_t n[3] = { 1000, 3, 517 }, align[3] = { 16, 1, 8 };
	for (size_t k = 0; k < 3; k++)
		for (size_t i = 0; i < n[k]; i++)
			blob[k][i] = (uint8_t)(i * 7 + k);
	FbBuilder b;
	fbb_init(&b);
	FbRef t[8];
	size_t nt = 0;
	for (size_t k = 0; k < 3; k++) {
		FbRef d = ref ? fbb_bytes_ref(&b, blob[k], n[k], align[k]) :
		    fbb_bytes(&b, blob[k], n[k], align[k]);
		FbRef e = ref ? fbb_bytes_ref(&b, NULL, 0, 16) :
		    fbb_bytes(&b, NULL, 0, 16);
		FbRef s = fbb_string(&b, "x", 1);
		fbb_table_start(&b);
		fbb_field_ref(&b, 0, d);
		fbb_field_ref(&b, 1, e);
		fbb_field_ref(&b, 2, s);
		fbb_field_int(&b, 3, k, 2);
		t[nt++] = fbb_table_end(&b);
	}
	FbRef list = fbb_refs(&b, t, nt);
	fbb_table_start(&b);
	fbb_field_ref(&b, 0, list);
	FbRef root = fbb_table_end(&b);
	uint8_t *out = NULL;
	if (to_file) {
		char *text = NULL;
		FILE *m = open_memstream(&text, len);
		*len = fbb_close(&b, root, "BLOB");
		cr_assert(fbb_write(&b, m));
		size_t was = *len;
		fclose(m);
		cr_assert_eq(*len, was, "wrote %zu bytes, closed %zu", *len,
		    was);
		out = (uint8_t *)text;
	} else {
		out = fbb_finish(&b, root, "BLOB", len);
	}
	fbb_free(&b);
	return out;
}

Test(tflite_fbb, referenced_bytes_come_out_as_copied)
{
	size_t n0, n1, n2;
	uint8_t *copied = build_blobs(false, false, &n0);
	uint8_t *ref = build_blobs(true, false, &n1);
	uint8_t *written = build_blobs(true, true, &n2);
	cr_assert_eq(n1, n0);
	cr_assert_eq(n2, n0);
	cr_assert(!memcmp(ref, copied, n0), "fbb_finish: same bytes");
	cr_assert(!memcmp(written, copied, n0), "fbb_write: same bytes");
	/* and the copied form is what the reader reads */
	IrContext *ctx = ir_context_create();
	ImportFile f;
	import_file_from_memory(ctx, "t", copied, n0, &f);
	FbTable r, t;
	FbVec list, bytes;
	cr_assert(fb_root(&f, "BLOB", &r));
	cr_assert(fb_vec(&r, 0, 4, &list));
	cr_assert_eq(list.n, 3);
	cr_assert(fb_vec_table(&f, &list, 2, &t));
	cr_assert(fb_vec(&t, 0, 1, &bytes));
	cr_assert_eq(bytes.n, 517);
	cr_assert_eq(bytes.pos % 8, 0);
	cr_assert_eq(copied[bytes.pos + 516], (uint8_t)(516 * 7 + 2));
	ir_context_destroy(ctx);
	free(copied);
	free(ref);
	free(written);
}

/* A model with blobs referenced (tfl_writer_bytes_ref) and copied
 * (tfl_writer_bytes), metadata, arena offsets and a custom operator:
 * tfl_writer_finish's buffer and tfl_writer_write's file are the same
 * bytes, whichever way the blobs were given. */
static uint8_t *
write_blobs(bool ref, bool to_file, size_t *len)
{
	static uint8_t cs[40], flash[3000];
	for (size_t i = 0; i < sizeof flash; i++)
		flash[i] = (uint8_t)(i ^ (i >> 3));
	memcpy(cs, "COP1", 4);
	IrContext *ctx = ir_context_create();
	TflWriter *w = tfl_writer_create(ctx);
	int32_t (*add)(TflWriter *, const char *, const uint8_t *, size_t) =
	    ref ? tfl_writer_bytes_ref : tfl_writer_bytes;
	int32_t in[4] = {
		add(w, "_split_1_command_stream", cs, sizeof cs),
		add(w, "_split_1_flash", flash, sizeof flash),
		tfl_writer_bytes(w, "_split_1_scratch", NULL, 4096),
		add(w, "_split_1_a_tiny_one", flash, 5),
	};
	tfl_writer_offset(w, in[2], 0);
	int32_t out[1] = { tfl_writer_bytes(w, "out", NULL, 16) };
	tfl_writer_offset(w, out[0], 64);
	tfl_writer_io(w, in + 2, 1, false);
	tfl_writer_io(w, out, 1, true);
	tfl_writer_custom(w, "ethos-u", in, 4, out, 1,
	    (const uint8_t *)"\1\4\1", 3);
	tfl_writer_metadata(w, "extra", (const uint8_t *)"meta", 4);
	uint8_t *data;
	if (to_file) {
		char *text = NULL;
		size_t n;
		FILE *m = open_memstream(&text, &n);
		cr_assert(tfl_writer_write(w, "main", "test", m, len));
		fclose(m);
		cr_assert_eq(n, *len);
		data = (uint8_t *)text;
	} else {
		data = tfl_writer_finish(w, "main", "test", len);
	}
	tfl_writer_destroy(w);
	ir_context_destroy(ctx);
	return data;
}

Test(tflite_write, written_and_referenced_blobs_give_the_same_file)
{
	size_t n[4];
	uint8_t *d[4];
	for (int k = 0; k < 4; k++)
		d[k] = write_blobs(k & 1, k & 2, &n[k]);
	for (int k = 1; k < 4; k++) {
		cr_assert_eq(n[k], n[0], "form %d: %zu bytes, not %zu", k,
		    n[k], n[0]);
		cr_assert(!memcmp(d[k], d[0], n[0]), "form %d differs", k);
	}
	/* the flash lies in the file once, 16-byte aligned */
	uint8_t flash[3000];
	for (size_t i = 0; i < sizeof flash; i++)
		flash[i] = (uint8_t)(i ^ (i >> 3));
	size_t found = 0;
	for (size_t i = 0; i + sizeof flash <= n[0]; i++)
		if (!memcmp(d[0] + i, flash, sizeof flash)) {
			cr_assert_eq(i % 16, 0);
			found++;
		}
	cr_assert_eq(found, 1);
	for (int k = 0; k < 4; k++)
		free(d[k]);
}
