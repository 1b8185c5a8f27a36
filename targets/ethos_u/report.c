/* targets/ethos_u/report.c: writes an Ethos-U estimate as Vela writes
 * its own (per-layer and summary CSVs, numbers printed as Python prints
 * floats), as an aligned table, and as a Chrome trace. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "targets/ethos_u/report.h"

/* ------------------------------------------------------------ numbers */

/* v as Python's repr(float) writes it: the shortest digits that read
 * back exactly, fixed notation for exponents -4..15 with at least one
 * decimal, else d.ddde+XX. */
static void
py_float(FILE *out, double v)
{
	char buf[40], digits[24];
	if (isnan(v) || isinf(v)) {
		fputs(isnan(v) ? "nan" : v > 0 ? "inf" : "-inf", out);
		return;
	}
	int p = 0;
	for (; p < 17; p++) {
		snprintf(buf, sizeof buf, "%.*e", p, v);
		if (strtod(buf, NULL) == v)
			break;
	}
	/* buf is [-]d[.ddd]e(+|-)XX: split digits and exponent. */
	char *s = buf, *e = strchr(buf, 'e');
	int exp = atoi(e + 1), nd = 0;
	if (*s == '-') {
		fputc('-', out);
		s++;
	}
	for (; s < e; s++)
		if (*s != '.')
			digits[nd++] = *s;
	while (nd > 1 && digits[nd - 1] == '0')
		nd--;
	digits[nd] = '\0';
	if (exp < -4 || exp >= 16) {
		fprintf(out, "%c", digits[0]);
		if (nd > 1)
			fprintf(out, ".%s", digits + 1);
		fprintf(out, "e%c%02d", exp < 0 ? '-' : '+', abs(exp));
	} else if (exp < 0) {
		fputs("0.", out);
		for (int i = 0; i < -exp - 1; i++)
			fputc('0', out);
		fputs(digits, out);
	} else if (nd <= exp + 1) {
		fputs(digits, out);
		for (int i = 0; i < exp + 1 - nd; i++)
			fputc('0', out);
		fputs(".0", out);
	} else {
		fprintf(out, "%.*s.%s", exp + 1, digits, digits + exp + 1);
	}
}

/* part / whole * 100, 100 when whole is 0 (Vela's _percentage). */
static double
percent(double part, double whole)
{
	return whole == 0 ? 100.0 : part / whole * 100.0;
}

/* A CSV field, quoted as Python's csv module does (minimal quoting). */
static void
csv_str(FILE *out, const char *s)
{
	if (!strpbrk(s, ",\"\r\n")) {
		fputs(s, out);
		return;
	}
	fputc('"', out);
	for (; *s; s++) {
		if (*s == '"')
			fputc('"', out);
		fputc(*s, out);
	}
	fputc('"', out);
}

/* ------------------------------------------------------------ per layer */

static const char *const layer_header[] = {
	"TFLite_operator", "NNG Operator", "SRAM Usage", "Peak%",
	"Op Cycles", "Network%", "NPU", "SRAM AC", "DRAM AC", "OnFlash AC",
	"OffFlash AC", "MAC Count", "Network%", "Util%", "Name",
};
enum { NCOLS = sizeof layer_header / sizeof layer_header[0] };

/* The numeric columns of a layer, in header order (NAN for text). */
static void
layer_values(const EthosUReport *r, const EthosULayer *l, double *v)
{
	const EthosUTarget *t = r->target;
	double total = l->perf.cycles[ETHOS_U_CYC_TOTAL];
	v[0] = v[1] = v[14] = NAN;
	v[2] = (double)l->sram_usage;
	v[3] = percent((double)l->sram_usage, (double)r->sram_peak);
	v[4] = total;
	v[5] = percent(total, r->cycles[ETHOS_U_CYC_TOTAL]);
	for (int c = 0; c < 5; c++)
		v[6 + c] = l->perf.cycles[c];
	v[11] = (double)l->perf.macs;
	v[12] = percent((double)l->perf.macs, (double)r->macs);
	v[13] = percent((double)l->perf.macs, total * (double)t->macs *
	    (double)t->cores);
}

void
ethos_u_write_layer_csv(const EthosUReport *r, FILE *out)
{
	for (int c = 0; c < NCOLS; c++)
		fprintf(out, "%s%s", c ? "," : "", layer_header[c]);
	fputs("\r\n", out);
	for (size_t i = 0; i < r->nlayers; i++) {
		const EthosULayer *l = &r->layers[i];
		double v[NCOLS];
		layer_values(r, l, v);
		csv_str(out, l->tflite_op);
		fputc(',', out);
		csv_str(out, l->nng_op);
		for (int c = 2; c < 14; c++) {
			fputc(',', out);
			if (c == 2 || c == 11)  /* integers in Vela's too */
				fprintf(out, "%lld", (long long)v[c]);
			else
				py_float(out, v[c]);
		}
		fputc(',', out);
		csv_str(out, l->name);
		fputs("\r\n", out);
	}
}

/* ------------------------------------------------------------ summary */

