"""test/lit/tools/Inputs/build-plugin.py: compiles a pass plugin with the
flags `pkg-config --cflags npuir` gives (PKG_CONFIG_PATH and
PKG_CONFIG_SYSROOT_DIR point at an installed copy), as a user would.

usage: build-plugin.py PLUGIN.c OUT.so
"""
import os
import shlex
import subprocess
import sys


def main():
    src, out = sys.argv[1], sys.argv[2]
    cflags = subprocess.run(['pkg-config', '--cflags', 'npuir'],
                            check=True, capture_output=True,
                            text=True).stdout
    cc = os.environ.get('CC', 'cc')
    cmd = [cc, '-std=c11', '-Wall', '-Werror', '-shared', '-fPIC'] + \
        shlex.split(cflags) + ['-o', out, src]
    print(' '.join(cmd))
    return subprocess.run(cmd).returncode


if __name__ == '__main__':
    sys.exit(main())
