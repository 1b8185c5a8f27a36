/* targets/ethos_u/cmdstream.c: Ethos-U command streams: the tables built
 * from regs.def, decoding, encoding and the listing. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "ir/ir.h"
#include "targets/ethos_u/cmdstream.h"

/* ------------------------------------------------------------ tables */

/* The named values of the fields: (enum, value, name) rows. */
typedef enum EnumId {
	EN_NONE,
	EN_ACT_TYPE, EN_ACT_PRECISION, EN_ACT_FORMAT, EN_IFM_SCALE_MODE,
	EN_OFM_SCALE_MODE, EN_ROUND_MODE, EN_POOLING_MODE,
	EN_ELEMENTWISE_MODE, EN_IFM_UPSCALE_MODE, EN_WEIGHT_ORDER,
	EN_KERNEL_DILATION, EN_KERNEL_DECOMPOSITION, EN_ACC_FORMAT,
	EN_ACTIVATION_FUNCTION, EN_CLIP_RANGE, EN_DMA_REGION_MODE,
	EN_DMA_STRIDE_MODE, EN_IFM2_OPERAND_ORDER, EN_BROADCAST_MODE,
	EN_CUSTOM_DMA_CS,
} EnumId;

typedef struct EnumRow {
	EnumId e;
	unsigned v;
	const char *name;
} EnumRow;

static const EnumRow enum_rows[] = {
#define ENUM(e, v, s) { EN_##e, v, s },
#include "targets/ethos_u/regs.def"
};

typedef EthosuFieldDef FieldRow;

#define SIGN_S true
#define SIGN_U false
static const FieldRow field_rows[] = {
#define FIELD(c, n, hi, lo, e, s) { ETHOSU_##c, n, hi, lo, EN_##e, \
    SIGN_##s },
#include "targets/ethos_u/regs.def"
};
#define NFIELDS (sizeof(field_rows) / sizeof(field_rows[0]))

/* The index of each command's first field: the FIELD rows follow their
 * CMD row, so counting fields before each CMD row gives it. */
enum {
#define CMD(id, ...) FIRST_##id, BACK_##id = FIRST_##id - 1,
#define FIELD(c, n, hi, lo, ...) FROW_##c##_##hi##_##lo,
#include "targets/ethos_u/regs.def"
	FIELD_COUNT
};

#define KIND_CMD0 false
#define KIND_CMD1 true
#define PROD_ANY false
#define PROD_U65 true
static const EthosuCmdDef cmd_rows[ETHOSU_NUM_CMDS] = {
#define CMD(id, kind, code, prod) \
	{ "NPU_" #id, KIND_##kind, code, PROD_##prod, FIRST_##id },
#include "targets/ethos_u/regs.def"
};

_Static_assert(FIELD_COUNT == NFIELDS, "regs.def field rows");

const EthosuCmdDef *
ethosu_cmd_def(unsigned id)
{
	return id < ETHOSU_NUM_CMDS ? &cmd_rows[id] : NULL;
}

const EthosuFieldDef *
ethosu_field_def(unsigned k)
{
	return k < NFIELDS ? &field_rows[k] : NULL;
}

unsigned
ethosu_cmd_nfields(unsigned id)
{
	unsigned end = id + 1 < ETHOSU_NUM_CMDS ? cmd_rows[id + 1].first :
	    (unsigned)NFIELDS;
	return end - cmd_rows[id].first;
}

int
ethosu_cmd_lookup(bool cmd1, unsigned opcode)
{
	for (unsigned i = 0; i < ETHOSU_NUM_CMDS; i++)
		if (cmd_rows[i].cmd1 == cmd1 && cmd_rows[i].opcode == opcode)
			return (int)i;
	return -1;
}

int
ethosu_field_index(unsigned id, const char *name)
{
	unsigned first = cmd_rows[id].first, n = ethosu_cmd_nfields(id);
	for (unsigned k = 0; k < n; k++)
		if (!strcmp(field_rows[first + k].name, name))
			return (int)k;
	return -1;
}

bool
ethosu_cmd_is_operation(unsigned id)
{
	return id == ETHOSU_OP_CONV || id == ETHOSU_OP_DEPTHWISE ||
	    id == ETHOSU_OP_POOL || id == ETHOSU_OP_ELEMENTWISE ||
	    id == ETHOSU_OP_DMA_START;
}

/* The name of value v of enum e, or NULL. */
static const char *
enum_name(unsigned e, unsigned v)
{
	if (e == EN_NONE)
		return NULL;
	for (size_t i = 0; i < sizeof(enum_rows) / sizeof(enum_rows[0]); i++)
		if (enum_rows[i].e == e && enum_rows[i].v == v)
			return enum_rows[i].name;
	return NULL;
}

const char *
ethosu_enum_name(const EthosuFieldDef *f, unsigned v)
{
	return enum_name(f->enumid, v);
}

static uint64_t
field_mask(const FieldRow *f)
{
	unsigned w = f->hi - f->lo + 1u;
	return (w == 64 ? ~0ull : ((1ull << w) - 1)) << f->lo;
}

/* ------------------------------------------------------------ commands */

static void
set_err(char *err, size_t n, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(err, n, fmt, ap);
	va_end(ap);
}

static uint32_t
load32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	    (uint32_t)p[3] << 24;
}

