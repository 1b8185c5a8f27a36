/* test/unit/ethos_u/vela.c: test-only reading of Vela-compiled models
 * (the command-stream decoder's commands, walked for the registers of
 * each NPU_OP_CONV/DEPTHWISE and the 1-D DMAs that bring weights into
 * SRAM) and of the original models. */
#include "test/unit/ethos_u/vela.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "dialects/dialect.h"

const char *
vela_shared_dir(void)
{
	static char dir[4096];
	struct stat st;
	const char *env = getenv("NPUIR_SHARED");
	if (env) {
		snprintf(dir, sizeof(dir), "%s", env);
	} else {
		/* __FILE__ is $srcdir/test/unit/ethos_u/vela.c. */
		const char *f = __FILE__;
		const char *end = strstr(f, "/test/unit/ethos_u/");
		if (!end)
			return NULL;
		snprintf(dir, sizeof(dir), "%.*s/../shared", (int)(end - f), f);
	}
	return stat(dir, &st) == 0 && S_ISDIR(st.st_mode) ? dir : NULL;
}

int
vela_each_compiled(const char *shared, int (*fn)(const char *path))
{
	static const char *const models[] = { "conv10", "hello_world_int8",
	    "micro_speech_quantized", "person_detect" };
	static const char *const configs[] = { "a-u55-128-shared-sram",
	    "b-u65-256-dedicated-sram", "c-u55-256-shared-sram-size" };
	char path[4096];
	int total = 0;
	for (size_t i = 0; i < sizeof(models) / sizeof(models[0]); i++)
		for (size_t c = 0; c < sizeof(configs) / sizeof(configs[0]);
		    c++) {
			snprintf(path, sizeof(path), "%s/vela/%s/%s/%s_vela."
			    "tflite", shared, models[i], configs[c],
			    models[i]);
			total += fn(path);
		}
	snprintf(path, sizeof(path), "%s/models/person_detect_vela.tflite",
	    shared);
	return total + fn(path);
}

static void
quiet(IrContext *ctx, const IrDiagnostic *d, void *user)
{
	(void)ctx;
	(void)d;
	(void)user;
}

/* ------------------------------------------------------- flatbuffers */

typedef struct Fb {
	const ImportFile *f;
	FbTable root, sg;
	FbVec ops, tensors, buffers, codes;
} Fb;

static bool
fb_open(const ImportFile *f, Fb *fb)
{
	FbVec sgs;
	fb->f = f;
	return fb_root(f, "TFL3", &fb->root) &&
	    fb_vec(&fb->root, 2, 4, &sgs) && sgs.n > 0 &&
	    fb_vec_table(f, &sgs, 0, &fb->sg) &&
	    fb_vec(&fb->sg, 3, 4, &fb->ops) &&
	    fb_vec(&fb->sg, 0, 4, &fb->tensors) &&
	    fb_vec(&fb->root, 4, 4, &fb->buffers) &&
	    fb_vec(&fb->root, 1, 4, &fb->codes);
}

/* The builtin code (or -1 for custom, with its name) of operator k. */
static int
fb_op_code(const Fb *fb, const FbTable *op, const char **custom,
    uint32_t *clen)
{
	uint32_t idx;
	FbTable code;
	uint8_t dep;
	int32_t bc;
	*custom = "";
	*clen = 0;
	if (!fb_u32(op, 0, 0, &idx) || idx >= fb->codes.n ||
	    !fb_vec_table(fb->f, &fb->codes, idx, &code) ||
	    !fb_u8(&code, 0, 0, &dep) || !fb_i32(&code, 3, 0, &bc) ||
	    !fb_str(&code, 1, custom, clen))
		return -2;
	if (*clen > 0)
		return -1;
	return bc > dep ? bc : dep;
}

