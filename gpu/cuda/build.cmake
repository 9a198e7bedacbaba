# Included by gpu/CMakeLists.txt inside its CUDA branch (after fragviz_gpu exists).
# Captures what `ptxas -v` says about the gate kernels (gate_kernels.cu and ladder/*.cu: registers,
# barriers, shared memory, stack and spills) for sm_90 at build time, and compiles it into fragviz_gpu as
# fragviz::gate::ptxas_info(kernel) (gate_ptxas.cpp in the build tree), so the gate report can show
# the compiler's own line next to cudaFuncGetAttributes. Robust by design: if nvcc or the parsing
# fails, the generated table is empty and the build goes on.
file(GLOB _ladder_srcs CONFIGURE_DEPENDS "${CMAKE_CURRENT_LIST_DIR}/ladder/*.cu")
set(_gate_srcs "${CMAKE_CURRENT_LIST_DIR}/gate_kernels.cu" ${_ladder_srcs})
# ptxas_capture.cmake takes the sources as one '|'-separated argument (a ';' list would split it).
string(REPLACE ";" "|" _gate_src "${_gate_srcs}")
set(_gate_ptxas_cpp "${CMAKE_CURRENT_BINARY_DIR}/gate_ptxas.cpp")
add_custom_command(
  OUTPUT "${_gate_ptxas_cpp}"
  COMMAND "${CMAKE_COMMAND}" "-DNVCC=${CMAKE_CUDA_COMPILER}" "-DSRC=${_gate_src}"
          "-DINCLUDE_DIR=${CMAKE_CURRENT_SOURCE_DIR}/include"
          "-DMODEL_INCLUDE_DIR=${CMAKE_SOURCE_DIR}/model/include" "-DARCH=sm_90"
          "-DWORK_DIR=${CMAKE_CURRENT_BINARY_DIR}/gate_ptxas" "-DOUT=${_gate_ptxas_cpp}"
          -P "${CMAKE_CURRENT_LIST_DIR}/ptxas_capture.cmake"
  DEPENDS ${_gate_srcs} "${CMAKE_CURRENT_LIST_DIR}/gate_kernels.cuh" "${CMAKE_CURRENT_LIST_DIR}/gate_kernel.cuh"
          "${CMAKE_CURRENT_LIST_DIR}/ptx.cuh"
          "${CMAKE_CURRENT_LIST_DIR}/ladder/ladder_kernels.cuh" "${CMAKE_CURRENT_LIST_DIR}/ladder/ladder_mainloop.cuh"
          "${CMAKE_SOURCE_DIR}/model/include/fragviz/gate/gate_geometry.hpp"
          "${CMAKE_SOURCE_DIR}/model/include/fragviz/gate/gate_host.hpp"
          "${CMAKE_CURRENT_LIST_DIR}/ptxas_capture.cmake"
  COMMENT "Capturing ptxas -v for the gate kernels (sm_90)"
  VERBATIM)
target_sources(fragviz_gpu PRIVATE "${_gate_ptxas_cpp}")