static void
store32(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)v;
	p[1] = (uint8_t)(v >> 8);
	p[2] = (uint8_t)(v >> 16);
	p[3] = (uint8_t)(v >> 24);
}

size_t
ethosu_cmd_size(const EthosuCmd *c)
{
	return cmd_rows[c->id].cmd1 ? 8 : 4;
}

/* The command's 64-bit value from its fields. */
static uint64_t
cmd_bits(const EthosuCmd *c)
{
	const EthosuCmdDef *d = &cmd_rows[c->id];
	uint64_t v = d->opcode | (uint64_t)(d->cmd1 ? 1 : 0) << 14;
	unsigned n = ethosu_cmd_nfields(c->id);
	for (unsigned k = 0; k < n; k++) {
		const FieldRow *f = &field_rows[d->first + k];
		v |= ((uint64_t)c->value[k] << f->lo) & field_mask(f);
	}
	return v | c->extra;
}

size_t
ethosu_cmd_encode(const EthosuCmd *c, uint8_t *out)
{
	uint64_t v = cmd_bits(c);
	store32(out, (uint32_t)v);
	if (!cmd_rows[c->id].cmd1)
		return 4;
	store32(out + 4, (uint32_t)(v >> 32));
	return 8;
}

int64_t
ethosu_cmd_field(const EthosuCmd *c, unsigned k)
{
	const FieldRow *f = &field_rows[cmd_rows[c->id].first + k];
	if (f->sign)
		return (int16_t)c->value[k];
	return c->value[k];
}

/* Splits the 64-bit value v of command id into c. */
static void
cmd_split(EthosuCmd *c, unsigned id, uint64_t v)
{
	const EthosuCmdDef *d = &cmd_rows[id];
	unsigned n = ethosu_cmd_nfields(id);
	uint64_t covered = 0xffffull;
	c->id = (uint16_t)id;
	for (unsigned k = 0; k < n; k++) {
		const FieldRow *f = &field_rows[d->first + k];
		c->value[k] = (uint32_t)((v & field_mask(f)) >> f->lo);
		covered |= field_mask(f);
	}
	if (!d->cmd1)
		v &= 0xffffffffull;
	c->extra = v & ~covered;
}