/* Tensor t's table and its buffer's bytes (NULL when none). */
static bool
fb_tensor(const Fb *fb, int32_t t, FbTable *tt, const uint8_t **data,
    size_t *n)
{
	uint32_t b;
	FbTable bt;
	FbVec v;
	*data = NULL;
	*n = 0;
	if (t < 0 || (uint32_t)t >= fb->tensors.n ||
	    !fb_vec_table(fb->f, &fb->tensors, (uint32_t)t, tt) ||
	    !fb_u32(tt, 2, 0, &b))
		return false;
	if (b == 0 || b >= fb->buffers.n)
		return true;
	if (!fb_vec_table(fb->f, &fb->buffers, b, &bt) ||
	    !fb_vec(&bt, 0, 1, &v))
		return false;
	*data = fb->f->data + v.pos;
	*n = v.n;
	return true;
}

static bool
fb_op_io(const Fb *fb, const FbTable *op, unsigned field, uint32_t k,
    int32_t *t)
{
	FbVec v;
	if (!fb_vec(op, field, 4, &v) || k >= v.n)
		return false;
	*t = fb_vec_i32(fb->f, &v, k);
	return true;
}

/* ------------------------------------------------------------ walk */

/* Register opcodes (cmd0 parameters and cmd1 payloads by opcode). */
enum {
	R_IFM_DEPTH_M1 = 0x104, R_IFM_PRECISION = 0x105,
	R_OFM_DEPTH_M1 = 0x113, R_OFM_BLK_DEPTH_M1 = 0x117,
	R_KERNEL_WIDTH_M1 = 0x120, R_KERNEL_HEIGHT_M1 = 0x121,
	R_KERNEL_STRIDE = 0x122, R_WEIGHT_REGION = 0x128,
	R_SCALE_REGION = 0x129, R_DMA0_SRC_REGION = 0x130,
	R_DMA0_DST_REGION = 0x131,
	R1_OFM_BASE0 = 0x010, R1_WEIGHT_BASE = 0x020,
	R1_WEIGHT_LENGTH = 0x021, R1_SCALE_BASE = 0x022,
	R1_SCALE_LENGTH = 0x023, R1_DMA0_SRC = 0x030, R1_DMA0_DST = 0x031,
	R1_DMA0_LEN = 0x032, R1_WEIGHT1_BASE = 0x090,
	R1_WEIGHT1_LENGTH = 0x091, R1_SCALE1_BASE = 0x092,
	R1_SCALE1_LENGTH = 0x093,
};

typedef struct Dma {
	int src_region, dst_region;
	uint32_t src, dst, len;
} Dma;

typedef struct Walk {
	VelaModel *m;
	uint32_t r0[0x400], r1[0x400];
	Dma *dmas;
	int ndmas;
} Walk;

static uint8_t *
region_span(VelaModel *m, int r, uint32_t addr, uint32_t len, bool grow)
{
	size_t end = (size_t)addr + len;
	if (r == 0)
		return end <= m->nflash ? (uint8_t *)m->flash + addr : NULL;
	if (end > m->nregion[r]) {
		if (!grow)
			return NULL;
		m->region[r] = realloc(m->region[r], end);
		memset(m->region[r] + m->nregion[r], 0, end - m->nregion[r]);
		m->nregion[r] = end;
	}
	return m->region[r] + addr;
}

static bool
walk_dma(Walk *w)
{
	Dma d = { (int)(w->r0[R_DMA0_SRC_REGION] & 7),
		(int)(w->r0[R_DMA0_DST_REGION] & 7), w->r1[R1_DMA0_SRC],
		w->r1[R1_DMA0_DST], w->r1[R1_DMA0_LEN] };
	uint8_t *src, *dst;
	/* Internal destinations (SHRAM: LUTs) and strided modes carry no
	 * weights. */
	if (w->r0[R_DMA0_DST_REGION] >> 8 & 1)
		return true;
	if ((w->r0[R_DMA0_SRC_REGION] | w->r0[R_DMA0_DST_REGION]) >> 9 & 3)
		return true;
	src = region_span(w->m, d.src_region, d.src, d.len, true);
	dst = region_span(w->m, d.dst_region, d.dst, d.len, true);
	if (!src || !dst || d.dst_region == 0)
		return false;
	memmove(dst, src, d.len);
	w->dmas = realloc(w->dmas, (size_t)(w->ndmas + 1) * sizeof(Dma));
	w->dmas[w->ndmas++] = d;
	return true;
}

