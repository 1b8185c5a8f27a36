/* test/unit/import/tflite_test.c: the flatbuffer reader and the shared
 * import helpers on hand-laid bytes (flatbuffers layout: a uoffset to the
 * root at 0, the identifier at 4, a table's soffset back to its vtable,
 * the vtable's u16 sizes and field offsets). */
#include <criterion/criterion.h>
#include <string.h>

#include "dialects/dialect.h"
#include "import/tflite/tflite.h"

static void
quiet(IrContext *ctx, const IrDiagnostic *d, void *user)
{
	(void)ctx;
	(void)d;
	++*(int *)user;
}

/* A root table at 20 with vtable at 8: field 0 an i32 (42), field 1 a
 * uoffset to a vector of three i32 (7, 8, 9) at 36, field 2 absent. */
static const uint8_t good[] = {
	20, 0, 0, 0, 'T', 'F', 'L', '3',
	/* vtable at 8: size 10, table size 12, offsets 4, 8, 0 */
	10, 0, 12, 0, 4, 0, 8, 0, 0, 0,
	0, 0,                   /* padding to 20 */
	12, 0, 0, 0,            /* table at 20: soffset 12 -> vtable 8 */
	42, 0, 0, 0,            /* field 0 at 24 */
	8, 0, 0, 0,             /* field 1 at 28: 28 + 8 = 36 */
	0, 0, 0, 0,             /* 32: unused */
	3, 0, 0, 0, 7, 0, 0, 0, 8, 0, 0, 0, 9, 0, 0, 0,
};

typedef struct Fx {
	IrContext *ctx;
	int errors;
	ImportFile f;
} Fx;

static void
fx_init(Fx *x, const void *data, size_t n)
{
	x->ctx = ir_context_create();
	x->errors = 0;
	dialects_register_all(x->ctx);
	ir_context_set_diag_handler(x->ctx, quiet, &x->errors);
	import_file_from_memory(x->ctx, "t.tflite", data, n, &x->f);
}

Test(tflite_fb, reads_fields_and_vectors)
{
	Fx x;
	FbTable t;
	FbVec v;
	int32_t a, d;
	fx_init(&x, good, sizeof(good));
	cr_assert(fb_root(&x.f, "TFL3", &t));
	cr_assert_eq(t.pos, 20);
	cr_assert_eq(t.vt, 8);
	cr_assert(fb_i32(&t, 0, -1, &a));
	cr_assert_eq(a, 42);
	cr_assert(fb_i32(&t, 2, -5, &d)); /* absent: the default */
	cr_assert_eq(d, -5);
	cr_assert(fb_i32(&t, 9, 3, &d)); /* beyond the vtable: default */
	cr_assert_eq(d, 3);
	cr_assert(fb_vec(&t, 1, 4, &v));
	cr_assert_eq(v.n, 3);
	cr_assert_eq(fb_vec_i32(&x.f, &v, 0), 7);
	cr_assert_eq(fb_vec_i32(&x.f, &v, 2), 9);
	cr_assert_eq(x.errors, 0);
	ir_context_destroy(x.ctx);
}

Test(tflite_fb, rejects_wrong_identifier_and_short_files)
{
	uint8_t b[sizeof(good)];
	FbTable t;
	Fx x;
	memcpy(b, good, sizeof(b));
	b[7] = '2';
	fx_init(&x, b, sizeof(b));
	cr_assert(!fb_root(&x.f, "TFL3", &t));
	cr_assert_eq(x.errors, 1);
	ir_context_destroy(x.ctx);
	fx_init(&x, good, 7);
	cr_assert(!fb_root(&x.f, "TFL3", &t));
	ir_context_destroy(x.ctx);
}

