/* targets/ethos_u/ini.c: the small INI reader of the Ethos-U
 * configurations: [kind name] sections of key = value lines. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "targets/ethos_u/ini.h"

static char *
trim(char *s, char *end)
{
	while (s < end && (*s == ' ' || *s == '\t'))
		s++;
	while (end > s && (end[-1] == ' ' || end[-1] == '\t' ||
	    end[-1] == '\r'))
		end--;
	*end = '\0';
	return s;
}

static bool
fail(IrContext *ctx, const char *file, unsigned line, const char *msg,
    const char *what)
{
	const IrLoc *loc = ir_loc_file(ctx, ir_ident_cstr(ctx, file), line, 1);
	ir_emit_error(ctx, loc, "%s%s", msg, what);
	return false;
}

static EthosUIniSection *
add_section(EthosUIni *ini)
{
	ini->sections = ir_xrealloc(ini->sections,
	    (ini->nsections + 1) * sizeof *ini->sections);
	EthosUIniSection *s = &ini->sections[ini->nsections++];
	memset(s, 0, sizeof *s);
	return s;
}

/* "[kind name]" into a new section; false when malformed. */
static bool
parse_header(EthosUIni *ini, char *text, const char *file, unsigned line)
{
	char *sp = strchr(text, ' ');
	if (!sp)
		return false;
	*sp = '\0';
	char *name = trim(sp + 1, sp + 1 + strlen(sp + 1));
	if (!*text || !*name || strchr(name, ' '))
		return false;
	EthosUIniSection *s = add_section(ini);
	s->kind = ir_xstrndup(text, strlen(text));
	s->name = ir_xstrndup(name, strlen(name));
	s->file = file;
	s->line = line;
	return true;
}

static void
add_entry(EthosUIniSection *s, const char *key, const char *value,
    unsigned line)
{
	s->entries = ir_xrealloc(s->entries,
	    (s->nentries + 1) * sizeof *s->entries);
	s->entries[s->nentries++] = (EthosUIniEntry){
		ir_xstrndup(key, strlen(key)),
		ir_xstrndup(value, strlen(value)), line };
}

/* One line (NUL-terminated, no newline). */
static bool
parse_line(IrContext *ctx, EthosUIni *ini, char *p, const char *file,
    unsigned line)
{
	p = trim(p, p + strlen(p));
	if (!*p || *p == '#' || *p == ';')
		return true;
	if (*p == '[') {
		char *close = strchr(p, ']');
		if (!close || close[1] || !parse_header(ini,
		    trim(p + 1, close), file, line))
			return fail(ctx, file, line, "malformed section "
			    "header, expected [kind name]", "");
		return true;
	}
	char *eq = strchr(p, '=');
	if (!eq)
		return fail(ctx, file, line, "expected key = value: ", p);
	if (!ini->nsections)
		return fail(ctx, file, line, "key outside a section: ", p);
	char *key = trim(p, eq);
	char *value = trim(eq + 1, eq + 1 + strlen(eq + 1));
	if (!*key || !*value)
		return fail(ctx, file, line, "empty key or value", "");
	add_entry(&ini->sections[ini->nsections - 1], key, value, line);
	return true;
}

bool
ethos_u_ini_parse(IrContext *ctx, EthosUIni *ini, const char *text,
    const char *file)
{
	unsigned line = 0;
	const char *p = text;
	while (*p) {
		const char *nl = strchr(p, '\n');
		size_t n = nl ? (size_t)(nl - p) : strlen(p);
		char *buf = ir_xstrndup(p, n);
		bool ok = parse_line(ctx, ini, buf, file, ++line);
		free(buf);
		if (!ok)
			return false;
		p += n + (nl != NULL);
	}
	return true;
}

bool
ethos_u_ini_read_file(IrContext *ctx, EthosUIni *ini, const char *path)
{
	FILE *f = fopen(path, "rb");
	if (!f) {
		ir_emit_error(ctx, ir_loc_unknown(ctx),
		    "cannot read Ethos-U configuration file '%s': %s", path,
		    strerror(errno));
		return false;
	}
	size_t cap = 4096, len = 0;
	char *text = ir_xmalloc(cap);
	size_t got;
	while ((got = fread(text + len, 1, cap - len - 1, f)) > 0) {
		len += got;
		if (cap - len - 1 == 0)
			text = ir_xrealloc(text, cap *= 2);
	}
	fclose(f);
	text[len] = '\0';
	bool ok = true;
	if (strlen(text) != len)
		ok = fail(ctx, path, 1, "Ethos-U configuration file holds a "
		    "NUL byte", "");
	ok = ok && ethos_u_ini_parse(ctx, ini, text,
	    ir_ident_cstr(ctx, path)->str);
	free(text);
	return ok;
}

const EthosUIniSection *
ethos_u_ini_find(const EthosUIni *ini, const char *kind, const char *name)
{
	for (size_t i = ini->nsections; i-- > 0;) {
		const EthosUIniSection *s = &ini->sections[i];
		if (!strcmp(s->kind, kind) && !strcmp(s->name, name))
			return s;
	}
	return NULL;
}

const EthosUIniEntry *
ethos_u_ini_get(const EthosUIni *ini, const EthosUIniSection *s,
    const char *key)
{
	/* Follow inherit = chains; a depth bound stops a cycle. */
	for (int depth = 0; s && depth < 16; depth++) {
		const char *parent = NULL;
		for (size_t i = s->nentries; i-- > 0;) {
			if (!strcmp(s->entries[i].key, key))
				return &s->entries[i];
			if (!strcmp(s->entries[i].key, "inherit") && !parent)
				parent = s->entries[i].value;
		}
		s = parent ? ethos_u_ini_find(ini, s->kind, parent) : NULL;
	}
	return NULL;
}

char *
ethos_u_ini_names(const EthosUIni *ini, const char *kind)
{
	size_t len = 1;
	char *out = ir_xcalloc(1, 1);
	for (size_t i = 0; i < ini->nsections; i++) {
		const EthosUIniSection *s = &ini->sections[i];
		if (strcmp(s->kind, kind) || ethos_u_ini_find(ini, kind,
		    s->name) != s)
			continue;
		size_t n = strlen(s->name);
		out = ir_xrealloc(out, len + n + 2);
		if (len > 1)
			strcat(out, ", ");
		strcat(out, s->name);
		len += n + 2;
	}
	return out;
}

void
ethos_u_ini_free(EthosUIni *ini)
{
	for (size_t i = 0; i < ini->nsections; i++) {
		EthosUIniSection *s = &ini->sections[i];
		for (size_t j = 0; j < s->nentries; j++) {
			free(s->entries[j].key);
			free(s->entries[j].value);
		}
		free(s->entries);
		free(s->kind);
		free(s->name);
	}
	free(ini->sections);
	memset(ini, 0, sizeof *ini);
}
