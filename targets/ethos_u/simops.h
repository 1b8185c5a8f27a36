/* targets/ethos_u/simops.h: the simulator's private interface: its state,
 * feature maps, the output stage, and the operation kernels (simops.c,
 * simconv.c). */
#ifndef NPUIR_ETHOSU_SIMOPS_H
#define NPUIR_ETHOSU_SIMOPS_H

#include "targets/ethos_u/sim.h"

/* The largest SHRAM (KB) a configuration word may give. */
#define SIM_SHRAM_KB 64

/* round_mode values. */
enum { ETHOSU_ROUND_DBL = 0, ETHOSU_ROUND_TRUNCATE = 1,
	ETHOSU_ROUND_NATURAL = 2 };

/* One byte range a command reads or writes: absolute addresses for the
 * overlap test, its region (-1: the SHRAM) and offset for messages. */
typedef struct SimAccess {
	uintptr_t lo, hi;
	uint64_t start;
	int region;
	bool write;
} SimAccess;

/* The most ranges one command touches: three maps of four tiles, two
 * cores' weights and scales, the LUT and the SHRAM. */
#define SIM_MAX_ACCESS 24

/* A DMA or NPU operation that may still be running. */
typedef struct SimAct {
	size_t idx;                   /* its command */
	int n;
	SimAccess acc[SIM_MAX_ACCESS];
} SimAct;

/* The hazard checker's state (simhazard.c). */
typedef struct SimHazards {
	SimAct cur;                   /* the command being checked */
	SimAct dma[2], ops[2];        /* outstanding, oldest first */
	int ndma, nops, dma_depth, op_depth;
} SimHazards;

typedef struct Sim {
	const EthosuStream *stream;
	EthosuRegion *r;
	EthosuSimOptions opt;
	size_t idx;                   /* the command being run */
	bool exec;                    /* false: the checking pass */
	char *err;
	size_t errlen;
	unsigned shram_kb, macs;
	uint64_t work, max_work;      /* counted in the checking pass */
	EthosuCmd reg[ETHOSU_NUM_CMDS]; /* the last value of each register */
	bool set[ETHOSU_NUM_CMDS];
	uint8_t shram[SIM_SHRAM_KB * 1024]; /* internal memory: LUTs */
	SimHazards hz;
} Sim;

/* One feature map as the registers describe it. */
typedef struct Fm {
	const char *name;             /* "IFM", "IFM2", "OFM" */
	int h, w, c;                  /* logical size */
	int bytes;                    /* 1, 2 or 4 per element */
	bool sign, b16;               /* signed; NHCWB16 (else NHWC) */
	int64_t zp;
	int region;
	uint64_t base[4];             /* tile bases */
	uint64_t sx, sy, sc;          /* byte strides */
	int h0, h1, w0;               /* tile 0 height, tile 1 height, tile 0
	                                 and 2 width */
	uint8_t *mem;
	size_t size;
} Fm;

/* The output stage after scaling. */
typedef struct OutStage {
	int64_t zp, amin, amax, lo, hi;
	int act, clip, round;
	bool wide;                    /* a 32-bit OFM */
	const uint8_t *lut;           /* TABLE_0 in the SHRAM, or NULL */
	int lut_bytes;                /* bytes per LUT entry */
} OutStage;

/* Reports "command N (NAME at byte B): msg" and returns false. */
bool sim_fail(Sim *s, const char *fmt, ...) IR_PRINTF(2, 3);
/* A register field's value (0 while the register was never set). */
int64_t sim_reg(const Sim *s, unsigned id, const char *field);
/* A 40-bit address register (addr | addr_hi << 32). */
uint64_t sim_addr(const Sim *s, unsigned id);
bool sim_region(Sim *s, int region, const char *what, uint8_t **mem,
    size_t *size);
/* Rejects [start, start + len) outside a size-byte region. */
bool sim_range(Sim *s, const char *what, uint64_t start, uint64_t len,
    size_t size);
/* Loads feature map which (0 IFM, 1 IFM2, 2 OFM) of h x w x c and checks
 * that all of it lies in its region. */
bool fm_load(Sim *s, int which, int h, int w, int c, Fm *f);
bool fm_check(Sim *s, const Fm *f);
uint64_t fm_off(const Fm *f, int y, int x, int c);
int64_t fm_get(const Fm *f, int y, int x, int c);
void fm_put(const Fm *f, int y, int x, int c, int64_t v);
/* x * scale / 2^shift, rounded as round mode `mode` says. */
int64_t sim_scale(int64_t x, int64_t scale, int shift, int mode);
void ofm_range(const Fm *o, int64_t *lo, int64_t *hi);
bool out_stage_load(Sim *s, const Fm *o, OutStage *st);
int64_t out_stage(const OutStage *st, int64_t v);

/* Adds an operation's work (in the checking pass); false past the
 * limit. */
bool sim_work(Sim *s, uint64_t a, uint64_t b, uint64_t c);

/* The operation kernels: check (s->exec false) or run. */
bool sim_op_conv(Sim *s, bool depthwise);
bool sim_op_pool(Sim *s);
bool sim_op_elementwise(Sim *s);

/* Kernel geometry shared by conv, depthwise and pooling. */
typedef struct Window {
	int kh, kw, sy, sx, dy, dx;
	int pt, pl, pb, pr;
	int oh, ow, oc;               /* OFM size */
	int ih, iw;                   /* IFM size the window implies
	                                 (upscaled when up != 0) */
	int up;                       /* IFM_UPSCALE: 0 none, 1 nearest,
	                                 2 zeros */
	int fh, fw;                   /* the IFM as stored: ih x iw, or
	                                 halved (rounded up) when upscaled */
} Window;

/* The IFM element the window sees at (y, x) of the (upscaled) IFM, minus
 * its zero point: NEAREST repeats each element 2x2, ZEROS puts it at the
 * even row and column and zero elsewhere. */
static inline int64_t
win_in(const Fm *in, const Window *w, int y, int x, int c)
{
	/* Inline: it sits in every multiply-add of conv and pooling. */
	if (w->up == 2 && ((y | x) & 1))
		return 0;
	if (w->up) {
		y /= 2;
		x /= 2;
	}
	return fm_get(in, y, x, c) - in->zp;
}

/* The hazard checker (simhazard.c), active in the checking pass only:
 * init before it, begin before each command, sim_access for each range
 * the command reads or writes, end after it (false on a hazard). */
void sim_hazard_init(Sim *s);
void sim_hazard_begin(Sim *s);
void sim_access(Sim *s, const uint8_t *mem, int region, uint64_t start,
    uint64_t len, bool write);
bool sim_hazard_end(Sim *s, unsigned id);

/* Reads the window registers and derives the IFM size. */
bool sim_window(Sim *s, Window *w);

#endif /* NPUIR_ETHOSU_SIMOPS_H */
