/* test/unit/ir/input_test.c: bounded reads and input kinds (ir/input.h). */
#include <criterion/criterion.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ir/input.h"

static FILE *
stream_of(const char *text)
{
	FILE *f = tmpfile();
	cr_assert_not_null(f);
	fputs(text, f);
	rewind(f);
	return f;
}

Test(input, reads_up_to_the_limit)
{
	char err[128] = "";
	size_t len;
	FILE *f = stream_of("0123456789");
	char *buf = ir_input_read(f, 10, &len, err, sizeof err);
	cr_assert_not_null(buf, "%s", err);
	cr_assert_eq(len, 10);
	cr_assert_str_eq(buf, "0123456789"); /* NUL-terminated */
	free(buf);
	fclose(f);
}

Test(input, refuses_one_byte_more)
{
	char err[128] = "";
	size_t len;
	FILE *f = stream_of("0123456789A");
	cr_assert_null(ir_input_read(f, 10, &len, err, sizeof err));
	cr_assert_str_eq(err, "input is larger than the 10-byte limit");
	fclose(f);
}

Test(input, refuses_devices_and_directories_but_not_stdin)
{
	char err[128] = "";
	int zero = open("/dev/zero", O_RDONLY), dir = open("/", O_RDONLY);
	int p[2];
	cr_assert(zero >= 0 && dir >= 0 && pipe(p) == 0);
	cr_assert_not(ir_input_kind_ok(zero, false, err, sizeof err));
	cr_assert_str_eq(err, "not a regular file or pipe");
	cr_assert_not(ir_input_kind_ok(dir, false, err, sizeof err));
	cr_assert_str_eq(err, "is a directory");
	cr_assert(ir_input_kind_ok(zero, true, err, sizeof err));
	cr_assert(ir_input_kind_ok(p[0], false, err, sizeof err));
	close(zero);
	close(dir);
	close(p[0]);
	close(p[1]);
}