bool
ethosu_stream_decode(const uint8_t *p, size_t len, EthosuStream *out,
    char *err, size_t errlen)
{
	memset(out, 0, sizeof(*out));
	if (len % 4) {
		set_err(err, errlen, "byte %zu: command stream length %zu is "
		    "not a multiple of 4", len - len % 4, len);
		return false;
	}
	size_t cap = len / 4 + 1;
	out->cmds = ir_xmalloc(cap * sizeof(EthosuCmd));
	for (size_t off = 0; off < len;) {
		uint32_t w0 = load32(p + off);
		bool cmd1 = (w0 >> 14 & 3) == 1;
		if ((w0 >> 14 & 3) > 1 || (w0 >> 10 & 15)) {
			set_err(err, errlen, "command %zu at byte %zu: bad "
			    "control bits in word 0x%08x", out->n, off, w0);
			goto fail;
		}
		int id = ethosu_cmd_lookup(cmd1, w0 & 0x3ff);
		if (id < 0) {
			set_err(err, errlen, "command %zu at byte %zu: unknown "
			    "%s opcode 0x%03x", out->n, off,
			    cmd1 ? "cmd1" : "cmd0", w0 & 0x3ff);
			goto fail;
		}
		uint64_t v = w0;
		if (cmd1) {
			if (off + 8 > len) {
				set_err(err, errlen, "command %zu at byte %zu: "
				    "%s is cut off (no payload word)", out->n,
				    off, cmd_rows[id].name);
				goto fail;
			}
			v |= (uint64_t)load32(p + off + 4) << 32;
		}
		EthosuCmd *c = &out->cmds[out->n++];
		c->offset = (uint32_t)off;
		cmd_split(c, (unsigned)id, v);
		off += cmd1 ? 8 : 4;
	}
	return true;
fail:
	ethosu_stream_free(out);
	return false;
}

void
ethosu_stream_free(EthosuStream *s)
{
	free(s->cmds);
	s->cmds = NULL;
	s->n = 0;
}

uint8_t *
ethosu_stream_encode(const EthosuStream *s, size_t *len)
{
	size_t n = 0;
	for (size_t i = 0; i < s->n; i++)
		n += ethosu_cmd_size(&s->cmds[i]);
	uint8_t *buf = ir_xmalloc(n ? n : 1), *p = buf;
	for (size_t i = 0; i < s->n; i++)
		p += ethosu_cmd_encode(&s->cmds[i], p);
	*len = n;
	return buf;
}

/* ------------------------------------------------------------ payloads */

#define FOURCC_COP1 0x31504f43u /* "COP1" little-endian */

static EthosuAction *
add_action(EthosuPayload *pl, size_t *cap)
{
	if (pl->n == *cap) {
		*cap = *cap ? 2 * *cap : 8;
		pl->actions = ir_xrealloc(pl->actions,
		    *cap * sizeof(EthosuAction));
	}
	EthosuAction *a = &pl->actions[pl->n++];
	memset(a, 0, sizeof(*a));
	return a;
}

/* Decodes the command stream of action a, whose tag is at byte off. */
static bool
decode_cmds(const uint8_t *p, size_t len, size_t off, EthosuAction *a,
    char *err, size_t errlen)
{
	uint64_t words = (uint64_t)a->reserved << 16 | a->param;
	if (words * 4 > len - off - 4) {
		set_err(err, errlen, "byte %zu: COMMAND_STREAM of %llu words "
		    "runs past the payload end (%zu bytes)", off,
		    (unsigned long long)words, len);
		return false;
	}
	a->stream_len = (uint32_t)(words * 4);
	char sub[200];
	if (!ethosu_stream_decode(p + off + 4, a->stream_len, &a->stream, sub,
	    sizeof(sub))) {
		/* Rebase the stream's byte offsets onto the payload's. */
		size_t ci, bi;
		if (sscanf(sub, "command %zu at byte %zu", &ci, &bi) == 2) {
			const char *rest = strchr(sub, ':');
			set_err(err, errlen, "command %zu at byte %zu%s", ci,
			    bi + off + 4, rest ? rest : "");
		} else
			set_err(err, errlen, "%s", sub);
		return false;
	}
	for (size_t i = 0; i < a->stream.n; i++)
		a->stream.cmds[i].offset += (uint32_t)(off + 4);
	return true;
}

static bool
decode_action(const uint8_t *p, size_t len, size_t *off, EthosuAction *a,
    char *err, size_t errlen)
{
	uint32_t tag = load32(p + *off);
	a->code = (uint8_t)tag;
	a->reserved = (uint8_t)(tag >> 8);
	a->param = (uint16_t)(tag >> 16);
	a->offset = (uint32_t)*off;
	switch (a->code) {
	case ETHOSU_DA_OPTIMIZER_CONFIG:
		if (len - *off < 12) {
			set_err(err, errlen, "byte %zu: OPTIMIZER_CONFIG is "
			    "cut off", *off);
			return false;
		}
		a->words[0] = load32(p + *off + 4);
		a->words[1] = load32(p + *off + 8);
		*off += 12;
		return true;
	case ETHOSU_DA_COMMAND_STREAM:
		if (!decode_cmds(p, len, *off, a, err, errlen))
			return false;
		*off += 4 + a->stream_len;
		return true;
	case ETHOSU_DA_NOP:
		*off += 4;
		return true;
	default:
		set_err(err, errlen, "byte %zu: unknown driver action %u (tag "
		    "0x%08x)", *off, a->code, tag);
		return false;
	}
}

