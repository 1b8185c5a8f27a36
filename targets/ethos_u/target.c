/* targets/ethos_u/target.c: the npu.target module attribute (an
 * EthosUTarget as a dictionary) and the ethos-u-target pass that sets it. */
#include <stdlib.h>
#include <string.h>

#include "targets/ethos_u/config.h"
#include "targets/ethos_u/ethos_u.h"

#define TARGET_ATTR "npu.target"
#define OPTIMISE_KEY "optimise"

/* ------------------------------------------------------------ writing */

/* A dictionary under construction. */
typedef struct Dict {
	IrContext *ctx;
	size_t n;
	IrNamedAttr e[40];
} Dict;

static void
put(Dict *d, const char *name, const IrAttr *v)
{
	d->e[d->n++] = (IrNamedAttr){ ir_ident_cstr(d->ctx, name), v };
}

static void
put_int(Dict *d, const char *name, int64_t v)
{
	put(d, name, ir_attr_int(d->ctx, ir_type_int(d->ctx, 64,
	    IR_SIGNLESS), v));
}

static const IrAttr *
real(IrContext *ctx, double v)
{
	return ir_attr_float(ctx, ir_type_float(ctx, IR_F64), v);
}

static void
put_str(Dict *d, const char *name, const char *s)
{
	put(d, name, ir_attr_string(d->ctx, s, strlen(s), NULL));
}

static void
put_ints(Dict *d, const char *name, const int64_t *v, size_t n)
{
	const IrAttr *a[ETHOS_U_NGRANULES];
	for (size_t i = 0; i < n; i++)
		a[i] = ir_attr_int(d->ctx, ir_type_int(d->ctx, 64,
		    IR_SIGNLESS), v[i]);
	put(d, name, ir_attr_array(d->ctx, n, a));
}

static void
put_reals(Dict *d, const char *name, const double *v, size_t n)
{
	const IrAttr *a[8];
	for (size_t i = 0; i < n; i++)
		a[i] = real(d->ctx, v[i]);
	put(d, name, ir_attr_array(d->ctx, n, a));
}

static const IrAttr *
memory_attr(IrContext *ctx, const EthosUMemory *m)
{
	Dict d = { .ctx = ctx };
	put(&d, "clock_scale", real(ctx, m->clock_scale));
	put_int(&d, "burst_length", m->burst_length);
	put_int(&d, "read_latency", m->read_latency);
	put_int(&d, "write_latency", m->write_latency);
	return ir_attr_dict(ctx, d.n, d.e);
}

const IrAttr *
ethos_u_target_attr(IrContext *ctx, const EthosUTarget *t)
{
	Dict d = { .ctx = ctx }, mems = { .ctx = ctx };
	put_str(&d, "accel", t->accel);
	put_str(&d, "system", t->system);
	put_str(&d, "memory_mode", t->memory_mode);
	put_int(&d, "macs", t->macs);
	put_int(&d, "cores", t->cores);
	put_ints(&d, "ofm_ublock", t->ofm_ublock, 3);
	put_ints(&d, "ifm_ublock", t->ifm_ublock, 3);
	put_ints(&d, "ofm_block_max", t->ofm_block_max, 3);
	put_int(&d, "shram_banks", t->shram_banks);
	put_ints(&d, "shram_granules", t->shram_granules, ETHOS_U_NGRANULES);
	put_int(&d, "elementwise_units", t->elem_units);
	put_int(&d, "axi_data_width", t->axi_data_width);
	put_int(&d, "axi_address_width", t->axi_address_width);
	put_reals(&d, "output_cycles", t->output_cycles, 8);
	put_reals(&d, "activation_cycles", t->activation_cycles, 3);
	put(&d, "core_clock", real(ctx, t->core_clock));
	put_str(&d, "axi0", ethos_u_mem_name(t->axi0));
	put_str(&d, "axi1", ethos_u_mem_name(t->axi1));
	for (int m = 0; m < ETHOS_U_NMEM; m++)
		put(&mems, ethos_u_mem_name((EthosUMem)m),
		    memory_attr(ctx, &t->mem[m]));
	put(&d, "memories", ir_attr_dict(ctx, mems.n, mems.e));
	put_str(&d, "const_area", ethos_u_mem_name(t->const_mem));
	put_str(&d, "arena_area", ethos_u_mem_name(t->arena_mem));
	put_str(&d, "cache_area", ethos_u_mem_name(t->cache_mem));
	put_int(&d, "arena_cache_size", t->arena_cache_size);
	return ir_attr_dict(ctx, d.n, d.e);
}

/* ------------------------------------------------------------ reading */

typedef struct Get {
	IrContext *ctx;
	const IrLoc *loc;
	bool ok;
} Get;

static const IrAttr *
need(Get *g, const IrAttr *dict, const char *name, IrAttrKind kind)
{
	const IrAttr *a = dict ? ir_dict_get(dict, name) : NULL;
	if (a && a->kind == kind)
		return a;
	if (g->ok)
		ir_emit_error(g->ctx, g->loc, TARGET_ATTR " has no valid "
		    "'%s' (set it with ethos-u-target)", name);
	g->ok = false;
	return NULL;
}

