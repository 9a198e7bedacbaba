# Compiles two small .cu files with the build's CUDA warning flags (FLAGS: FRAGVIZ_CUDA_WARNINGS of
# a -DFRAGVIZ_WERROR=ON build) and fails unless both are refused: one warns in device code (nvcc's
# front end: a variable declared but never referenced), one in host code (g++'s -Wunused-parameter,
# seen only through -Xcompiler). A clean file must still compile, so the flags themselves are valid.
separate_arguments(_flags UNIX_COMMAND "${FLAGS}")
file(MAKE_DIRECTORY "${OUT_DIR}")
file(WRITE "${OUT_DIR}/device_warns.cu" "__global__ void k(int* p) { int unused = 3; p[0] = 1; }\n")
file(WRITE "${OUT_DIR}/host_warns.cu" "int f(int unused_parameter) { return 1; }\n__global__ void k(int* p) { p[0] = f(0); }\n")
file(WRITE "${OUT_DIR}/clean.cu" "__global__ void k(int* p) { p[0] = 1; }\n")
foreach(name device_warns host_warns clean)
  execute_process(
    COMMAND "${NVCC}" -std=c++17 -arch=sm_75 ${_flags} -c "${OUT_DIR}/${name}.cu" -o "${OUT_DIR}/${name}.o"
    RESULT_VARIABLE rc ERROR_VARIABLE err OUTPUT_VARIABLE out)
  if(name STREQUAL "clean")
    if(NOT rc EQUAL 0)
      message(FATAL_ERROR "a clean .cu file fails with the CUDA warning flags (${FLAGS}):\n${out}${err}")
    endif()
  elseif(rc EQUAL 0)
    message(FATAL_ERROR "${name}.cu compiled with the CUDA warning flags (${FLAGS}): its warning does not fail the build")
  endif()
  message(STATUS "${name}.cu: exit ${rc}")
endforeach()