Test(tflite_fb, every_truncation_fails_cleanly)
{
	/* Each prefix either reads (when the bytes needed are there) or
	 * reports; none reads past its end (ASan would see it in the
	 * sanitizer build; here the buffer is a heap copy of the prefix). */
	for (size_t n = 0; n < sizeof(good); n++) {
		uint8_t *b = malloc(n ? n : 1);
		memcpy(b, good, n);
		Fx x;
		FbTable t;
		FbVec v;
		fx_init(&x, b, n);
		bool ok = fb_root(&x.f, "TFL3", &t) && fb_vec(&t, 1, 4, &v);
		cr_assert(!ok, "prefix of %zu bytes read a vector", n);
		cr_assert_geq(x.errors, 1);
		ir_context_destroy(x.ctx);
		free(b);
	}
}

Test(tflite_fb, vector_count_past_the_end)
{
	uint8_t b[sizeof(good)];
	FbTable t;
	FbVec v;
	Fx x;
	memcpy(b, good, sizeof(b));
	b[36] = 0xff;
	b[37] = 0xff;
	b[38] = 0xff;
	b[39] = 0x7f; /* 2^31 - 1 elements */
	fx_init(&x, b, sizeof(b));
	cr_assert(fb_root(&x.f, "TFL3", &t));
	cr_assert(!fb_vec(&t, 1, 4, &v));
	cr_assert_eq(v.n, 0);
	ir_context_destroy(x.ctx);
}

Test(tflite_fb, vtable_outside_the_file)
{
	uint8_t b[sizeof(good)];
	FbTable t;
	Fx x;
	memcpy(b, good, sizeof(b));
	b[20] = 0x00;
	b[21] = 0x01; /* soffset 256: vtable at 20 - 256 < 0 */
	fx_init(&x, b, sizeof(b));
	cr_assert(!fb_root(&x.f, "TFL3", &t));
	ir_context_destroy(x.ctx);
}

Test(import_common, bounds_are_overflow_safe)
{
	Fx x;
	uint32_t u;
	uint64_t q;
	fx_init(&x, good, sizeof(good));
	cr_assert(import_in_bounds(&x.f, 0, sizeof(good)));
	cr_assert(!import_in_bounds(&x.f, 1, sizeof(good)));
	cr_assert(!import_in_bounds(&x.f, UINT64_MAX, 2));
	cr_assert(!import_in_bounds(&x.f, 2, UINT64_MAX));
	cr_assert(import_read_u32(&x.f, 24, &u));
	cr_assert_eq(u, 42);
	cr_assert(!import_read_u32(&x.f, sizeof(good) - 3, &u));
	cr_assert(import_read_u64(&x.f, 24, &q));
	cr_assert_eq(q, 42 + ((uint64_t)8 << 32));
	ir_context_destroy(x.ctx);
}

Test(import_common, unsupported_list_reports_once)
{
	Fx x;
	ImportUnsupportedList l = { 0 };
	fx_init(&x, good, sizeof(good));
	cr_assert(import_unsupported_report(&x.f, &l));
	import_unsupported_add(&l, "SVDF", import_loc(&x.f, "a", 1));
	import_unsupported_add(&l, "LSTM", import_loc(&x.f, "b", 1));
	cr_assert(!import_unsupported_report(&x.f, &l));
	cr_assert_eq(ir_context_error_count(x.ctx), 1);
	import_unsupported_free(&l);
	ir_context_destroy(x.ctx);
}

Test(import_common, name_location_has_the_file)
{
	Fx x;
	fx_init(&x, good, sizeof(good));
	const IrLoc *l = import_loc(&x.f, "conv1", 5);
	cr_assert_eq(l->kind, IR_LOC_NAME);
	cr_assert_str_eq(l->u.name.name->str, "conv1");
	cr_assert_eq(l->u.name.child->kind, IR_LOC_FILE);
	cr_assert_str_eq(l->u.name.child->u.file.file->str, "t.tflite");
	ir_context_destroy(x.ctx);
}

/* test/models/NAME under the source tree (__FILE__ is
 * $srcdir/test/unit/import/tflite_test.c). */