bool
ethosu_payload_decode(const uint8_t *p, size_t len, EthosuPayload *out,
    char *err, size_t errlen)
{
	memset(out, 0, sizeof(*out));
	size_t cap = 0;
	if (len < 4 || load32(p) != FOURCC_COP1) {
		EthosuAction *a = add_action(out, &cap);
		a->code = ETHOSU_DA_COMMAND_STREAM;
		a->stream_len = (uint32_t)len;
		if (len > UINT32_MAX / 2) {
			set_err(err, errlen, "byte 0: stream too long");
			goto fail;
		}
		if (!ethosu_stream_decode(p, len, &a->stream, err, errlen))
			goto fail;
		return true;
	}
	out->cop1 = true;
	if (len % 4) {
		set_err(err, errlen, "byte %zu: COP1 payload length %zu is not "
		    "a multiple of 4", len - len % 4, len);
		goto fail;
	}
	for (size_t off = 4; off < len;) {
		EthosuAction *a = add_action(out, &cap);
		if (!decode_action(p, len, &off, a, err, errlen))
			goto fail;
	}
	return true;
fail:
	ethosu_payload_free(out);
	return false;
}

void
ethosu_payload_free(EthosuPayload *pl)
{
	for (size_t i = 0; i < pl->n; i++)
		ethosu_stream_free(&pl->actions[i].stream);
	free(pl->actions);
	memset(pl, 0, sizeof(*pl));
}

const EthosuStream *
ethosu_payload_stream(const EthosuPayload *pl)
{
	for (size_t i = 0; i < pl->n; i++)
		if (pl->actions[i].code == ETHOSU_DA_COMMAND_STREAM)
			return &pl->actions[i].stream;
	return NULL;
}

uint8_t *
ethosu_payload_encode(const EthosuPayload *pl, size_t *len)
{
	if (!pl->cop1)
		return ethosu_stream_encode(&pl->actions[0].stream, len);
	size_t n = 4;
	for (size_t i = 0; i < pl->n; i++) {
		const EthosuAction *a = &pl->actions[i];
		n += 4;
		if (a->code == ETHOSU_DA_OPTIMIZER_CONFIG)
			n += 8;
		for (size_t k = 0; k < a->stream.n; k++)
			n += ethosu_cmd_size(&a->stream.cmds[k]);
	}
	uint8_t *buf = ir_xmalloc(n), *p = buf;
	store32(p, FOURCC_COP1);
	p += 4;
	for (size_t i = 0; i < pl->n; i++) {
		const EthosuAction *a = &pl->actions[i];
		store32(p, a->code | (uint32_t)a->reserved << 8 |
		    (uint32_t)a->param << 16);
		p += 4;
		if (a->code == ETHOSU_DA_OPTIMIZER_CONFIG) {
			store32(p, a->words[0]);
			store32(p + 4, a->words[1]);
			p += 8;
		}
		for (size_t k = 0; k < a->stream.n; k++)
			p += ethosu_cmd_encode(&a->stream.cmds[k], p);
	}
	*len = n;
	return buf;
}

/* ------------------------------------------------------------ listing */

static void
print_config(FILE *out, uint32_t cfg, uint32_t id)
{
	unsigned product = cfg >> 28, macs = cfg & 15;
	fprintf(out, "  config 0x%08x: product=%u (%s) macs_per_cc=%u (%u "
	    "MACs/cycle) cmd_stream_version=%u shram_size=%u KB "
	    "functional_safety=%u custom_dma=%u\n", cfg, product,
	    product == 0 ? "Ethos-U55" : product == 1 ? "Ethos-U65" :
	    "unknown", macs, 1u << macs, cfg >> 4 & 15, cfg >> 8 & 255,
	    cfg >> 26 & 1, cfg >> 27 & 1);
	fprintf(out, "  id 0x%08x: arch=%u.%u.%u product_major=%u "
	    "version=r%up%u status=%u\n", id, id >> 28, id >> 20 & 255,
	    id >> 16 & 15, id >> 12 & 15, id >> 8 & 15, id >> 4 & 15,
	    id & 15);
}

