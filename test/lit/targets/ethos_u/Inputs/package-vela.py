# test/lit/targets/ethos_u/Inputs/package-vela.py: the round trip of one
# Vela-compiled model through npu-ir's packager: import (keeping names),
# --emit=ethos-u twice (the two files must be byte-identical), then
#  - the emitted file re-imported and run by npu-run on the reference input
#    gives byte for byte what Vela's own file gives, and
#  - test/tools/tflite-dump of both files is the same text, except for what
#    the packager cannot know and says so in docs/targets/ethos-u.md: the
#    model's subgraph name Vela puts before `_split_1` and the metadata
#    Vela copies from its input or adds about itself (vela_version,
#    min_runtime_version, CONVERSION_METADATA).
# Prints one line per check; any difference prints it and exits 1.
# usage: package-vela.py BUILD_DIR DUMP_TOOL MODEL_VELA.tflite INPUT.npy TMP
import os
import re
import subprocess
import sys


def run(*cmd):
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)


def dump(tool, path, vela):
    skip = []
    if vela:
        for m in ('vela_version', 'min_runtime_version',
                  'CONVERSION_METADATA'):
            skip += ['--skip-metadata', m]
    out = subprocess.run([sys.executable, tool, path] + skip, check=True,
                         stdout=subprocess.PIPE, text=True).stdout
    return re.sub(r"\w*_split_1_", '_split_1_', out) if vela else out


def main():
    build, tool, model, npy, tmp = sys.argv[1:6]
    translate = os.path.join(build, 'bin', 'npu-translate')
    npu_run = os.path.join(build, 'bin', 'npu-run')
    os.makedirs(tmp, exist_ok=True)
    mlir = os.path.join(tmp, 'in.mlir')
    ours = [os.path.join(tmp, 'out%d.tflite' % i) for i in (1, 2)]
    run(translate, '--import-tflite', '--print-debuginfo', model, '-o', mlir)
    for o in ours:
        run(translate, '--emit=ethos-u', mlir, '-o', o)
    bad = 0
    same = open(ours[0], 'rb').read() == open(ours[1], 'rb').read()
    print('deterministic: %s' % ('yes' if same else 'NO'))
    bad += not same
    a, b = dump(tool, model, True), dump(tool, ours[0], False)
    print('structure: %s' % ('same' if a == b else 'DIFFERENT'))
    if a != b:
        bad += 1
        sys.stdout.writelines(
            '  vela: %s\n' % l for l in a.splitlines() if l not in b)
        sys.stdout.writelines(
            '  ours: %s\n' % l for l in b.splitlines() if l not in a)
    outs = []
    for i, path in enumerate((model, ours[0])):
        m = os.path.join(tmp, 'run%d.mlir' % i)
        o = os.path.join(tmp, 'run%d.npy' % i)
        run(translate, '--import-tflite', path, '-o', m)
        run(npu_run, m, '--input=' + npy, '--output=' + o)
        outs.append(open(o, 'rb').read())
    print('outputs: %s' % ('identical' if outs[0] == outs[1] else
                           'DIFFERENT'))
    bad += outs[0] != outs[1]
    sys.exit(1 if bad else 0)


main()
