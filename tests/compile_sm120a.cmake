# Compiles the mma probe kernels (gpu/cuda/mma_probe_kernels.cu, which instantiates every catalogue
# entry's wrapper from mma_wrappers.cuh) for sm_120a alone and fails unless ptxas accepts them: the
# .kind::f8f6f4/mxf8f6f4/mxf4/mxf4nvf4 forms assemble only for that arch-specific target
# (__CUDA_ARCH_FEAT_SM120_ALL), which the main build leaves out for its compile time. Explicit
# -gencode: -arch=sm_120a alone would also emit compute_120 PTX, which ptxas refuses for them.
# FLAGS: the build's CUDA warning flags.
separate_arguments(_flags UNIX_COMMAND "${FLAGS}")
file(REMOVE_RECURSE "${OUT_DIR}/keep")
file(MAKE_DIRECTORY "${OUT_DIR}/keep")
set(_src "${SRC_DIR}/cuda/mma_probe_kernels.cu")
execute_process(
  COMMAND "${NVCC}" -std=c++17 -O3 -gencode arch=compute_120a,code=sm_120a ${_flags} -I${SRC_DIR}/include
          -I${SRC_DIR}/../model/include -keep -keep-dir ${OUT_DIR}/keep -c ${_src} -o ${OUT_DIR}/mma_probe_kernels.o
  RESULT_VARIABLE rc ERROR_VARIABLE err OUTPUT_VARIABLE out)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "nvcc for sm_120a failed on ${_src} (exit ${rc}):\n${out}${err}")
endif()
# Every arch-specific mnemonic of the wrappers must be in the PTX nvcc kept, so an empty guard
# (no asm compiled for sm_120a) cannot pass unseen.
file(GLOB _ptx "${OUT_DIR}/keep/*.ptx")
if(NOT _ptx)
  message(FATAL_ERROR "nvcc -keep left no PTX in ${OUT_DIR}/keep")
endif()
file(READ "${_ptx}" ptx)
file(STRINGS "${SRC_DIR}/cuda/mma_wrappers.cuh" _names REGEX "^#define FRAGVIZ_MMA_MNEMONIC \".*kind::")
set(n 0)
foreach(line ${_names})
  string(REGEX REPLACE "^#define FRAGVIZ_MMA_MNEMONIC \"([^\"]*)\".*" "\\1" name "${line}")
  string(FIND "${ptx}" "${name} " at)
  if(at EQUAL -1)
    message(FATAL_ERROR "the sm_120a PTX lacks ${name}: its wrapper compiled to nothing")
  endif()
  math(EXPR n "${n} + 1")
endforeach()
if(n EQUAL 0)
  message(FATAL_ERROR "no .kind:: mnemonic found in ${SRC_DIR}/cuda/mma_wrappers.cuh")
endif()
message(STATUS "sm_120a ok: mma_probe_kernels.cu, all ${n} .kind:: forms assembled by ptxas")
