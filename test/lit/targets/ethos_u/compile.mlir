// ethos-u-compile is a named pipeline: its expansion, options passed on.
// RUN: npu-opt --ethos-u-compile='accel=ethos-u65-256 system=Ethos_U65_High_End memory-mode=Dedicated_Sram optimise=size report=r.csv table=false' --print-pipeline %s | FileCheck %s
// RUN: npu-opt --ethos-u-compile --print-pipeline %s | FileCheck %s --check-prefix=DEF
// RUN: not npu-opt --ethos-u-compile='optimise=speed' %s 2>&1 | FileCheck %s --check-prefix=BAD

// CHECK: builtin.module(fixpoint{{.*}},ethos-u-target{accel=ethos-u65-256 system=Ethos_U65_High_End memory-mode=Dedicated_Sram config=},ethos-u-legalize{{.*}},ethos-u-estimate{report=r.csv {{.*}}table=false optimise=size encode-weights=false sram-limit=0})
// DEF: ethos-u-target{accel=ethos-u55-128 system= memory-mode= config=},ethos-u-legalize{{.*}},ethos-u-estimate{{.*}}table=true optimise=performance encode-weights=false sram-limit=0}
// BAD: error: {{.*}}speed
// softmax=vela reaches ethos-u-legalize (ethos-u-codegen then emits Vela's
// 31 operations); a wrong value is an error.
// RUN: npu-opt --ethos-u-compile=softmax=vela --print-pipeline %s | FileCheck %s --check-prefix=SM
// SM: ethos-u-legalize{{[{]}}{{.*}}softmax=vela
// RUN: not npu-opt --ethos-u-compile=softmax=float %s 2>&1 | FileCheck %s --check-prefix=SMBAD
// SMBAD: error: invalid value 'float' for option 'softmax' (expected one of 'graph', 'vela')
module {
}
