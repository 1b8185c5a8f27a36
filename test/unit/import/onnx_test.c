/* test/unit/import/onnx_test.c: the protobuf wire reader and the ONNX
 * model walker on hand-encoded bytes (values from the protobuf encoding
 * rules: 300 is AC 02, a key is field << 3 | wire type). */
#include <criterion/criterion.h>
#include <string.h>

#include "import/onnx/model.h"
#include "import/onnx/pb.h"

static PbSlice
sl(const uint8_t *p, size_t n)
{
	PbSlice s = { p, n };
	return s;
}

Test(onnx_pb, varint_known_values)
{
	static const uint8_t b300[] = { 0xac, 0x02 };
	static const uint8_t bmax[] = { 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
	    0xff, 0xff, 0xff, 0x01 };
	const uint8_t *p = b300;
	uint64_t v;
	cr_assert(pb_varint(&p, b300 + 2, &v));
	cr_assert_eq(v, 300);
	cr_assert_eq(p, b300 + 2);
	p = bmax;
	cr_assert(pb_varint(&p, bmax + 10, &v));
	cr_assert_eq(v, UINT64_MAX);
}

Test(onnx_pb, varint_rejects_truncated_and_overlong)
{
	static const uint8_t trunc[] = { 0x80, 0x80 };
	static const uint8_t over[] = { 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
	    0xff, 0xff, 0xff, 0x02 };
	static const uint8_t eleven[] = { 0x80, 0x80, 0x80, 0x80, 0x80, 0x80,
	    0x80, 0x80, 0x80, 0x80, 0x00 };
	const uint8_t *p = trunc;
	uint64_t v;
	cr_assert(!pb_varint(&p, trunc + 2, &v));
	p = over;
	cr_assert(!pb_varint(&p, over + 10, &v)); /* bit 64 set */
	p = eleven;
	cr_assert(!pb_varint(&p, eleven + 11, &v));
}

Test(onnx_pb, fields_of_each_wire_type)
{
	/* 1: varint 150; 2: "hi"; 3: fixed32 1; 4: fixed64 2 */
	static const uint8_t m[] = { 0x08, 0x96, 0x01, 0x12, 0x02, 'h', 'i',
	    0x1d, 1, 0, 0, 0, 0x21, 2, 0, 0, 0, 0, 0, 0, 0 };
	PbReader r = pb_reader(sl(m, sizeof m));
	PbField f;
	cr_assert_eq(pb_next(&r, &f), 1);
	cr_assert(f.num == 1 && f.wire == PB_VARINT && f.u == 150);
	cr_assert_eq(pb_next(&r, &f), 1);
	cr_assert(f.num == 2 && f.wire == PB_LEN && f.s.n == 2);
	cr_assert(!memcmp(f.s.p, "hi", 2));
	cr_assert_eq(pb_next(&r, &f), 1);
	cr_assert(f.num == 3 && f.wire == PB_I32 && f.u == 1);
	cr_assert_eq(pb_next(&r, &f), 1);
	cr_assert(f.num == 4 && f.wire == PB_I64 && f.u == 2);
	cr_assert_eq(pb_next(&r, &f), 0);
}

Test(onnx_pb, rejects_bad_lengths_groups_and_field_zero)
{
	static const uint8_t past[] = { 0x12, 0x05, 'a' };
	static const uint8_t group[] = { 0x0b };
	static const uint8_t zero[] = { 0x00, 0x01 };
	static const uint8_t fixed[] = { 0x1d, 1, 2 };
	const uint8_t *bad[] = { past, group, zero, fixed };
	size_t n[] = { sizeof past, sizeof group, sizeof zero, sizeof fixed };
	for (int i = 0; i < 4; i++) {
		PbReader r = pb_reader(sl(bad[i], n[i]));
		PbField f;
		cr_assert_eq(pb_next(&r, &f), -1, "case %d", i);
		cr_assert_not_null(r.error);
		cr_assert_eq(pb_next(&r, &f), 0); /* stays at the end */
	}
}

Test(onnx_model, attribute_ints_packed_and_unpacked)
{
	/* name "k" (1), ints 3 and 4 unpacked (8), then packed [5, 300] */
	static const uint8_t a[] = { 0x0a, 0x01, 'k', 0x40, 0x03, 0x40, 0x04,
	    0x42, 0x03, 0x05, 0xac, 0x02 };
	OnnxAttr at;
	memset(&at, 0, sizeof at);
	at.msg = sl(a, sizeof a);
	int64_t v[8];
	cr_assert_eq(onnx_attr_ints(&at, v, 8), 4);
	cr_assert(v[0] == 3 && v[1] == 4 && v[2] == 5 && v[3] == 300);
	cr_assert_eq(onnx_attr_ints(&at, v, 2), 4); /* counts past max */
}

Test(onnx_model, reads_relu_model)
{
	static const uint8_t m[] = { 0x08, 0x07,
	    0x3a, 0x0e, 0x0a, 0x0c, 0x0a, 0x01, 'x', 0x12, 0x01, 'y',
	    0x22, 0x04, 'R', 'e', 'l', 'u',
	    0x42, 0x02, 0x10, 0x0d };
	IrArena arena = { 0 };
	OnnxModel model;
	char err[128] = "";
	cr_assert(onnx_model_read(m, sizeof m, &arena, &model, err,
	    sizeof err), "%s", err);
	cr_assert_eq(model.ir_version, 7);
	cr_assert_eq(model.opset, 13);
	cr_assert_eq(model.graph.nnodes, 1);
	cr_assert(onnx_eq(model.graph.nodes[0].op_type, "Relu"));
	cr_assert_eq(model.graph.nodes[0].nin, 1);
	cr_assert(onnx_eq(model.graph.nodes[0].in[0], "x"));
	/* every truncation is an error, never a crash; the prefix that
	 * stops right after the graph is a whole model (opset defaults) */
	for (size_t n = 0; n < sizeof m; n++)
		cr_assert_eq(onnx_model_read(m, n, &arena, &model, err,
		    sizeof err), n == 18, "prefix %zu", n);
	ir_arena_free(&arena);
}