static const char *const mem_ids[ETHOS_U_NMEM] = {
	"sram", "dram", "on_chip_flash", "off_chip_flash",
};
static const char *const mem_display[ETHOS_U_NMEM] = {
	"SRAM", "DRAM", "On-chip Flash", "Off-chip Flash",
};
static const char *const cycle_ids[ETHOS_U_NCYC] = {
	"npu", "sram_access", "dram_access", "on_chip_flash_access",
	"off_chip_flash_access", "total",
};

static void
summary_header(FILE *out)
{
	fputs("experiment,network,accelerator_configuration,system_config,"
	    "memory_mode,core_clock,arena_cache_size", out);
	for (int m = 0; m < ETHOS_U_NMEM; m++)
		fprintf(out, ",%s_bandwidth", mem_ids[m]);
	fputs(",weights_storage_area,feature_map_storage_area,"
	    "inferences_per_second,batch_size,inference_time,"
	    "passes_before_fusing,passes_after_fusing", out);
	for (int m = 0; m < ETHOS_U_NMEM; m++)
		fprintf(out, ",%s_memory_used", mem_ids[m]);
	fputs(",total_original_weights,total_npu_encoded_weights", out);
	for (int m = 0; m < ETHOS_U_NMEM; m++)
		fprintf(out, ",%s_feature_map_read_bytes,"
		    "%s_feature_map_write_bytes,%s_weight_read_bytes,"
		    "%s_weight_write_bytes,%s_total_bytes", mem_ids[m],
		    mem_ids[m], mem_ids[m], mem_ids[m], mem_ids[m]);
	fputs(",nn_macs,nn_tops", out);
	for (int c = 0; c < ETHOS_U_NCYC; c++)
		fprintf(out, ",cycles_%s", cycle_ids[c]);
	fputs("\r\n", out);
}

/* "ethos-u55-128" as Vela's enum name "Ethos_U55_128". */
static void
accel_name(FILE *out, const char *s)
{
	for (bool start = true; *s; s++) {
		int c = *s == '-' ? '_' : start ? (*s >= 'a' && *s <= 'z' ?
		    *s - 32 : *s) : *s;
		fputc(c, out);
		start = *s == '-';
	}
}

/* Memory used per area: SRAM is the estimated peak; constants live in
 * their area. */
static double
memory_used(const EthosUReport *r, int m)
{
	double used = 0;
	if (m == ETHOS_U_SRAM)
		used += (double)r->sram_peak;
	if (m == (int)r->target->const_mem)
		used += (double)r->encoded_weights;
	return used / 1024.0;
}

void
ethos_u_write_summary_csv(const EthosUReport *r, FILE *out)
{
	const EthosUTarget *t = r->target;
	double total = r->cycles[ETHOS_U_CYC_TOTAL];
	double time = total / t->core_clock;
	double fps = time > 0 ? 1 / time : NAN;
	summary_header(out);
	fprintf(out, "default,");
	csv_str(out, r->network);
	fputc(',', out);
	accel_name(out, t->accel);
	fprintf(out, ",%s,%s,", t->system, t->memory_mode);
	py_float(out, t->core_clock);
	fputc(',', out);
	py_float(out, (double)t->arena_cache_size / 1024);
	for (int m = 0; m < ETHOS_U_NMEM; m++) {
		fputc(',', out);
		py_float(out, ethos_u_bandwidth(t, (EthosUMem)m) *
		    t->core_clock / 1000.0 / 1000 / 1000);
	}
	fprintf(out, ",%s,%s,", mem_display[t->const_mem],
	    mem_display[t->arena_mem]);
	py_float(out, fps);
	fprintf(out, ",1,");
	py_float(out, time);
	fprintf(out, ",%zu,%zu", r->nlayers, r->nlayers);
	for (int m = 0; m < ETHOS_U_NMEM; m++) {
		fputc(',', out);
		py_float(out, memory_used(r, m));
	}
	fprintf(out, ",%lld,%lld", (long long)r->original_weights,
	    (long long)r->encoded_weights);
	for (int m = 0; m < ETHOS_U_NMEM; m++) {
		const double (*b)[2] = r->bytes[m];
		double v[5] = { b[0][0], b[0][1], b[1][0], b[1][1],
		    b[0][0] + b[0][1] + b[1][0] + b[1][1] };
		for (int k = 0; k < 5; k++) {
			fputc(',', out);
			py_float(out, v[k]);
		}
	}
	fprintf(out, ",%lld,", (long long)r->macs);
	py_float(out, (double)r->macs * 2 * fps / 1e12);
	for (int c = 0; c < ETHOS_U_NCYC; c++) {
		fputc(',', out);
		py_float(out, r->cycles[c]);
	}
	fputs("\r\n", out);
}

/* ------------------------------------------------------------ table */

/* Column widths and decimals of Vela's printed table (-1: text). */
static const int widths[NCOLS] = { 20, 20, 10, 6, 10, 8, 10, 10, 10, 10,
	11, 10, 8, 6, 20 };
static const int decimals[NCOLS] = { -1, -1, 0, 2, 0, 2, 0, 0, 0, 0, 0,
	0, 2, 2, -1 };

