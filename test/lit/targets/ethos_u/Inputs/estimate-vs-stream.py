# test/lit/targets/ethos_u/Inputs/estimate-vs-stream.py: checks that
# ethos-u-estimate has one row per NPU operation of the emitted streams:
# for each ethos_u.stream of an ethos-u-codegen output (in function order)
# the operations `npu-translate --decode=ethos-u` lists, against the rows
# of the estimate's CSV grouped by op (an op's rows begin with its first
# bilinear phase, `_phase0_0`). Prints the two lists and fails when they
# differ.
# usage: estimate-vs-stream.py NPU_TRANSLATE CG.mlir REPORT.csv
import os
import re
import subprocess
import sys
import tempfile


def stream_ops(translate, path):
    text = open(path).read()
    counts = []
    with tempfile.TemporaryDirectory() as d:
        f = os.path.join(d, 's.bin')
        for m in re.finditer(r'command_stream = dense<"0x([0-9A-Fa-f]*)">',
                             text):
            open(f, 'wb').write(bytes.fromhex(m.group(1)))
            out = subprocess.run([translate, '--decode=ethos-u', f],
                                 check=True, capture_output=True,
                                 text=True).stdout
            counts.append(out.count('; operation '))
    return counts


def estimate_rows(path):
    counts = []
    for line in open(path).read().splitlines()[1:]:
        name = line.rsplit(',', 1)[-1]
        if name.endswith('_phase0_0') or not counts:
            counts.append(0)
        counts[-1] += 1
    return counts


def main():
    translate, cg, csv = sys.argv[1:4]
    s = stream_ops(translate, cg)
    e = estimate_rows(csv)
    print('stream operations: %d in %d streams' % (sum(s), len(s)))
    print('estimate rows: %d for %d ops' % (sum(e), len(e)))
    if s != e:
        print('stream:   %s' % s)
        print('estimate: %s' % e)
        sys.exit(1)
    print('per op: %s' % ' '.join(str(n) for n in s))


main()
