/* targets/ethos_u/config.c: reads the Ethos-U configurations (built-in
 * INI files and the user's) into an EthosUTarget, and converts it to and
 * from the module attribute npu.target. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "targets/ethos_u/config.h"
#include "targets/ethos_u/ini.h"

static const char *const mem_names[ETHOS_U_NMEM] = {
	"sram", "dram", "on-chip-flash", "off-chip-flash",
};

const char *
ethos_u_mem_name(EthosUMem m)
{
	return m < ETHOS_U_NMEM ? mem_names[m] : "?";
}

static bool
mem_from_name(const char *s, EthosUMem *m)
{
	for (int i = 0; i < ETHOS_U_NMEM; i++)
		if (!strcmp(s, mem_names[i])) {
			*m = (EthosUMem)i;
			return true;
		}
	return false;
}

double
ethos_u_bandwidth(const EthosUTarget *t, EthosUMem m)
{
	return (double)t->axi_data_width * t->mem[m].clock_scale / 8;
}

/* ------------------------------------------------------------ reading */

/* What reading one section needs: the INI set and the section, for
 * errors. */
typedef struct Reader {
	IrContext *ctx;
	const EthosUIni *ini;
	const EthosUIniSection *sec;
} Reader;

static bool
bad(const Reader *r, const EthosUIniEntry *e, const char *what)
{
	const IrLoc *loc = ir_loc_file(r->ctx,
	    ir_ident_cstr(r->ctx, r->sec->file), e ? e->line : r->sec->line,
	    1);
	if (e)
		ir_emit_error(r->ctx, loc, "%s '%s': '%s' is not %s",
		    r->sec->kind, r->sec->name, e->key, what);
	else
		ir_emit_error(r->ctx, loc, "%s '%s' has no '%s'",
		    r->sec->kind, r->sec->name, what);
	return false;
}

/* The value of key, or NULL (error reported when required). */
static const EthosUIniEntry *
entry(const Reader *r, const char *key, bool required)
{
	const EthosUIniEntry *e = ethos_u_ini_get(r->ini, r->sec, key);
	if (!e && required)
		bad(r, NULL, key);
	return e;
}

/* Whitespace-separated numbers of key (n of them). */
static bool
get_reals(const Reader *r, const char *key, double *v, size_t n,
    bool required)
{
	const EthosUIniEntry *e = entry(r, key, required);
	if (!e)
		return !required;
	const char *p = e->value;
	for (size_t i = 0; i < n; i++) {
		char *end;
		errno = 0;
		v[i] = strtod(p, &end);
		if (end == p || errno || !isfinite(v[i]) || v[i] < 0)
			return bad(r, e, n > 1 ? "a list of numbers >= 0" :
			    "a number >= 0");
		p = end;
	}
	while (*p == ' ' || *p == '\t')
		p++;
	return *p ? bad(r, e, "the right count of numbers") : true;
}

static bool
get_ints(const Reader *r, const char *key, int64_t *v, size_t n,
    bool required)
{
	double d[ETHOS_U_NGRANULES];
	if (n > ETHOS_U_NGRANULES || !get_reals(r, key, d, n, required))
		return false;
	const EthosUIniEntry *e = entry(r, key, false);
	for (size_t i = 0; e && i < n; i++) {
		if (d[i] != floor(d[i]) || d[i] > 9.0e15)
			return bad(r, e, "a whole number");
		v[i] = (int64_t)d[i];
	}
	return true;
}

/* "HxWxC" into v[3]. */
static bool
get_block(const Reader *r, const char *key, int64_t *v)
{
	const EthosUIniEntry *e = entry(r, key, true);
	if (!e)
		return false;
	long long h, w, c;
	char tail;
	if (sscanf(e->value, "%lldx%lldx%lld%c", &h, &w, &c, &tail) != 3 ||
	    h < 1 || w < 1 || c < 1)
		return bad(r, e, "a block HxWxC of positive sizes");
	v[0] = h, v[1] = w, v[2] = c;
	return true;
}

