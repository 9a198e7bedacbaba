# Compiles each CUDA source of gpu/cuda/blackwell/ for sm_100a (-gencode arch=compute_100a,
# code=sm_100a: nvcc, then ptxas to SASS) and fails if any does not exit 0 or names no sm_100a
# instruction. The sources #error out for any other target, so a pass means ptxas accepted the
# tcgen05 and 8-bit ldmatrix/stmatrix forms themselves.
# FLAGS: the build's CUDA warning flags (FRAGVIZ_CUDA_WARNINGS).
separate_arguments(_flags UNIX_COMMAND "${FLAGS}")
file(GLOB _cu "${SRC_DIR}/cuda/blackwell/*.cu")
file(MAKE_DIRECTORY "${OUT_DIR}")
if(NOT _cu)
  message(FATAL_ERROR "no CUDA sources found under ${SRC_DIR}/cuda/blackwell")
endif()
# The probes blackwell_run.cpp launches: a missing one fails here, not only at link time.
foreach(name b8_move_kernels tmem_kernels umma_kernels umma2_kernels)
  if(NOT EXISTS "${SRC_DIR}/cuda/blackwell/${name}.cu")
    message(FATAL_ERROR "gpu/cuda/blackwell/${name}.cu is missing")
  endif()
endforeach()
foreach(src ${_cu})
  get_filename_component(name ${src} NAME_WE)
  execute_process(
    COMMAND "${NVCC}" -std=c++17 -O3 -gencode=arch=compute_100a,code=sm_100a ${_flags} -I${SRC_DIR}/include
            -I${SRC_DIR}/../model/include -Xptxas -v -c ${src} -o ${OUT_DIR}/${name}.o
    RESULT_VARIABLE rc ERROR_VARIABLE err OUTPUT_VARIABLE out)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "nvcc -gencode sm_100a failed on ${src} (exit ${rc}):\n${out}${err}")
  endif()
  # ptxas -v names each kernel it compiled for sm_100a.
  if(NOT "${out}${err}" MATCHES "for 'sm_100a'")
    message(FATAL_ERROR "ptxas did not report compiling ${src} for sm_100a:\n${out}${err}")
  endif()
  message(STATUS "sm_100a ok: ${name}.cu")
endforeach()

# The CTA-pair accumulator probe: its PTX must hold every .cta_group::2 form (alloc, relinquish,
# mma, the multicast commit, dealloc) and the cluster barrier, so a guard that compiled the asm away
# cannot pass; the compile above already made ptxas assemble them for sm_100a.
file(REMOVE_RECURSE "${OUT_DIR}/keep-umma2")
file(MAKE_DIRECTORY "${OUT_DIR}/keep-umma2")
set(_u2 "${SRC_DIR}/cuda/blackwell/umma2_kernels.cu")
execute_process(
  COMMAND "${NVCC}" -std=c++17 -O3 -gencode=arch=compute_100a,code=sm_100a ${_flags} -I${SRC_DIR}/include
          -I${SRC_DIR}/../model/include -keep -keep-dir ${OUT_DIR}/keep-umma2 -c ${_u2} -o ${OUT_DIR}/umma2_keep.o
  RESULT_VARIABLE rc ERROR_VARIABLE err OUTPUT_VARIABLE out)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "nvcc -gencode sm_100a -keep failed on ${_u2} (exit ${rc}):\n${out}${err}")
endif()
file(GLOB _ptx_u2 "${OUT_DIR}/keep-umma2/*.ptx")
if(NOT _ptx_u2)
  message(FATAL_ERROR "nvcc -keep left no PTX in ${OUT_DIR}/keep-umma2")
endif()
file(READ "${_ptx_u2}" ptx_u2)
foreach(form "tcgen05.alloc.cta_group::2" "tcgen05.relinquish_alloc_permit.cta_group::2"
             "tcgen05.mma.cta_group::2.kind::f16"
             "tcgen05.commit.cta_group::2.mbarrier::arrive::one.shared::cluster.multicast::cluster.b64"
             "tcgen05.dealloc.cta_group::2" "barrier.cluster.arrive" ".reqnctapercluster 2, 1, 1")
  string(FIND "${ptx_u2}" "${form}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "the sm_100a PTX of ${_u2} lacks ${form}")
  endif()
endforeach()
message(STATUS "sm_100a ok: umma2_kernels.cu holds the .cta_group::2 forms and a 2-CTA cluster")
