// cuBLAS, loaded when the gate first needs it rather than at process start: linking libcublas
// made every start of the app and CLI load it (about 300 ms on the H200 before main). Only the
// four entry points the gate's reference timing uses are looked up.
#pragma once

#include <cublas_v2.h>

#include <string>

namespace fragviz::cuda {

/// The cuBLAS entry points the gate calls (cublas_v2.h names; the _v2 symbols behind them).
struct CublasApi {
  cublasStatus_t (*create)(cublasHandle_t*) = nullptr;
  cublasStatus_t (*destroy)(cublasHandle_t) = nullptr;
  cublasStatus_t (*set_stream)(cublasHandle_t, cudaStream_t) = nullptr;
  cublasStatus_t (*gemm_ex)(cublasHandle_t, cublasOperation_t, cublasOperation_t, int, int, int, const void*,
                            const void*, cudaDataType, int, const void*, cudaDataType, int, const void*,
                            void*, cudaDataType, int, cublasComputeType_t, cublasGemmAlgo_t) = nullptr;
};

/// The loaded API (dlopen of libcublas.so.<major> from the loader's path, then from the CUDA
/// Toolkit's library folder this build saw), or nullptr with `error` saying why. Thread-safe; the
/// library stays loaded for the life of the process.
const CublasApi* cublas_api(std::string& error);

}  // namespace fragviz::cuda
