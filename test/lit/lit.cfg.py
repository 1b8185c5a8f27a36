# test/lit/lit.cfg.py: lit configuration for npu-ir's FileCheck tests.
# Run through test/run-checks, or by hand:
#   python3 /usr/lib/llvm-14/build/utils/lit/lit.py -sv test/lit \
#       --param build_dir=$PWD/build
import os
import shutil
import sys

import lit.formats

config.name = 'npu-ir'
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = ['.mlir']
config.excludes = ['Inputs']
config.test_source_root = os.path.dirname(__file__)

src_root = os.path.dirname(os.path.dirname(config.test_source_root))
build_dir = os.path.abspath(lit_config.params.get(
    'build_dir', os.path.join(src_root, 'build')))
llvm_bin = lit_config.params.get('llvm_bin', '/usr/lib/llvm-14/bin')
config.test_exec_root = os.path.join(build_dir, 'lit')

npu_opt = os.path.join(build_dir, 'bin', 'npu-opt')
if not os.access(npu_opt, os.X_OK):
    lit_config.fatal('npu-opt not found at %s: build first (ninja -C %s)'
                     % (npu_opt, build_dir))
filecheck = os.path.join(llvm_bin, 'FileCheck')
if not os.access(filecheck, os.X_OK):
    lit_config.fatal('FileCheck not found at %s (Debian: llvm-14-tools)'
                     % filecheck)


def tool(name):
    # Replace a tool name only where it stands alone as a command word,
    # never inside paths such as %S/tools/npu-opt-flags.mlir.
    return r'(?<![\w/.-])' + name.replace('.', r'\.') + r'(?![\w/.-])'


config.substitutions.append(('%python', sys.executable))
config.substitutions.append(('%npu_src', src_root))
config.substitutions.append(('%npu_build', build_dir))
config.substitutions.append((tool('npu-opt'), npu_opt))
config.substitutions.append((tool('FileCheck'), filecheck))

mlir_opt = shutil.which('mlir-opt-14') or os.path.join(llvm_bin, 'mlir-opt')
if os.access(mlir_opt, os.X_OK):
    config.available_features.add('mlir-opt')
    config.substitutions.append((tool('mlir-opt-14'), mlir_opt))

if shutil.which('pkg-config') and shutil.which(os.environ.get('CC', 'cc')):
    config.available_features.add('pkg-config')

# As MLIR's lit.cfg.py: catch stale FileCheck variables and prefixes.
config.environment['FILECHECK_OPTS'] = (
    '-enable-var-scope --allow-unused-prefixes=false')
# Keep diagnostics and output stable whatever the user's environment.
config.environment['LC_ALL'] = 'C'

# Sanitizer builds: pass the user's options through (lit drops most of the
# environment) and make reports readable.
for var in ('ASAN_OPTIONS', 'UBSAN_OPTIONS', 'LSAN_OPTIONS'):
    if var in os.environ:
        config.environment[var] = os.environ[var]
config.environment.setdefault('UBSAN_OPTIONS', 'print_stacktrace=1')
symbolizer = os.path.join(llvm_bin, 'llvm-symbolizer')
if os.access(symbolizer, os.X_OK):
    config.environment['ASAN_SYMBOLIZER_PATH'] = symbolizer
