#!/usr/bin/env python3
# test/lit/memory/Inputs/run-bufferize.py: for each shared model that
# imports with static shapes: npu-run (seed 1) the imported graph, the
# bufferized IR and the bufferized + planned IR (one real arena, where
# overlapping buffers would corrupt results), and compare every output
# .npy byte for byte. One line per model.
# usage: run-bufferize.py NPU_TRANSLATE NPU_OPT NPU_RUN MODELS_DIR OUTDIR
import filecmp
import os
import re
import subprocess
import sys

tr, opt, run, models, out = sys.argv[1:6]


def outputs(mlir, tag):
    """Runs mlir; returns the .npy files of its results."""
    p = subprocess.run([run, mlir, '--seed=1', '--print'],
                       capture_output=True, text=True, check=True)
    n = len(re.findall(r'^result #\d+', p.stdout, re.M))
    files = [mlir + '.%s.%d.npy' % (tag, k) for k in range(n)]
    subprocess.run([run, mlir, '--seed=1'] + ['--output=' + f
                                              for f in files],
                   capture_output=True, check=True)
    return files


for name in sorted(os.listdir(models)):
    ext = os.path.splitext(name)[1]
    if ext not in ('.tflite', '.onnx'):
        continue
    base = os.path.join(out, re.sub(r'\W', '_', name))
    r = subprocess.run([tr, '--import-' + ext[1:], os.path.join(models, name),
                        '-o', base + '.mlir'], capture_output=True)
    if r.returncode != 0:
        continue
    b = subprocess.run([opt, '--bufferize', base + '.mlir', '-o',
                        base + '.b.mlir'], capture_output=True, text=True)
    if b.returncode != 0:
        print(name, 'not bufferized:', b.stderr.split('\n')[0].split(
            'error: ')[-1])
        continue
    subprocess.run([opt, '--plan-memory', base + '.b.mlir', '-o',
                    base + '.p.mlir'], check=True)
    ref = outputs(base + '.mlir', 'ref')
    same = all(filecmp.cmp(x, y, shallow=False) for variant in ('b', 'p')
               for x, y in zip(ref, outputs(base + '.%s.mlir' % variant,
                                            variant)))
    arena = re.search(r'"buffer.arena"\(\) \{[^}]*size = (\d+)',
                      open(base + '.p.mlir').read())
    print(name, '%d outputs' % len(ref), 'same' if same else 'DIFFER',
          'arena', arena.group(1) if arena else '-')
