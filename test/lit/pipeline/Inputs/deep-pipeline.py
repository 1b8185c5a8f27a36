# test/lit/pipeline/Inputs/deep-pipeline.py: runs NPU_OPT with a pipeline
# nested DEPTH levels deep (any(any(...(cse)...))) on FILE, passing its
# output and exit status through.
# usage: deep-pipeline.py NPU_OPT DEPTH FILE
import subprocess
import sys

npu_opt, depth, path = sys.argv[1], int(sys.argv[2]), sys.argv[3]
pipeline = 'builtin.module(' + 'any(' * depth + 'cse' + ')' * (depth + 1)
sys.exit(subprocess.call([npu_opt, '--pass-pipeline=' + pipeline, path]))