static bool
read_accel(const Reader *r, EthosUTarget *t)
{
	bool ok = get_ints(r, "macs", &t->macs, 1, true) &&
	    get_ints(r, "cores", &t->cores, 1, true) &&
	    get_block(r, "ofm-ublock", t->ofm_ublock) &&
	    get_block(r, "ifm-ublock", t->ifm_ublock) &&
	    get_block(r, "ofm-block-max", t->ofm_block_max) &&
	    get_ints(r, "shram-banks", &t->shram_banks, 1, true) &&
	    get_ints(r, "shram-granules", t->shram_granules,
		ETHOS_U_NGRANULES, true) &&
	    get_ints(r, "elementwise-units", &t->elem_units, 1, true) &&
	    get_ints(r, "axi-data-width", &t->axi_data_width, 1, true) &&
	    get_ints(r, "axi-address-width", &t->axi_address_width, 1,
		true) &&
	    get_reals(r, "output-cycles", t->output_cycles, 8, true) &&
	    get_reals(r, "activation-cycles", t->activation_cycles, 3, true);
	if (!ok)
		return false;
	/* The MAC array is the output micro-block times an 8-wide dot
	 * product; a configuration that breaks this is a typo. */
	int64_t dot = t->ofm_ublock[0] * t->ofm_ublock[1] * t->ofm_ublock[2];
	if (t->macs != dot * 8 || t->cores < 1 || t->shram_banks < 4 ||
	    t->axi_data_width < 8 || t->axi_address_width < 16 ||
	    t->axi_address_width > 48)
		return bad(r, entry(r, "macs", false), "consistent (macs "
		    "must be 8 x the ofm-ublock volume, cores >= 1, "
		    "shram-banks >= 4, axi widths sensible)");
	return true;
}

static bool
get_port(const Reader *r, const char *key, EthosUMem *m)
{
	const EthosUIniEntry *e = entry(r, key, true);
	if (!e)
		return false;
	if (!mem_from_name(e->value, m))
		return bad(r, e, "sram, dram, on-chip-flash or "
		    "off-chip-flash");
	return true;
}

static bool
read_memory(const Reader *r, EthosUMem m, EthosUMemory *out)
{
	char key[64];
	double d = 1;
	int64_t v[3] = { 1, 0, 0 };
	static const char *const keys[] = { "burst-length", "read-latency",
	    "write-latency" };
	snprintf(key, sizeof key, "%s.clock-scale", mem_names[m]);
	if (!get_reals(r, key, &d, 1, false))
		return false;
	for (int i = 0; i < 3; i++) {
		snprintf(key, sizeof key, "%s.%s", mem_names[m], keys[i]);
		if (!get_ints(r, key, &v[i], 1, false))
			return false;
	}
	if (d <= 0 || v[0] < 1)
		return bad(r, entry(r, key, false), "valid (clock-scale and "
		    "burst-length must be > 0)");
	*out = (EthosUMemory){ d, v[0], v[1], v[2] };
	return true;
}

static bool
read_system(const Reader *r, EthosUTarget *t)
{
	if (!get_reals(r, "core-clock", &t->core_clock, 1, true) ||
	    !get_port(r, "axi0", &t->axi0) || !get_port(r, "axi1", &t->axi1))
		return false;
	if (t->core_clock <= 0)
		return bad(r, entry(r, "core-clock", false), "> 0");
	/* Memories on no port keep Vela's neutral defaults. */
	for (int m = 0; m < ETHOS_U_NMEM; m++)
		t->mem[m] = (EthosUMemory){ 1, 1, 0, 0 };
	return read_memory(r, t->axi0, &t->mem[t->axi0]) &&
	    read_memory(r, t->axi1, &t->mem[t->axi1]);
}

static bool
get_area(const Reader *r, const EthosUTarget *t, const char *key,
    EthosUMem *m)
{
	const EthosUIniEntry *e = entry(r, key, true);
	if (!e)
		return false;
	if (!strcmp(e->value, "axi0"))
		*m = t->axi0;
	else if (!strcmp(e->value, "axi1"))
		*m = t->axi1;
	else
		return bad(r, e, "axi0 or axi1");
	return true;
}

