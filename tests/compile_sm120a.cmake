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

# The 8-bit and sub-byte matrix moves (gpu/cuda/blackwell/b8_move_kernels.cu) are sm_120a
# instructions too (PTX ISA 9.0: sm_100a, sm_101a, sm_120a): ptxas must assemble all 11 forms for it.
file(REMOVE_RECURSE "${OUT_DIR}/keep-b8")
file(MAKE_DIRECTORY "${OUT_DIR}/keep-b8")
set(_b8 "${SRC_DIR}/cuda/blackwell/b8_move_kernels.cu")
execute_process(
  COMMAND "${NVCC}" -std=c++17 -O3 -gencode arch=compute_120a,code=sm_120a ${_flags} -I${SRC_DIR}/include
          -I${SRC_DIR}/../model/include -keep -keep-dir ${OUT_DIR}/keep-b8 -c ${_b8} -o ${OUT_DIR}/b8_move_kernels.o
  RESULT_VARIABLE rc ERROR_VARIABLE err OUTPUT_VARIABLE out)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "nvcc for sm_120a failed on ${_b8} (exit ${rc}):\n${out}${err}")
endif()
file(GLOB _ptx_b8 "${OUT_DIR}/keep-b8/*.ptx")
if(NOT _ptx_b8)
  message(FATAL_ERROR "nvcc -keep left no PTX in ${OUT_DIR}/keep-b8")
endif()
file(READ "${_ptx_b8}" ptx_b8)
string(REGEX MATCHALL "(ldmatrix|stmatrix)\\.sync\\.aligned\\.m(16n16|8n16|16n8)\\.[a-z0-9._]+" _moves "${ptx_b8}")
list(REMOVE_DUPLICATES _moves)
list(LENGTH _moves n_moves)
if(NOT n_moves EQUAL 11)
  message(FATAL_ERROR "the sm_120a PTX of ${_b8} holds ${n_moves} of the 11 8-bit matrix-move forms: ${_moves}")
endif()
message(STATUS "sm_120a ok: b8_move_kernels.cu, all 11 8-bit matrix-move forms assembled by ptxas")

# The block-scale probes (gpu/cuda/sm120/block_scale_kernels.cu, issue 26): ptxas must assemble each
# probed form's block-scaled mma for sm_120a with both selector pairs it is built with
# (kBlockScaleProbeForms in fragviz/probe/block_scale_probe.hpp: .scale_vec::1X {0, 0} and {3, 1}; the
# two 2X forms {0, 0} and {2, 1}; 4X {0, 0} and {0, 1}); the file #errors for any other device target.
file(REMOVE_RECURSE "${OUT_DIR}/keep-bs")
file(MAKE_DIRECTORY "${OUT_DIR}/keep-bs")
set(_bs "${SRC_DIR}/cuda/sm120/block_scale_kernels.cu")
execute_process(
  COMMAND "${NVCC}" -std=c++17 -O3 -gencode arch=compute_120a,code=sm_120a ${_flags} -I${SRC_DIR}/include
          -I${SRC_DIR}/../model/include -keep -keep-dir ${OUT_DIR}/keep-bs -Xptxas -v -c ${_bs}
          -o ${OUT_DIR}/block_scale_kernels.o
  RESULT_VARIABLE rc ERROR_VARIABLE err OUTPUT_VARIABLE out)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "nvcc for sm_120a failed on ${_bs} (exit ${rc}):\n${out}${err}")
endif()
if(NOT "${out}${err}" MATCHES "for 'sm_120a'")
  message(FATAL_ERROR "ptxas did not report compiling ${_bs} for sm_120a:\n${out}${err}")
endif()
file(GLOB _ptx_bs "${OUT_DIR}/keep-bs/*.ptx")
if(NOT _ptx_bs)
  message(FATAL_ERROR "nvcc -keep left no PTX in ${OUT_DIR}/keep-bs")
endif()
file(READ "${_ptx_bs}" ptx_bs)
set(_bs_forms
    "m16n8k32.row.col.kind::mxf8f6f4.block_scale.scale_vec::1X.f32.e4m3.e4m3.f32.ue8m0|{0, 0}|{3, 1}"
    "m16n8k64.row.col.kind::mxf4.block_scale.scale_vec::2X.f32.e2m1.e2m1.f32.ue8m0|{0, 0}|{2, 1}"
    "m16n8k64.row.col.kind::mxf4nvf4.block_scale.scale_vec::2X.f32.e2m1.e2m1.f32.ue8m0|{0, 0}|{2, 1}"
    "m16n8k64.row.col.kind::mxf4nvf4.block_scale.scale_vec::4X.f32.e2m1.e2m1.f32.ue4m3|{0, 0}|{0, 1}")
foreach(form ${_bs_forms})
  string(REPLACE "|" ";" parts "${form}")
  list(GET parts 0 shape)
  list(REMOVE_AT parts 0)
  foreach(sel ${parts})
    string(REGEX MATCHALL "mma\\.sync\\.aligned\\.${shape} [^;]*${sel}, %r[0-9]+, ${sel};" _hit "${ptx_bs}")
    if(NOT _hit)
      message(FATAL_ERROR "the sm_120a PTX of ${_bs} lacks mma.sync.aligned.${shape} with selectors ${sel}")
    endif()
  endforeach()
endforeach()
message(STATUS "sm_120a ok: block_scale_kernels.cu, the four block-scaled forms with both selector pairs each")

# The mma.sync probe kernels through ldmatrix (gpu/cuda/mma_ldmatrix_probe_kernels.cu) get an sm_120a
# image too under -DFRAGVIZ_SM120_PROBES=ON (a .kind:: entry is fed through ldmatrix where it has a
# form): ptxas must assemble them for sm_120a.
file(REMOVE_RECURSE "${OUT_DIR}/keep-feed")
file(MAKE_DIRECTORY "${OUT_DIR}/keep-feed")
set(_feed "${SRC_DIR}/cuda/mma_ldmatrix_probe_kernels.cu")
execute_process(
  COMMAND "${NVCC}" -std=c++17 -O3 -gencode arch=compute_120a,code=sm_120a ${_flags} -I${SRC_DIR}/include
          -I${SRC_DIR}/../model/include -keep -keep-dir ${OUT_DIR}/keep-feed -c ${_feed}
          -o ${OUT_DIR}/mma_ldmatrix_probe_kernels.o
  RESULT_VARIABLE rc ERROR_VARIABLE err OUTPUT_VARIABLE out)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "nvcc for sm_120a failed on ${_feed} (exit ${rc}):\n${out}${err}")
endif()
file(GLOB _ptx_feed "${OUT_DIR}/keep-feed/*.ptx")
if(NOT _ptx_feed)
  message(FATAL_ERROR "nvcc -keep left no PTX in ${OUT_DIR}/keep-feed")
endif()
file(READ "${_ptx_feed}" ptx_feed)
string(FIND "${ptx_feed}" "kind::f8f6f4" at)
if(at EQUAL -1)
  message(FATAL_ERROR "the sm_120a PTX of ${_feed} holds no .kind::f8f6f4 mma: its wrappers compiled to nothing")
endif()
message(STATUS "sm_120a ok: mma_ldmatrix_probe_kernels.cu")
