# test/lit/compat/compat.py: suite-wide text-format checks over every lit
# test that parses successfully.
#
#   compat.py roundtrip NPU_OPT LIT_ROOT
#       print(parse(print(parse(x)))) == print(parse(x)), in the default
#       and the --print-op-generic forms.
#   compat.py mlir-opt NPU_OPT MLIR_OPT LIT_ROOT SKIP_FILE
#       npu-opt --print-op-generic output is read by mlir-opt-14 and
#       printed back byte for byte by
#       mlir-opt-14 --allow-unregistered-dialect -mlir-print-op-generic
#       --mlir-print-local-scope.
#
# A file takes part when one of its RUN lines runs npu-opt on %s and none
# expects a failure (`not`, --verify-diagnostics). Files whose RUN lines
# use --split-input-file are checked chunk by chunk.
import os
import re
import subprocess
import sys

MARKER = re.compile(r'^// -----[ \t\r]*$', re.M)
RUN = re.compile(r'(?://|#)\s*RUN:(.*)$', re.M)
TIMEOUT = 60


def run_lines(text):
    # Joins continuation lines ending in '\'.
    lines, cur = [], ''
    for m in RUN.finditer(text):
        part = m.group(1).strip()
        if part.endswith('\\'):
            cur += part[:-1] + ' '
            continue
        lines.append(cur + part)
        cur = ''
    return lines


def classify(path):
    """Returns (chunks or None, reason): None means skip the file."""
    with open(path, encoding='utf-8', errors='replace') as f:
        text = f.read()
    runs = run_lines(text)
    if not runs:
        return None, 'no RUN lines'
    if not any(re.search(r'(?<![\w/.-])npu-opt\b.*%s\b', r) or
               re.search(r'%s\b.*(?<![\w/.-])npu-opt\b', r) for r in runs):
        return None, 'does not run npu-opt on itself'
    for r in runs:
        if re.search(r'(^|[|;&]\s*)not\s', r) or 'verify-diagnostics' in r:
            return None, 'expects errors'
    if any('split-input-file' in r for r in runs):
        return MARKER.split(text), None
    return [text], None


def npu_opt(tool, text, generic):
    args = [tool, '--allow-unregistered-dialect', '-']
    if generic:
        args.append('--print-op-generic')
    p = subprocess.run(args, input=text.encode(), capture_output=True,
                       timeout=TIMEOUT)
    return p.returncode, p.stdout.decode(errors='replace'), \
        p.stderr.decode(errors='replace')


def test_files(root):
    out = []
    for d, dirs, files in os.walk(root):
        dirs[:] = sorted(x for x in dirs if x not in ('Inputs', 'Output'))
        for f in sorted(files):
            if f.endswith('.mlir'):
                out.append(os.path.join(d, f))
    return out


def diff_hint(a, b):
    al, bl = a.splitlines(), b.splitlines()
    for i, (x, y) in enumerate(zip(al, bl)):
        if x != y:
            return 'line %d:\n  first:  %s\n  second: %s' % (i + 1, x, y)
    return 'lengths differ (%d vs %d lines)' % (len(al), len(bl))


def roundtrip_chunk(tool, chunk):
    """Returns an error message or None."""
    for generic in (False, True):
        form = 'generic' if generic else 'default'
        rc, once, err = npu_opt(tool, chunk, generic)
        if rc != 0:
            return '%s form: npu-opt failed:\n%s' % (form, err)
        rc, twice, err = npu_opt(tool, once, generic)
        if rc != 0:
            return '%s form: printed output does not parse:\n%s' % (
                form, err)
        if once != twice:
            return '%s form: print(parse(print(x))) differs, %s' % (
                form, diff_hint(once, twice))
    return None


def load_skips(path):
    """Skip list lines: `path: reason` skips a file (relative to the lit
    root); `contains "text": reason` skips every chunk holding text."""
    files, texts = {}, []
    with open(path, encoding='utf-8') as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith('#'):
                continue
            m = re.match(r'contains\s+"([^"]+)"\s*:\s*(.*)$', line)
            if m:
                texts.append((m.group(1), m.group(2)))
                continue
            name, _, reason = line.partition(':')
            files[name.strip()] = reason.strip()
    return files, texts


def mlir_chunk(tool, mlir, chunk):
    rc, gen, err = npu_opt(tool, chunk, True)
    if rc != 0:
        return 'npu-opt failed:\n%s' % err
    p = subprocess.run([mlir, '--allow-unregistered-dialect',
                        '-mlir-print-op-generic', '--mlir-print-local-scope',
                        '-'], input=gen.encode(), capture_output=True,
                       timeout=TIMEOUT)
    if p.returncode != 0:
        return 'mlir-opt-14 rejects npu-opt output:\n%s' % \
            p.stderr.decode(errors='replace')
    back = p.stdout.decode(errors='replace')
    if back != gen:
        return 'mlir-opt-14 prints it differently, %s' % \
            diff_hint(gen, back)
    return None


def main(argv):
    mode = argv[1] if len(argv) > 1 else ''
    if mode == 'roundtrip' and len(argv) == 4:
        tool, root = argv[2], argv[3]
        check = lambda c: roundtrip_chunk(tool, c)
        skips, texts = {}, []
    elif mode == 'mlir-opt' and len(argv) == 6:
        tool, mlir, root = argv[2], argv[3], argv[4]
        check = lambda c: mlir_chunk(tool, mlir, c)
        skips, texts = load_skips(argv[5])
    else:
        sys.stderr.write('usage: compat.py roundtrip NPU_OPT LIT_ROOT\n'
                         '       compat.py mlir-opt NPU_OPT MLIR_OPT '
                         'LIT_ROOT SKIP_FILE\n')
        return 2
    checked = chunks = skipped = skipped_chunks = 0
    failures = []
    for path in test_files(root):
        rel = os.path.relpath(path, root)
        if rel in skips:
            print('skip %s: %s' % (rel, skips[rel]))
            skipped += 1
            continue
        parts, why = classify(path)
        if parts is None:
            skipped += 1
            continue
        ran = 0
        for i, chunk in enumerate(parts):
            hit = [r for t, r in texts if t in chunk]
            if hit:
                print('skip %s (chunk %d): %s' % (rel, i + 1, hit[0]))
                skipped_chunks += 1
                continue
            ran += 1
            msg = check(chunk)
            if msg:
                failures.append('%s (chunk %d): %s' % (rel, i + 1, msg))
        chunks += ran
        if ran:
            checked += 1
        else:
            skipped += 1
    for f in failures:
        print('FAIL ' + f)
    print('%s: checked %d files (%d chunks), skipped %d files, '
          '%d chunks, failed %d' % (
              mode, checked, chunks, skipped, skipped_chunks, len(failures)))
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
