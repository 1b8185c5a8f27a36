/* targets/ethos_u/ini.h: the INI reader of the Ethos-U configurations
 * ([kind name] sections, key = value lines, inherit = name). */
#ifndef NPUIR_ETHOS_U_INI_H
#define NPUIR_ETHOS_U_INI_H

#include <stdbool.h>
#include <stddef.h>

#include "ir/ir.h"

typedef struct EthosUIniEntry {
	char *key, *value;
	unsigned line;
} EthosUIniEntry;

typedef struct EthosUIniSection {
	char *kind, *name;          /* [kind name] */
	const char *file;           /* interned in the context */
	unsigned line;
	size_t nentries;
	EthosUIniEntry *entries;
} EthosUIniSection;

/* Sections of every file read, in order; zero-initialise, free with
 * ethos_u_ini_free. */
typedef struct EthosUIni {
	size_t nsections;
	EthosUIniSection *sections;
} EthosUIni;

/* Adds the sections of text (file names it in errors, and must outlive
 * ini). False after an error at file:line. */
bool ethos_u_ini_parse(IrContext *ctx, EthosUIni *ini, const char *text,
    const char *file);
bool ethos_u_ini_read_file(IrContext *ctx, EthosUIni *ini,
    const char *path);
/* The last section [kind name] (later files override), or NULL. */
const EthosUIniSection *ethos_u_ini_find(const EthosUIni *ini,
    const char *kind, const char *name);
/* key in s or the sections it inherits from, or NULL. */
const EthosUIniEntry *ethos_u_ini_get(const EthosUIni *ini,
    const EthosUIniSection *s, const char *key);
/* "a, b, c": the names of every section of kind (malloc'd). */
char *ethos_u_ini_names(const EthosUIni *ini, const char *kind);
void ethos_u_ini_free(EthosUIni *ini);

#endif /* NPUIR_ETHOS_U_INI_H */