/* Where [addr, addr + len) of region r came from in the flash. */
static long
flash_origin(const Walk *w, int r, uint32_t addr, uint32_t len)
{
	if (r == 0)
		return addr;
	for (int k = w->ndmas - 1; k >= 0; k--) {
		const Dma *d = &w->dmas[k];
		if (d->dst_region == r && d->dst <= addr &&
		    (uint64_t)addr + len <= (uint64_t)d->dst + d->len)
			return d->src_region == 0 ?
			    (long)(d->src + (addr - d->dst)) : -1;
	}
	return -1;
}

static bool
walk_range(Walk *w, int region, unsigned base, unsigned len, VelaRange *r)
{
	const uint8_t *src;
	r->n = w->r1[len];
	r->p = NULL;
	r->flash_off = -1;
	if (r->n == 0)
		return true;
	/* A copy: later DMAs overwrite (and grow) the region. */
	src = region_span(w->m, region, w->r1[base], w->r1[len], false);
	if (!src)
		return false;
	r->p = malloc(r->n);
	memcpy((uint8_t *)r->p, src, r->n);
	r->flash_off = flash_origin(w, region, w->r1[base], w->r1[len]);
	return true;
}

static bool
walk_op(Walk *w, int cmd, bool dw)
{
	VelaModel *m = w->m;
	VelaOp *op;
	int wr = (int)(w->r0[R_WEIGHT_REGION] & 7);
	int sr = (int)(w->r0[R_SCALE_REGION] & 7);
	m->ops = realloc(m->ops, (size_t)(m->nops + 1) * sizeof(VelaOp));
	op = &m->ops[m->nops++];
	memset(op, 0, sizeof(*op));
	op->cmd = cmd;
	op->regs = (EthosuWeightRegs){
		dw ? ETHOSU_WEIGHTS_DEPTHWISE : ETHOSU_WEIGHTS_CONV,
		w->r0[R_IFM_DEPTH_M1], w->r0[R_OFM_DEPTH_M1],
		w->r0[R_KERNEL_WIDTH_M1], w->r0[R_KERNEL_HEIGHT_M1],
		w->r0[R_KERNEL_STRIDE], w->r0[R_OFM_BLK_DEPTH_M1],
		8 << (w->r0[R_IFM_PRECISION] >> 2 & 3), m->macs, m->ncores,
	};
	op->ofm_base = w->r1[R1_OFM_BASE0];
	return walk_range(w, wr, R1_WEIGHT_BASE, R1_WEIGHT_LENGTH, &op->w[0]) &&
	    walk_range(w, sr, R1_SCALE_BASE, R1_SCALE_LENGTH, &op->s[0]) &&
	    (m->ncores < 2 || (walk_range(w, wr, R1_WEIGHT1_BASE,
	    R1_WEIGHT1_LENGTH, &op->w[1]) && walk_range(w, sr,
	    R1_SCALE1_BASE, R1_SCALE1_LENGTH, &op->s[1])));
}

/* Follows the stream decoded by targets/ethos_u/cmdstream: each
 * command's words give the register state by opcode. */