static void
model_path(char *buf, size_t n, const char *name)
{
	const char *f = __FILE__, *end = strstr(f, "/test/unit/import/");
	cr_assert_not_null(end);
	snprintf(buf, n, "%.*s/test/models/%s", (int)(end - f), f, name);
}

static char *
print_generic(IrOp *op)
{
	char *text = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&text, &len);
	IrPrintFlags pf = { .generic = true };
	ir_print_op(m, op, &pf);
	fclose(m);
	return text;
}

/* Does p lie in a mapping of a file whose name ends in name
 * (/proc/self/maps)? */
static bool
in_file_mapping(const void *p, const char *name)
{
	FILE *f = fopen("/proc/self/maps", "r");
	char line[4096];
	bool found = false;
	while (f && !found && fgets(line, sizeof line, f)) {
		unsigned long lo, hi;
		line[strcspn(line, "\n")] = 0;
		size_t n = strlen(line), k = strlen(name);
		if (sscanf(line, "%lx-%lx", &lo, &hi) == 2 && n > k &&
		    !strcmp(line + n - k, name))
			found = (unsigned long)p >= lo && (unsigned long)p < hi;
	}
	if (f)
		fclose(f);
	return found;
}

typedef struct Borrowed {
	size_t n, inside;
} Borrowed;

static IrWalkResult
count_borrowed(IrOp *op, void *user)
{
	Borrowed *b = user;
	const IrAttr *a = ir_op_attr(op, "value");
	if (strcmp(ir_op_name_str(op), "graph.constant") || !a ||
	    a->kind != IR_ATTR_DENSE || a->u.dense.splat)
		return IR_WALK_ADVANCE;
	b->n++;
	b->inside += in_file_mapping(a->u.dense.data, "person_detect.tflite");
	return IR_WALK_ADVANCE;
}

/* A model imported from its path borrows its weights from the mapped
 * file (which the context keeps until it goes) and prints exactly as
 * the same bytes imported from memory, where they are copied. */
Test(import_common, weights_borrowed_from_the_mapped_file)
{
	char path[4096];
	model_path(path, sizeof path, "person_detect.tflite");
	int errors = 0;
	IrContext *ctx = ir_context_create();
	dialects_register_all(ctx);
	ir_context_set_diag_handler(ctx, quiet, &errors);
	IrOp *m = import_tflite(ctx, path, NULL);
	cr_assert_not_null(m, "%d errors", errors);
	Borrowed b = { 0, 0 };
	ir_op_walk(m, IR_WALK_PRE, count_borrowed, &b);
	cr_assert_gt(b.n, 10);
	cr_assert_eq(b.inside, b.n, "%zu of %zu constants borrowed",
	    b.inside, b.n);

	FILE *f = fopen(path, "rb");
	cr_assert_not_null(f);
	static uint8_t data[1 << 20];
	size_t n = fread(data, 1, sizeof data, f);
	fclose(f);
	IrContext *ctx2 = ir_context_create();
	dialects_register_all(ctx2);
	ir_context_set_diag_handler(ctx2, quiet, &errors);
	ImportFile mf;
	import_file_from_memory(ctx2, path, data, n, &mf);
	IrOp *m2 = tfl_import_file(ctx2, &mf, NULL);
	cr_assert_not_null(m2);
	b = (Borrowed){ 0, 0 };
	ir_op_walk(m2, IR_WALK_PRE, count_borrowed, &b);
	cr_assert_eq(b.inside, 0, "copied from memory");
	char *t1 = print_generic(m), *t2 = print_generic(m2);
	cr_assert_str_eq(t1, t2);
	free(t1);
	free(t2);
	ir_op_destroy(m2);
	ir_context_destroy(ctx2);
	ir_op_destroy(m);
	ir_context_destroy(ctx);
	cr_assert_eq(errors, 0);
}
