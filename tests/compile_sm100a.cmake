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

# The sm_100a PTX of gpu/cuda/blackwell/NAME.cu (nvcc -keep) in PTX_OUT: a check of forms in it
# cannot pass by a guard that compiled the asm away.
function(keep_ptx name)
  file(REMOVE_RECURSE "${OUT_DIR}/keep-${name}")
  file(MAKE_DIRECTORY "${OUT_DIR}/keep-${name}")
  set(_src "${SRC_DIR}/cuda/blackwell/${name}.cu")
  execute_process(
    COMMAND "${NVCC}" -std=c++17 -O3 -gencode=arch=compute_100a,code=sm_100a ${_flags} -I${SRC_DIR}/include
            -I${SRC_DIR}/../model/include -keep -keep-dir ${OUT_DIR}/keep-${name} -c ${_src}
            -o ${OUT_DIR}/${name}_keep.o
    RESULT_VARIABLE rc ERROR_VARIABLE err OUTPUT_VARIABLE out)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "nvcc -gencode sm_100a -keep failed on ${_src} (exit ${rc}):\n${out}${err}")
  endif()
  file(GLOB _ptx "${OUT_DIR}/keep-${name}/*.ptx")
  if(NOT _ptx)
    message(FATAL_ERROR "nvcc -keep left no PTX in ${OUT_DIR}/keep-${name}")
  endif()
  file(READ "${_ptx}" _text)
  set(PTX_OUT "${_text}" PARENT_SCOPE)
endfunction()

# The CTA-pair accumulator probe: its PTX must hold every .cta_group::2 form (alloc, relinquish,
# mma, sparse mma, the multicast commit, dealloc) and the cluster barrier; the compile above
# already made ptxas assemble them for sm_100a.
set(_u2 "${SRC_DIR}/cuda/blackwell/umma2_kernels.cu")
keep_ptx(umma2_kernels)
set(ptx_u2 "${PTX_OUT}")
foreach(form "tcgen05.alloc.cta_group::2" "tcgen05.relinquish_alloc_permit.cta_group::2"
             "tcgen05.mma.cta_group::2.kind::f16" "tcgen05.mma.sp.cta_group::2.kind::f16 "
             "tcgen05.commit.cta_group::2.mbarrier::arrive::one.shared::cluster.multicast::cluster.b64"
             "tcgen05.dealloc.cta_group::2" "barrier.cluster.arrive" ".reqnctapercluster 2, 1, 1")
  string(FIND "${ptx_u2}" "${form}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "the sm_100a PTX of ${_u2} lacks ${form}")
  endif()
endforeach()
message(STATUS "sm_100a ok: umma2_kernels.cu holds the .cta_group::2 forms (dense and sparse A) and a 2-CTA cluster")

# The tensor-memory probe (tmem_kernels.cu): every tcgen05.st and tcgen05.ld form the model's
# all_tmem_probes lists (each shape at .x1, .x2 and its largest .num in 32 columns; .x1 with
# .unpack::16b / .pack::16b), the .32x32b.x8/.x16/.x32 read-backs and the fill. With the trailing
# space each name cannot match a longer one.
keep_ptx(tmem_kernels)
set(_forms "")
foreach(op st ld)
  if(op STREQUAL "st")
    set(_pack "unpack::16b")
  else()
    set(_pack "pack::16b")
  endif()
  foreach(pair 32x32b:32 16x64b:16 16x128b:8 16x256b:4 16x32bx2:16)
    string(REPLACE ":" ";" pair "${pair}")
    list(GET pair 0 shape)
    list(GET pair 1 largest)
    foreach(num 1 2 ${largest})
      list(APPEND _forms "tcgen05.${op}.sync.aligned.${shape}.x${num}.b32 ")
    endforeach()
    list(APPEND _forms "tcgen05.${op}.sync.aligned.${shape}.x1.${_pack}.b32 ")
  endforeach()
endforeach()
list(APPEND _forms "tcgen05.ld.sync.aligned.32x32b.x8.b32 " "tcgen05.ld.sync.aligned.32x32b.x16.b32 "
     "tcgen05.alloc.cta_group::1" "tcgen05.dealloc.cta_group::1")
list(LENGTH _forms _count)
foreach(form ${_forms})
  string(FIND "${PTX_OUT}" "${form}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "the sm_100a PTX of tmem_kernels.cu lacks ${form}")
  endif()
endforeach()
# The .16x32bx2 forms carry their immHalfSplitoff: .num columns (1, 2, 16), 2 packed. A store
# reads "[taddr], split, {regs}", a load "{regs}, [taddr], split".
set(_reg_list "\\{[^}]*\\}")
set(_taddr "\\[%r[0-9]+\\]")
foreach(case "x1.b32=1" "x2.b32=2" "x16.b32=16" "x1.unpack::16b.b32=2" "x1.pack::16b.b32=2")
  string(REPLACE "=" ";" case "${case}")
  list(GET case 0 form)
  list(GET case 1 split)
  string(REPLACE "." "\\." _form_re "16x32bx2.${form}")
  set(_res "")
  if(NOT form MATCHES "^x1[.]pack")
    list(APPEND _res "tcgen05\\.st\\.sync\\.aligned\\.${_form_re} ${_taddr}, ${split}, ${_reg_list}")
  endif()
  if(NOT form MATCHES "unpack")
    list(APPEND _res "tcgen05\\.ld\\.sync\\.aligned\\.${_form_re} ${_reg_list}, ${_taddr}, ${split};")
  endif()
  foreach(re ${_res})
    if(NOT "${PTX_OUT}" MATCHES "${re}")
      message(FATAL_ERROR "the sm_100a PTX of tmem_kernels.cu lacks ${re}")
    endif()
  endforeach()
endforeach()
message(STATUS "sm_100a ok: tmem_kernels.cu holds all ${_count} tensor-memory forms")