static bool
walk(VelaModel *m, const EthosuStream *st, char *why, size_t nw)
{
	Walk *w = calloc(1, sizeof(*w));
	bool ok = true;
	w->m = m;
	for (size_t k = 0; ok && k < st->n; k++) {
		const EthosuCmd *c = &st->cmds[k];
		const EthosuCmdDef *def = ethosu_cmd_def(c->id);
		uint8_t b[8] = {0};
		uint32_t w0, w1, code = def->opcode;
		ethosu_cmd_encode(c, b);
		w0 = (uint32_t)b[0] | (uint32_t)b[1] << 8 |
		    (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
		w1 = (uint32_t)b[4] | (uint32_t)b[5] << 8 |
		    (uint32_t)b[6] << 16 | (uint32_t)b[7] << 24;
		if (def->cmd1)
			w->r1[code] = w1;
		else if (code >= 0x100)
			w->r0[code] = w0 >> 16;
		else if (c->id == ETHOSU_OP_CONV || c->id == ETHOSU_OP_DEPTHWISE)
			ok = walk_op(w, (int)k, c->id == ETHOSU_OP_DEPTHWISE);
		else if (c->id == ETHOSU_OP_DMA_START)
			ok = walk_dma(w);
		if (!ok)
			snprintf(why, nw, "command %zu reads outside its region",
			    k);
	}
	free(w->dmas);
	free(w);
	return ok;
}

/* The COP1 payload: its configuration word and command stream. */
static bool
read_payload(VelaModel *m, const uint8_t *p, size_t n, char *why,
    size_t nw)
{
	if (!ethosu_payload_decode(p, n, &m->payload, why, nw))
		return false;
	for (size_t k = 0; k < m->payload.n; k++)
		if (m->payload.actions[k].code == ETHOSU_DA_OPTIMIZER_CONFIG)
			m->config = m->payload.actions[k].words[0];
	if (!ethosu_payload_stream(&m->payload)) {
		snprintf(why, nw, "COP1 payload without a command stream");
		return false;
	}
	return true;
}

static bool
find_ethosu(VelaModel *m, const Fb *fb, char *why, size_t nw)
{
	for (uint32_t k = 0; k < fb->ops.n; k++) {
		FbTable op, tt;
		const char *cname;
		uint32_t clen;
		int32_t t0, t1;
		const uint8_t *cmd;
		size_t ncmd;
		if (!fb_vec_table(fb->f, &fb->ops, k, &op) ||
		    fb_op_code(fb, &op, &cname, &clen) != -1 ||
		    clen != 7 || memcmp(cname, "ethos-u", 7) != 0)
			continue;
		if (!fb_op_io(fb, &op, 1, 0, &t0) ||
		    !fb_op_io(fb, &op, 1, 1, &t1) ||
		    !fb_tensor(fb, t0, &tt, &cmd, &ncmd) ||
		    !fb_tensor(fb, t1, &tt, &m->flash, &m->nflash) || !cmd) {
			snprintf(why, nw, "ethos-u op without stream/flash");
			return false;
		}
		return read_payload(m, cmd, ncmd, why, nw);
	}
	snprintf(why, nw, "no ethos-u custom op");
	return false;
}

bool
vela_open(const char *path, VelaModel *m, char *why, size_t nwhy)
{
	Fb fb;
	int total;
	memset(m, 0, sizeof(*m));
	m->ctx = ir_context_create();
	ir_context_set_diag_handler(m->ctx, quiet, NULL);
	if (!import_file_open(m->ctx, path, &m->f)) {
		snprintf(why, nwhy, "cannot open %s", path);
		return false;
	}
	if (!fb_open(&m->f, &fb)) {
		snprintf(why, nwhy, "%s: not a TFLite model", path);
		return false;
	}
	if (!find_ethosu(m, &fb, why, nwhy))
		return false;
	/* Config word: log2 of all cores' MACs per cycle in bits 0-3. */
	total = 1 << (m->config & 15);
	m->ncores = total > 256 ? 2 : 1;
	m->macs = total / m->ncores;
	return walk(m, ethosu_payload_stream(&m->payload), why, nwhy);
}

void
vela_close(VelaModel *m)
{
	ethosu_payload_free(&m->payload);
	for (int k = 0; k < m->nops; k++) {
		for (int c = 0; c < 2; c++) {
			free((void *)m->ops[k].w[c].p);
			free((void *)m->ops[k].s[c].p);
		}
	}
	free(m->ops);
	for (int r = 0; r < 8; r++)
		free(m->region[r]);
	if (m->ctx) {
		if (m->f.data)
			import_file_close(&m->f);
		ir_context_destroy(m->ctx);
	}
	memset(m, 0, sizeof(*m));
}

/* ---------------------------------------------------- original ops */

enum { TFL_CONV_2D = 3, TFL_DEPTHWISE_CONV_2D = 4, TFL_FULLY_CONNECTED = 9 };

/* Vela's quantise_scale: frexp, the significand rounded away from zero
 * to Q31, a right shift of 31 - exponent (0..63, else scale 0 shift
 * 16). */
static void
vela_quantise(double s, EthosuScale *out)
{
	int ex;
	double sig = frexp(s, &ex);
	double q = floor(fabs(sig) * 2147483648.0 + 0.5);
	int shift = 31 - ex;
	if (shift < 0 || shift > 63) {
		out->scale = 0;
		out->shift = 16;
		return;
	}
	out->scale = (uint32_t)(sig < 0 ? -q : q);
	out->shift = (uint8_t)shift;
}

static float
quant_scale(const Fb *fb, const FbTable *t, uint32_t k)
{
	FbTable q;
	FbVec v;
	if (!fb_sub(t, 4, &q) || q.pos == 0 || !fb_vec(&q, 2, 4, &v) ||
	    v.n == 0)
		return 1.0f;
	return fb_vec_f32(fb->f, &v, k < v.n ? k : 0);
}

static int64_t
quant_zp(const Fb *fb, const FbTable *t, uint32_t k)
{
	FbTable q;
	FbVec v;
	if (!fb_sub(t, 4, &q) || q.pos == 0 || !fb_vec(&q, 3, 8, &v) ||
	    v.n == 0)
		return 0;
	return fb_vec_i64(fb->f, &v, k < v.n ? k : 0);
}

static bool
tensor_dims(const FbTable *t, int *d, int max, int *rank)
{
	FbVec v;
	if (!fb_vec(t, 0, 4, &v) || v.n > (uint32_t)max)
		return false;
	*rank = (int)v.n;
	for (uint32_t k = 0; k < v.n; k++)
		d[k] = fb_vec_i32(t->f, &v, k);
	return true;
}

/* Fills op's OHWI weights from a TFLite weight tensor. */
static void
orig_weights(const Fb *fb, const FbTable *wt, const int8_t *wd,
    OrigOp *op)
{
	op->ohwi = calloc((size_t)op->o * op->h * op->w * op->i, 2);
	for (int o = 0; o < op->o; o++)
	for (int y = 0; y < op->h; y++)
	for (int x = 0; x < op->w; x++)
	for (int i = 0; i < op->i; i++) {
		size_t dst = (((size_t)o * op->h + y) * op->w + x) * op->i + i;
		size_t src;
		if (op->kind == ETHOSU_WEIGHTS_DEPTHWISE)
			src = ((size_t)y * op->w + x) * op->o + o;
		else
			src = dst;
		op->ohwi[dst] = (int16_t)(wd[src] - quant_zp(fb, wt,
		    (uint32_t)o));
	}
}

/* Vela's reduced_quantise_scale for 16-bit IFMs with 64-bit biases: the
 * multiplier rounded to 16 bits, the shift 16 less. */
static void
vela_reduce(EthosuScale *s)
{
	s->scale = s->scale < (32767u << 16) ?
	    (uint32_t)(((uint64_t)s->scale + (1u << 15)) >> 16) : 32767;
	s->shift = (uint8_t)(s->shift - 16);
}

static void
orig_scales(const Fb *fb, const FbTable *op_t, OrigOp *op,
    const FbTable *wt, EthosuScale *s)
{
	FbTable it, ot, bt;
	int32_t ti = -1, to = -1, tb = -1;
	const uint8_t *bd = NULL, *dummy;
	size_t bn = 0, dn;
	uint8_t itype = 0, btype = 0;
	fb_op_io(fb, op_t, 1, 0, &ti);
	fb_op_io(fb, op_t, 2, 0, &to);
	fb_op_io(fb, op_t, 1, 2, &tb);
	fb_tensor(fb, ti, &it, &dummy, &dn);
	fb_tensor(fb, to, &ot, &dummy, &dn);
	fb_u8(&it, 1, 0, &itype);
	if (tb >= 0) {
		fb_tensor(fb, tb, &bt, &bd, &bn);
		fb_u8(&bt, 1, 0, &btype);
	}
	op->real = calloc((size_t)op->o, sizeof(double));
	for (int c = 0; c < op->o; c++) {
		float fi = quant_scale(fb, &it, 0), fw = quant_scale(fb, wt,
		    (uint32_t)c), fo = quant_scale(fb, &ot, 0);
		int esize = btype == TFL_INT64 ? 8 : 4;
		/* Vela: a float product for fully connected, doubles else. */
		if (op->fc)
			op->real[c] = (double)(fi * fw) / (double)fo;
		else
			op->real[c] = ((double)fi * (double)fw) / (double)fo;
		vela_quantise(op->real[c], &s[c]);
		op->reduced = itype == TFL_INT16 && btype == TFL_INT64;
		if (op->reduced)
			vela_reduce(&s[c]);
		s[c].bias = 0;
		if (bd && bn >= (size_t)(c + 1) * (size_t)esize) {
			if (esize == 8) {
				memcpy(&s[c].bias, bd + (size_t)c * 8, 8);
			} else {
				int32_t b;
				memcpy(&b, bd + (size_t)c * 4, 4);
				s[c].bias = b;
			}
		}
	}
}

static bool
orig_one(const Fb *fb, const FbTable *op_t, int code, OrigOp *op)
{
	FbTable wt;
	const uint8_t *wd;
	size_t wn;
	int32_t tw;
	int d[8], rank;
	memset(op, 0, sizeof(*op));
	if (!fb_op_io(fb, op_t, 1, 1, &tw) ||
	    !fb_tensor(fb, tw, &wt, &wd, &wn) || !wd ||
	    !tensor_dims(&wt, d, 8, &rank))
		return false;
	op->fc = code == TFL_FULLY_CONNECTED;
	op->kind = code == TFL_DEPTHWISE_CONV_2D ? ETHOSU_WEIGHTS_DEPTHWISE :
	    ETHOSU_WEIGHTS_CONV;
	if (op->fc && rank == 2) {
		op->o = d[0], op->h = 1, op->w = 1, op->i = d[1];
	} else if (rank == 4 && op->kind == ETHOSU_WEIGHTS_DEPTHWISE) {
		op->o = d[3], op->h = d[1], op->w = d[2], op->i = 1;
	} else if (rank == 4) {
		op->o = d[0], op->h = d[1], op->w = d[2], op->i = d[3];
	} else {
		return false;
	}
	if (wn != (size_t)op->o * op->h * op->w * op->i)
		return false;
	orig_weights(fb, &wt, (const int8_t *)wd, op);
	op->scales = calloc((size_t)op->o, sizeof(EthosuScale));
	orig_scales(fb, op_t, op, &wt, op->scales);
	return true;
}

int
orig_load(const char *path, OrigOp **ops, char *why, size_t nwhy)
{
	IrContext *ctx = ir_context_create();
	ImportFile f;
	Fb fb;
	int n = 0;
	*ops = NULL;
	ir_context_set_diag_handler(ctx, quiet, NULL);
	if (!import_file_open(ctx, path, &f)) {
		snprintf(why, nwhy, "cannot open %s", path);
		ir_context_destroy(ctx);
		return -1;
	}
	if (!fb_open(&f, &fb)) {
		snprintf(why, nwhy, "%s: not a TFLite model", path);
		n = -1;
	}
	for (uint32_t k = 0; n >= 0 && k < fb.ops.n; k++) {
		FbTable op;
		const char *cn;
		uint32_t cl;
		int code;
		if (!fb_vec_table(&f, &fb.ops, k, &op))
			continue;
		code = fb_op_code(&fb, &op, &cn, &cl);
		if (code != TFL_CONV_2D && code != TFL_DEPTHWISE_CONV_2D &&
		    code != TFL_FULLY_CONNECTED)
			continue;
		*ops = realloc(*ops, (size_t)(n + 1) * sizeof(OrigOp));
		if (!orig_one(&fb, &op, code, &(*ops)[n])) {
			snprintf(why, nwhy, "operator %u: unreadable weights",
			    k);
			n = -1;
			break;
		}
		n++;
	}
	import_file_close(&f);
	ir_context_destroy(ctx);
	return n;
}

void
orig_free(OrigOp *ops, int n)
{
	for (int k = 0; k < n; k++) {
		free(ops[k].ohwi);
		free(ops[k].scales);
		free(ops[k].real);
	}
	free(ops);
}