static int64_t
get_int(Get *g, const IrAttr *dict, const char *name)
{
	const IrAttr *a = need(g, dict, name, IR_ATTR_INTEGER);
	return a ? a->u.integer.value : 0;
}

static double
get_real(Get *g, const IrAttr *dict, const char *name)
{
	const IrAttr *a = need(g, dict, name, IR_ATTR_FLOAT);
	return a ? a->u.flt.value : 0;
}

static void
get_str(Get *g, const IrAttr *dict, const char *name, char *out, size_t n)
{
	const IrAttr *a = need(g, dict, name, IR_ATTR_STRING);
	if (a && a->u.string.len < n)
		memcpy(out, a->u.string.data, a->u.string.len + 1);
	else if (a)
		need(g, NULL, name, IR_ATTR_STRING);
}

static void
get_mem(Get *g, const IrAttr *dict, const char *name, EthosUMem *m)
{
	char s[32] = "";
	get_str(g, dict, name, s, sizeof s);
	for (int i = 0; i < ETHOS_U_NMEM; i++)
		if (!strcmp(s, ethos_u_mem_name((EthosUMem)i))) {
			*m = (EthosUMem)i;
			return;
		}
	need(g, NULL, name, IR_ATTR_STRING);
}

static void
get_list(Get *g, const IrAttr *dict, const char *name, int64_t *iv,
    double *dv, size_t n)
{
	const IrAttr *a = need(g, dict, name, IR_ATTR_ARRAY);
	if (!a)
		return;
	bool ok = a->u.array.n == n;
	for (size_t i = 0; ok && i < n; i++) {
		const IrAttr *e = a->u.array.elems[i];
		if (iv && e->kind == IR_ATTR_INTEGER)
			iv[i] = e->u.integer.value;
		else if (dv && e->kind == IR_ATTR_FLOAT)
			dv[i] = e->u.flt.value;
		else
			ok = false;
	}
	if (!ok)
		need(g, NULL, name, IR_ATTR_ARRAY);
}

static void
get_memories(Get *g, const IrAttr *dict, EthosUTarget *t)
{
	const IrAttr *mems = need(g, dict, "memories", IR_ATTR_DICT);
	for (int m = 0; mems && m < ETHOS_U_NMEM; m++) {
		const IrAttr *d = need(g, mems,
		    ethos_u_mem_name((EthosUMem)m), IR_ATTR_DICT);
		EthosUMemory *o = &t->mem[m];
		o->clock_scale = get_real(g, d, "clock_scale");
		o->burst_length = get_int(g, d, "burst_length");
		o->read_latency = get_int(g, d, "read_latency");
		o->write_latency = get_int(g, d, "write_latency");
	}
}

bool
ethos_u_target_from_attr(IrContext *ctx, const IrLoc *loc,
    const IrAttr *dict, EthosUTarget *t)
{
	Get g = { ctx, loc, true };
	memset(t, 0, sizeof *t);
	if (!dict || dict->kind != IR_ATTR_DICT)
		dict = need(&g, NULL, "accel", IR_ATTR_DICT);
	get_str(&g, dict, "accel", t->accel, sizeof t->accel);
	get_str(&g, dict, "system", t->system, sizeof t->system);
	get_str(&g, dict, "memory_mode", t->memory_mode,
	    sizeof t->memory_mode);
	t->macs = get_int(&g, dict, "macs");
	t->cores = get_int(&g, dict, "cores");
	get_list(&g, dict, "ofm_ublock", t->ofm_ublock, NULL, 3);
	get_list(&g, dict, "ifm_ublock", t->ifm_ublock, NULL, 3);
	get_list(&g, dict, "ofm_block_max", t->ofm_block_max, NULL, 3);
	t->shram_banks = get_int(&g, dict, "shram_banks");
	get_list(&g, dict, "shram_granules", t->shram_granules, NULL,
	    ETHOS_U_NGRANULES);
	t->elem_units = get_int(&g, dict, "elementwise_units");
	t->axi_data_width = get_int(&g, dict, "axi_data_width");
	t->axi_address_width = get_int(&g, dict, "axi_address_width");
	get_list(&g, dict, "output_cycles", NULL, t->output_cycles, 8);
	get_list(&g, dict, "activation_cycles", NULL, t->activation_cycles,
	    3);
	t->core_clock = get_real(&g, dict, "core_clock");
	get_mem(&g, dict, "axi0", &t->axi0);
	get_mem(&g, dict, "axi1", &t->axi1);
	get_memories(&g, dict, t);
	get_mem(&g, dict, "const_area", &t->const_mem);
	get_mem(&g, dict, "arena_area", &t->arena_mem);
	get_mem(&g, dict, "cache_area", &t->cache_mem);
	t->arena_cache_size = get_int(&g, dict, "arena_cache_size");
	if (g.ok && (t->cores < 1 || t->macs < 8 || t->core_clock <= 0 ||
	    t->shram_banks < 4 || t->axi_data_width < 8))
		need(&g, NULL, "macs", IR_ATTR_INTEGER);
	return g.ok;
}

