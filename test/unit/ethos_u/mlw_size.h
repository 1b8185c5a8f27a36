/* test/unit/ethos_u/mlw_size.h: the check every encoded stream of the
 * unit tests can go through: the size path and the planned encode
 * against the real encode (mlw_size_test.c). */
#ifndef NPUIR_TEST_ETHOS_U_MLW_SIZE_H
#define NPUIR_TEST_ETHOS_U_MLW_SIZE_H

#include "targets/ethos_u/mlw.h"

/* Asserts that ethosu_mlw_size of v[0..n) under isa gives nenc, and
 * that the plan it records re-encodes v to enc[0..nenc) byte for byte
 * (v is left as it was). `what` names the stream in a failure. */
void mlw_check_size(const int16_t *v, size_t n, EthosuMlwIsa isa,
    const uint8_t *enc, size_t nenc, const char *what);

#endif /* NPUIR_TEST_ETHOS_U_MLW_SIZE_H */