void
ethos_u_write_table(const EthosUReport *r, FILE *out)
{
	const EthosUTarget *t = r->target;
	fprintf(out, "Ethos-U estimate for %s (%s, %s, %s)\n", r->network,
	    t->accel, t->system, t->memory_mode);
	for (int c = 0; c < NCOLS; c++)
		fprintf(out, c == NCOLS - 1 || c < 2 ? "%-*s " : "%*s ",
		    widths[c], layer_header[c]);
	fputc('\n', out);
	for (int c = 0; c < NCOLS; c++) {
		int w = (int)strlen(layer_header[c]);
		for (int i = 0; i < (w > widths[c] ? w : widths[c]); i++)
			fputc('-', out);
		fputc(' ', out);
	}
	fputc('\n', out);
	for (size_t i = 0; i < r->nlayers; i++) {
		const EthosULayer *l = &r->layers[i];
		double v[NCOLS];
		layer_values(r, l, v);
		fprintf(out, "%-20s %-20s ", l->tflite_op, l->nng_op);
		for (int c = 2; c < 14; c++)
			fprintf(out, "%*.*f ", widths[c], decimals[c], v[c]);
		fprintf(out, "%-20s \n", l->name);
	}
	fprintf(out, "\nNPU operators %zu, MACs %lld, SRAM peak %.2f KiB\n",
	    r->nlayers, (long long)r->macs, (double)r->sram_peak / 1024);
	static const char *const names[ETHOS_U_NCYC] = { "NPU",
	    "SRAM Access", "DRAM Access", "On-chip Flash Access",
	    "Off-chip Flash Access", "Total" };
	for (int c = 0; c < ETHOS_U_NCYC; c++)
		fprintf(out, "%-30s %12.0f cycles/batch\n", names[c],
		    r->cycles[c]);
	fprintf(out, "%-30s %12.2f ms at %.0f MHz\n", "Inference time",
	    r->cycles[ETHOS_U_CYC_TOTAL] / t->core_clock * 1e3,
	    t->core_clock / 1e6);
}

/* ------------------------------------------------------------ trace */

static void
json_str(FILE *out, const char *s)
{
	fputc('"', out);
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (c == '"' || c == '\\')
			fprintf(out, "\\%c", c);
		else if (c < 0x20)
			fprintf(out, "\\u%04x", c);
		else
			fputc(c, out);
	}
	fputc('"', out);
}

void
ethos_u_write_trace(const EthosUReport *r, FILE *out)
{
	const EthosUTarget *t = r->target;
	double us_per_cycle = 1e6 / t->core_clock, at = 0;
	fputs("{\"displayTimeUnit\": \"ns\", \"traceEvents\": [\n", out);
	fprintf(out, "{\"name\": \"process_name\", \"ph\": \"M\", \"pid\": 1, "
	    "\"tid\": 1, \"args\": {\"name\": ");
	json_str(out, r->network);
	fprintf(out, "}},\n{\"name\": \"thread_name\", \"ph\": \"M\", "
	    "\"pid\": 1, \"tid\": 1, \"args\": {\"name\": \"%s\"}}", t->accel);
	for (size_t i = 0; i < r->nlayers; i++) {
		const EthosULayer *l = &r->layers[i];
		double cyc = l->perf.cycles[ETHOS_U_CYC_TOTAL];
		fputs(",\n{\"name\": ", out);
		json_str(out, *l->name ? l->name : l->nng_op);
		fprintf(out, ", \"cat\": \"%s\", \"ph\": \"X\", \"pid\": 1, "
		    "\"tid\": 1, \"ts\": %.3f, \"dur\": %.3f, \"args\": {"
		    "\"op\": \"%s\", \"cycles\": %.1f, \"npu_cycles\": %.1f, "
		    "\"macs\": %lld, \"sram_usage\": %lld}}", l->tflite_op,
		    at * us_per_cycle, cyc * us_per_cycle, l->nng_op, cyc,
		    l->perf.cycles[ETHOS_U_CYC_NPU], (long long)l->perf.macs,
		    (long long)l->sram_usage);
		at += cyc;
	}
	fputs("\n]}\n", out);
}

/* ------------------------------------------------------------ files */

bool
ethos_u_write_file(IrContext *ctx, const IrLoc *loc, const char *path,
    void (*fn)(const EthosUReport *, FILE *), const EthosUReport *r)
{
	size_t n = strlen(path);
	char *tmp = ir_xmalloc(n + 8);
	memcpy(tmp, path, n);
	memcpy(tmp + n, ".XXXXXX", 8);
	int fd = mkstemp(tmp);
	FILE *f = fd < 0 ? NULL : fdopen(fd, "wb");
	bool ok = f != NULL;
	if (ok) {
		fn(r, f);
		ok = !ferror(f);
		ok = fclose(f) == 0 && ok;
		ok = ok && rename(tmp, path) == 0;
	} else if (fd >= 0) {
		close(fd);
	}
	if (!ok) {
		int err = errno;
		if (fd >= 0)
			unlink(tmp);
		ir_emit_error(ctx, loc, "cannot write '%s': %s", path,
		    strerror(err));
	}
	free(tmp);
	return ok;
}