static void
print_value(FILE *out, const FieldRow *f, const EthosuCmd *c, unsigned k)
{
	const char *en = enum_name(f->enumid, c->value[k]);
	if (en)
		fprintf(out, " %s=%s", f->name, en);
	else if (f->sign)
		fprintf(out, " %s=%d", f->name, (int16_t)c->value[k]);
	else if (!strcmp(f->name, "addr") || !strcmp(f->name, "addr_hi"))
		fprintf(out, " %s=0x%x", f->name, c->value[k]);
	else
		fprintf(out, " %s=%u", f->name, c->value[k]);
}

static void
print_cmd(FILE *out, size_t i, const EthosuCmd *c, unsigned *nops)
{
	const EthosuCmdDef *d = &cmd_rows[c->id];
	uint64_t v = cmd_bits(c);
	if (d->cmd1)
		fprintf(out, "%6zu  0x%06x  %08x %08x  %-26s", i, c->offset,
		    (uint32_t)v, (uint32_t)(v >> 32), d->name);
	else
		fprintf(out, "%6zu  0x%06x  %08x           %-26s", i,
		    c->offset, (uint32_t)v, d->name);
	unsigned n = ethosu_cmd_nfields(c->id);
	for (unsigned k = 0; k < n; k++)
		print_value(out, &field_rows[d->first + k], c, k);
	if (c->extra)
		fprintf(out, " reserved=0x%llx", (unsigned long long)c->extra);
	if (ethosu_cmd_is_operation(c->id))
		fprintf(out, "  ; operation %u", (*nops)++);
	fputc('\n', out);
}

static void
print_stream(FILE *out, const EthosuStream *s, uint32_t len)
{
	unsigned nops = 0;
	for (size_t i = 0; i < s->n; i++)
		nops += ethosu_cmd_is_operation(s->cmds[i].id);
	fprintf(out, "command stream: %u bytes, %zu commands, %u NPU "
	    "operations\n", len, s->n, nops);
	fprintf(out, "%6s  %-8s  %-17s  %s\n", "index", "offset", "words",
	    "command and fields");
	nops = 0;
	for (size_t i = 0; i < s->n; i++)
		print_cmd(out, i, &s->cmds[i], &nops);
}

static const char *
action_name(unsigned code)
{
	switch (code) {
	case ETHOSU_DA_OPTIMIZER_CONFIG: return "OPTIMIZER_CONFIG";
	case ETHOSU_DA_COMMAND_STREAM: return "COMMAND_STREAM";
	case ETHOSU_DA_NOP: return "NOP";
	default: return "?";
	}
}

void
ethosu_payload_print(FILE *out, const EthosuPayload *pl)
{
	if (pl->cop1) {
		fprintf(out, "driver payload: COP1, %zu driver actions\n",
		    pl->n);
		for (size_t i = 0; i < pl->n; i++) {
			const EthosuAction *a = &pl->actions[i];
			fprintf(out, "0x%06x  %s", a->offset,
			    action_name(a->code));
			if (a->code == ETHOSU_DA_OPTIMIZER_CONFIG)
				fprintf(out, " rel=%u patch=%u\n",
				    a->param & 15, a->param >> 4 & 15);
			else if (a->code == ETHOSU_DA_COMMAND_STREAM)
				fprintf(out, " %u words\n", a->stream_len / 4);
			else
				fputc('\n', out);
			if (a->code == ETHOSU_DA_OPTIMIZER_CONFIG)
				print_config(out, a->words[0], a->words[1]);
		}
	} else
		fprintf(out, "raw command stream (no driver payload header)\n");
	for (size_t i = 0; i < pl->n; i++)
		if (pl->actions[i].code == ETHOSU_DA_COMMAND_STREAM)
			print_stream(out, &pl->actions[i].stream,
			    pl->actions[i].stream_len);
}
