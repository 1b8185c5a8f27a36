// scripts/install (ninja install) lays out bin, lib, the public headers
// and a pkg-config file under DESTDIR/PREFIX, and never installs
// ir/internal.h.
// RUN: rm -rf %t.d
// RUN: env DESTDIR=%t.d %npu_src/scripts/install %npu_build /opt/npuir > %t.log
// RUN: FileCheck --check-prefix=LOG --input-file %t.log %s
// RUN: FileCheck --check-prefix=PC --input-file %t.d/opt/npuir/lib/pkgconfig/npuir.pc %s
// RUN: %t.d/opt/npuir/bin/npu-opt --version
// RUN: not ls %t.d/opt/npuir/include/npuir/ir/internal.h
// RUN: %python %S/Inputs/expect-exit.py 2 %npu_src/scripts/install %npu_build relative/prefix

// LOG-DAG: installed {{.*}}/opt/npuir/bin/npu-opt
// LOG-DAG: installed {{.*}}/opt/npuir/lib/libnpuir.a
// LOG-DAG: installed {{.*}}/opt/npuir/include/npuir/ir/ir.h
// LOG-DAG: installed {{.*}}/opt/npuir/include/npuir/interp/interp.h
// LOG-DAG: installed {{.*}}/opt/npuir/lib/pkgconfig/npuir.pc

// PC: prefix=/opt/npuir
// PC: includedir=${prefix}/include/npuir
// PC: Version: {{[0-9]+\.[0-9]+\.[0-9]+}}
// PC: Libs: -L${libdir} -lnpuir -lxxhash -lm
