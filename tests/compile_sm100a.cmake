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