bool
ethos_u_target_of_module(IrOp *module, EthosUTarget *t)
{
	IrContext *ctx = ir_op_context(module);
	const IrAttr *a = ir_op_attr(module, TARGET_ATTR);
	if (!a) {
		ir_emit_error(ctx, ir_op_loc(module), "the module has no "
		    TARGET_ATTR " attribute (run ethos-u-target first)");
		return false;
	}
	return ethos_u_target_from_attr(ctx, ir_op_loc(module), a, t);
}

/* ------------------------------------------------------------ optimise */

void
ethos_u_target_set_optimise(IrOp *module, bool size)
{
	IrContext *ctx = ir_op_context(module);
	const IrAttr *a = ir_op_attr(module, TARGET_ATTR);
	if (!a || a->kind != IR_ATTR_DICT)
		ir_unreachable("set_optimise: no npu.target");
	const IrIdent *key = ir_ident_cstr(ctx, OPTIMISE_KEY);
	size_t n = a->u.dict.n, k = 0;
	IrNamedAttr *e = ir_xmalloc((n + 1) * sizeof *e);
	for (size_t i = 0; i < n; i++)
		if (a->u.dict.entries[i].name != key)
			e[k++] = a->u.dict.entries[i];
	if (size)
		e[k++] = (IrNamedAttr){ key, ir_attr_string(ctx, "size", 4,
		    NULL) };
	ir_op_set_attr(module, TARGET_ATTR, ir_attr_dict(ctx, k, e));
	free(e);
}

bool
ethos_u_target_optimise(IrOp *module, bool *size)
{
	const IrAttr *t = ir_op_attr(module, TARGET_ATTR);
	const IrAttr *a = t && t->kind == IR_ATTR_DICT ?
	    ir_dict_get(t, OPTIMISE_KEY) : NULL;
	*size = false;
	if (!a)
		return true;
	if (a->kind == IR_ATTR_STRING) {
		size_t n = a->u.string.len;
		const char *s = a->u.string.data;
		if (n == 4 && !memcmp(s, "size", 4)) {
			*size = true;
			return true;
		}
		if (n == 11 && !memcmp(s, "performance", 11))
			return true;
	}
	ir_emit_error(ir_op_context(module), ir_op_loc(module), TARGET_ATTR
	    " has no valid '" OPTIMISE_KEY "' (\"performance\" or \"size\", "
	    "as ethos-u-estimate writes it)");
	return false;
}

/* ------------------------------------------------------------ the pass */

static bool
target_run(IrOp *module, IrPass *pass)
{
	IrContext *ctx = ir_pass_context(pass);
	EthosUChoice c = {
		.accel = ir_pass_string(pass, "accel"),
		.system = ir_pass_string(pass, "system"),
		.memory_mode = ir_pass_string(pass, "memory-mode"),
		.config_file = ir_pass_string(pass, "config"),
		.loc = ir_op_loc(module),
	};
	EthosUTarget t;
	if (!ethos_u_config_load(ctx, &c, &t))
		return false;
	ir_op_set_attr(module, TARGET_ATTR, ethos_u_target_attr(ctx, &t));
	/* Only the module's npu.target changed: no full verification. */
	ir_pass_mark_attrs_only(pass);
	return true;
}

static const IrPassOption target_options[] = {
	{ "accel", IR_OPT_STRING, "ethos-u55-128",
	  "accelerator: ethos-u55-32/64/128/256, ethos-u65-256/512 or one "
	  "from config=", NULL },
	{ "system", IR_OPT_STRING, NULL,
	  "system configuration; none: Ethos_U55_High_End_Embedded, or "
	  "Ethos_U65_Client_Server for a U65", NULL },
	{ "memory-mode", IR_OPT_STRING, NULL,
	  "Shared_Sram, Dedicated_Sram, Dedicated_Sram_512KB, Sram_Only; "
	  "none: Shared_Sram, or Dedicated_Sram for a U65", NULL },
	{ "config", IR_OPT_STRING, NULL,
	  "an INI file read after the built-in configurations", NULL },
};

const IrPassDef pass_ethos_u_target = {
	.argument = "ethos-u-target",
	.summary = "Put an Arm Ethos-U configuration on the module "
	    "(npu.target)",
	.anchor = "builtin.module",
	.options = target_options,
	.noptions = sizeof target_options / sizeof target_options[0],
	.run = target_run,
	.description =
	    "Reads the accelerator, system configuration and memory mode "
	    "from the built-in INI files (targets/ethos_u/*.ini: every "
	    "variant and vela.ini system Arm's Vela knows) and an optional "
	    "user file, and sets the module attribute `npu.target`: one "
	    "dictionary with the MAC array, micro-block and block limits, "
	    "SHRAM banks and granules, output cycle tables, core clock, "
	    "per-memory clock scale, burst length and latencies, and where "
	    "constants, the arena and the cache live. Later Ethos-U passes "
	    "read only this attribute. An unknown name is an error that "
	    "lists the valid ones.",
};
