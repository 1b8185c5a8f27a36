/* test/unit/ir/output_test.c: atomic output files: committed only on
 * success, nothing left behind on failure, devices and symlinks written
 * in place, write errors caught at the flush. */
#include <criterion/criterion.h>
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ir/output.h"

static char dir[64];

static void
make_dir(void)
{
	strcpy(dir, "/tmp/npuir-output-XXXXXX");
	cr_assert_not_null(mkdtemp(dir));
}

/* Files in dir, so a test sees that no temporary file is left. */
static int
count_files(void)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int n = 0;

	cr_assert_not_null(d);
	while ((e = readdir(d)))
		n += e->d_name[0] != '.';
	closedir(d);
	return n;
}

static void
slurp(const char *path, char *buf, size_t size)
{
	FILE *f = fopen(path, "rb");
	cr_assert_not_null(f, "%s", path);
	size_t n = fread(buf, 1, size - 1, f);
	buf[n] = 0;
	fclose(f);
}

static void
write_text(const char *path, const char *text, bool ok, bool buffered)
{
	char err[256] = "";
	IrOutput *out = ir_output_open(path, buffered, err, sizeof err);
	cr_assert_not_null(out, "%s", err);
	fputs(text, ir_output_stream(out));
	cr_assert_eq(ir_output_close(out, ok, err, sizeof err), ok, "%s",
	    err);
	cr_assert_str_empty(err);
}

static void
cleanup(void)
{
	char cmd[128];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	cr_assert_eq(system(cmd), 0);
}

Test(output, commit_replaces_and_discard_keeps_the_old_file)
{
	char path[128], buf[64];
	make_dir();
	snprintf(path, sizeof path, "%s/out.txt", dir);
	write_text(path, "first\n", true, false);
	slurp(path, buf, sizeof buf);
	cr_expect_str_eq(buf, "first\n");
	write_text(path, "second\n", false, false);
	slurp(path, buf, sizeof buf);
	cr_expect_str_eq(buf, "first\n");
	cr_expect_eq(count_files(), 1);
	write_text(path, "third\n", true, true);
	slurp(path, buf, sizeof buf);
	cr_expect_str_eq(buf, "third\n");
	cr_expect_eq(count_files(), 1);
	cleanup();
}

Test(output, a_discarded_new_file_never_appears)
{
	char path[128];
	make_dir();
	snprintf(path, sizeof path, "%s/new.txt", dir);
	write_text(path, "partial", false, false);
	cr_expect_neq(access(path, F_OK), 0);
	cr_expect_eq(count_files(), 0);
	cleanup();
}

Test(output, a_symlink_is_written_through_not_replaced)
{
	char target[128], link[128], buf[64];
	struct stat st;
	make_dir();
	snprintf(target, sizeof target, "%s/target.txt", dir);
	snprintf(link, sizeof link, "%s/link.txt", dir);
	write_text(target, "old\n", true, false);
	cr_assert_eq(symlink(target, link), 0);
	write_text(link, "new\n", true, true);
	cr_assert_eq(lstat(link, &st), 0);
	cr_expect(S_ISLNK(st.st_mode));
	slurp(target, buf, sizeof buf);
	cr_expect_str_eq(buf, "new\n");
	/* Discarded buffered output never reaches the target. */
	write_text(link, "lost\n", false, true);
	slurp(target, buf, sizeof buf);
	cr_expect_str_eq(buf, "new\n");
	cleanup();
}

Test(output, a_device_is_written_in_place)
{
	write_text("/dev/null", "nothing\n", true, false);
	write_text("/dev/null", "nothing\n", true, true);
}

Test(output, write_errors_are_reported_at_close)
{
	char err[256] = "";
	IrOutput *out = ir_output_open("/dev/full", false, err, sizeof err);
	cr_assert_not_null(out, "%s", err);
	fputs("does not fit\n", ir_output_stream(out));
	cr_expect_not(ir_output_close(out, true, err, sizeof err));
	cr_expect_str_eq(err, "cannot write '/dev/full': No space left on "
	    "device");
}

Test(output, a_missing_directory_is_reported_at_open)
{
	char err[256] = "";
	cr_expect_null(ir_output_open("/nonexistent-dir/x.txt", false, err,
	    sizeof err));
	cr_expect(strstr(err, "cannot create '/nonexistent-dir/x.txt.tmp."),
	    "%s", err);
	cr_expect(strstr(err, "': No such file or directory"), "%s", err);
}