static bool
read_mode(const Reader *r, EthosUTarget *t)
{
	if (!get_area(r, t, "const", &t->const_mem) ||
	    !get_area(r, t, "arena", &t->arena_mem) ||
	    !get_area(r, t, "cache", &t->cache_mem))
		return false;
	t->arena_cache_size = (int64_t)1 << t->axi_address_width;
	if (!get_ints(r, "arena-cache-size", &t->arena_cache_size, 1, false))
		return false;
	/* Everything in SRAM: constants are then read as from an on-chip
	 * flash with SRAM's timing (what Vela does). */
	if (t->const_mem == ETHOS_U_SRAM && t->arena_mem == ETHOS_U_SRAM &&
	    t->cache_mem == ETHOS_U_SRAM) {
		t->const_mem = ETHOS_U_ON_CHIP_FLASH;
		t->mem[ETHOS_U_ON_CHIP_FLASH] = t->mem[ETHOS_U_SRAM];
	}
	if (t->const_mem == ETHOS_U_SRAM)
		return bad(r, entry(r, "const", false), "a port to dram or "
		    "flash (or put everything in sram)");
	if (t->arena_mem != ETHOS_U_SRAM && t->arena_mem != ETHOS_U_DRAM)
		return bad(r, entry(r, "arena", false), "a port to sram or "
		    "dram");
	if (t->cache_mem != ETHOS_U_SRAM)
		return bad(r, entry(r, "cache", false), "a port to sram");
	if (t->arena_cache_size > (int64_t)1 << t->axi_address_width)
		return bad(r, entry(r, "arena-cache-size", false),
		    "within the address space");
	return true;
}

/* The section [kind name], or an error listing the valid names. */
static const EthosUIniSection *
find(IrContext *ctx, const EthosUIni *ini, const char *kind,
    const char *option, const char *name, const IrLoc *loc)
{
	const EthosUIniSection *s = ethos_u_ini_find(ini, kind, name);
	if (!s) {
		char *names = ethos_u_ini_names(ini, kind);
		ir_emit_error(ctx, loc, "unknown %s '%s' "
		    "(%s=); valid: %s", kind, name, option, names);
		free(names);
	}
	return s;
}

static void
copy_name(char *dst, size_t n, const char *src)
{
	snprintf(dst, n, "%s", src);
}

static bool
load(IrContext *ctx, const EthosUIni *ini, const EthosUChoice *c,
    EthosUTarget *t)
{
	const char *accel = c->accel && *c->accel ? c->accel :
	    "ethos-u55-128";
	bool u65 = !strncmp(accel, "ethos-u65", 9);
	const char *sys = c->system && *c->system ? c->system :
	    u65 ? "Ethos_U65_Client_Server" : "Ethos_U55_High_End_Embedded";
	const char *mode = c->memory_mode && *c->memory_mode ?
	    c->memory_mode : u65 ? "Dedicated_Sram" : "Shared_Sram";
	Reader r = { ctx, ini, NULL };
	EthosUChoice with_loc = *c;
	if (!with_loc.loc)
		with_loc.loc = ir_loc_unknown(ctx);
	c = &with_loc;
	memset(t, 0, sizeof *t);
	if (!(r.sec = find(ctx, ini, "accelerator", "accel", accel, c->loc)) ||
	    !read_accel(&r, t))
		return false;
	if (!(r.sec = find(ctx, ini, "system", "system", sys, c->loc)) ||
	    !read_system(&r, t))
		return false;
	if (!(r.sec = find(ctx, ini, "memory-mode", "memory-mode", mode,
	    c->loc)) ||
	    !read_mode(&r, t))
		return false;
	copy_name(t->accel, sizeof t->accel, accel);
	copy_name(t->system, sizeof t->system, sys);
	copy_name(t->memory_mode, sizeof t->memory_mode, mode);
	return true;
}

bool
ethos_u_config_load(IrContext *ctx, const EthosUChoice *choice,
    EthosUTarget *t)
{
	EthosUIni ini = { 0 };
	bool ok = ethos_u_ini_parse(ctx, &ini, ethos_u_ini_accelerators,
	    "<built-in accelerators.ini>") &&
	    ethos_u_ini_parse(ctx, &ini, ethos_u_ini_systems,
	    "<built-in systems.ini>");
	if (ok && choice->config_file && *choice->config_file)
		ok = ethos_u_ini_read_file(ctx, &ini, choice->config_file);
	ok = ok && load(ctx, &ini, choice, t);
	ethos_u_ini_free(&ini);
	return ok;
}
