# Compiles each CUDA source of gpu/cuda for -arch=sm_75 alone and fails if any does not exit 0.
# The seed's rule: m16n8k16 PTX stays behind __CUDA_ARCH__ >= 800 so the sm_75 build keeps working;
# cp.async and the ladder (cuda/ladder/) behind >= 800, stmatrix behind >= 900, wgmma behind __CUDA_ARCH_FEAT_SM90_ALL (cuda/hopper/ is built for sm_90a).
# FLAGS: the build's CUDA warning flags (FRAGVIZ_CUDA_WARNINGS), so the sm_75 branches warn as the
# build's own do.
separate_arguments(_flags UNIX_COMMAND "${FLAGS}")
file(GLOB _cu "${SRC_DIR}/cuda/*.cu" "${SRC_DIR}/cuda/hopper/*.cu" "${SRC_DIR}/cuda/ladder/*.cu")
file(MAKE_DIRECTORY "${OUT_DIR}")
if(NOT _cu)
  message(FATAL_ERROR "no CUDA sources found under ${SRC_DIR}/cuda")
endif()
foreach(src ${_cu})
  get_filename_component(name ${src} NAME_WE)
  execute_process(
    COMMAND "${NVCC}" -std=c++17 -O3 -arch=sm_75 ${_flags} -I${SRC_DIR}/include -I${SRC_DIR}/../model/include -c ${src} -o ${OUT_DIR}/${name}.o
    RESULT_VARIABLE rc ERROR_VARIABLE err OUTPUT_VARIABLE out)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "nvcc -arch=sm_75 failed on ${src} (exit ${rc}):\n${out}${err}")
  endif()
  message(STATUS "sm_75 ok: ${name}.cu")
endforeach()
