#!/usr/bin/env python3
# test/lit/memory/Inputs/run-minimalloc.py: every CSV of a folder through
# npu-translate --import-alloc-csv, npu-opt --plan-memory='capacity=C'
# (C from the file name, A.1048576.csv) and --export-alloc-csv, each plan
# judged by check-alloc-csv.py; one line per file.
# usage: run-minimalloc.py NPU_TRANSLATE NPU_OPT DIR OUTDIR
import os
import subprocess
import sys

tr, opt, folder, out = sys.argv[1:5]
here = os.path.dirname(os.path.abspath(__file__))
for name in sorted(os.listdir(folder)):
    if not name.endswith('.csv'):
        continue
    cap = name.split('.')[1]
    src = os.path.join(folder, name)
    base = os.path.join(out, name[:-4])
    subprocess.run([tr, '--import-alloc-csv', src, '-o', base + '.mlir'],
                   check=True)
    # A generous time limit: the machine running the tests may be busy.
    subprocess.run([opt, '--plan-memory=capacity=' + cap +
                    ' time-limit-ms=300000',
                    base + '.mlir', '-o', base + '.planned.mlir'],
                   check=True)
    subprocess.run([tr, '--export-alloc-csv', base + '.planned.mlir', '-o',
                    base + '.out.csv'], check=True)
    r = subprocess.run([sys.executable, os.path.join(here,
                       'check-alloc-csv.py'), src, base + '.out.csv', cap],
                       capture_output=True, text=True)
    print(name, r.stdout.strip() or r.stderr.strip())
