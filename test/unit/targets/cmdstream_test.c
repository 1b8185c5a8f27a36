/* test/unit/targets/cmdstream_test.c: the Ethos-U command table's
 * invariants and the decode/encode round trip on generated commands. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "targets/ethos_u/cmdstream.h"

/* Opcodes are unique per control kind; fields lie in the word(s) the
 * command has, above the opcode/control bits, and do not overlap. */
Test(ethosu_cmdstream, table_invariants)
{
	for (unsigned i = 0; i < ETHOSU_NUM_CMDS; i++) {
		const EthosuCmdDef *d = ethosu_cmd_def(i);
		cr_assert_eq(ethosu_cmd_lookup(d->cmd1, d->opcode), (int)i,
		    "%s", d->name);
		cr_assert(ethosu_cmd_nfields(i) <= ETHOSU_MAX_FIELDS);
		uint64_t seen = 0;
		for (unsigned k = 0; k < ethosu_cmd_nfields(i); k++) {
			const EthosuFieldDef *f = ethosu_field_def(d->first +
			    k);
			cr_assert(f->lo >= 16 && f->hi >= f->lo, "%s.%s",
			    d->name, f->name);
			cr_assert(f->hi < (d->cmd1 ? 64 : 32), "%s.%s",
			    d->name, f->name);
			unsigned w = f->hi - f->lo + 1;
			uint64_t m = (w == 64 ? ~0ull : (1ull << w) - 1) <<
			    f->lo;
			cr_assert_eq(seen & m, 0, "%s.%s overlaps", d->name,
			    f->name);
			seen |= m;
			cr_assert_eq(ethosu_field_index(i, f->name), (int)k);
		}
	}
	cr_assert_eq(ethosu_cmd_lookup(false, 0x3ff), -1);
}

/* Known encodings (Arm's layout): NPU_SET_IFM_PRECISION with a signed
 * 8-bit NHCWB16 IFM is 0x00410105; NPU_SET_OFM_BASE0 0x10 is
 * 0x00004010 0x00000010. */
Test(ethosu_cmdstream, known_words)
{
	static const uint8_t bytes[] = {
		0x05, 0x01, 0x41, 0x00, 0x10, 0x40, 0x00, 0x00,
		0x10, 0x00, 0x00, 0x00, 0x09, 0x01, 0x80, 0xff,
	};
	EthosuStream s;
	char err[128];
	cr_assert(ethosu_stream_decode(bytes, sizeof(bytes), &s, err,
	    sizeof(err)), "%s", err);
	cr_assert_eq(s.n, 3);
	cr_assert_eq(s.cmds[0].id, ETHOSU_SET_IFM_PRECISION);
	int k = ethosu_field_index(ETHOSU_SET_IFM_PRECISION,
	    "activation_format");
	cr_assert_eq(ethosu_cmd_field(&s.cmds[0], (unsigned)k), 1);
	cr_assert_eq(s.cmds[1].id, ETHOSU_SET_OFM_BASE0);
	k = ethosu_field_index(ETHOSU_SET_OFM_BASE0, "addr");
	cr_assert_eq(ethosu_cmd_field(&s.cmds[1], (unsigned)k), 0x10);
	cr_assert_eq(s.cmds[1].offset, 4);
	k = ethosu_field_index(ETHOSU_SET_IFM_ZERO_POINT, "zero_point");
	cr_assert_eq(ethosu_cmd_field(&s.cmds[2], (unsigned)k), -128);
	ethosu_stream_free(&s);
}

/* Every command with pseudo-random parameter and payload bits decodes
 * and encodes back to the same words, reserved bits included. */
Test(ethosu_cmdstream, round_trip_all_commands)
{
	uint32_t x = 12345;
	for (unsigned i = 0; i < ETHOSU_NUM_CMDS; i++) {
		const EthosuCmdDef *d = ethosu_cmd_def(i);
		for (int rep = 0; rep < 16; rep++) {
			uint32_t w[2];
			x = x * 1103515245u + 12345u;
			w[0] = d->opcode | (d->cmd1 ? 1u << 14 : 0) |
			    (x & 0xffff0000u);
			x = x * 1103515245u + 12345u;
			w[1] = x;
			uint8_t in[8], *out;
			memcpy(in, w, 8);
			size_t len = d->cmd1 ? 8 : 4, olen;
			EthosuStream s;
			char err[128];
			cr_assert(ethosu_stream_decode(in, len, &s, err,
			    sizeof(err)), "%s", err);
			out = ethosu_stream_encode(&s, &olen);
			cr_assert_eq(olen, len);
			cr_assert_eq(memcmp(in, out, len), 0, "%s", d->name);
			free(out);
			ethosu_stream_free(&s);
		}
	}
}
