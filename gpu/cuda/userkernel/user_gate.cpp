// run_user_kernel_here (kernel_runner.hpp): a user kernel compiled for this device, loaded,
// checked before launch, then through the gate (../gate_run.hpp).
#include <cuda_runtime.h>

#include "../gate_run.hpp"
#include "fragviz/device/kernel_runner.hpp"

namespace fragviz {
namespace {

std::string cuda_message(const char* what, cudaError_t e) {
  return std::string(what) + " failed: " + cudaGetErrorName(e) + " (" + cudaGetErrorString(e) + ")";
}

/// The compute capability NVRTC compiles for when there is no device, so compile errors are
/// reported anywhere: sm_80, the oldest with m16n8k16 and the cp.async most kernels use.
constexpr int kNoDeviceSm = 80;

/// The loaded module, unloaded on scope exit.
class Library {
 public:
  ~Library() {
    if (lib_ != nullptr) cudaLibraryUnload(lib_);
  }
  cudaError_t load(const std::vector<char>& cubin) {
    return cudaLibraryLoadData(&lib_, cubin.data(), nullptr, nullptr, 0, nullptr, nullptr, 0);
  }
  cudaLibrary_t get() const { return lib_; }

 private:
  cudaLibrary_t lib_ = nullptr;
};

LaunchLimits device_limits(int device, std::string& error) {
  LaunchLimits l;
  struct {
    cudaDeviceAttr attr;
    int* out;
  } const wanted[] = {
      {cudaDevAttrMaxThreadsPerBlock, &l.max_threads_per_block},
      {cudaDevAttrMaxBlockDimX, &l.max_block.x},
      {cudaDevAttrMaxBlockDimY, &l.max_block.y},
      {cudaDevAttrMaxBlockDimZ, &l.max_block.z},
      {cudaDevAttrMaxGridDimX, &l.max_grid.x},
      {cudaDevAttrMaxGridDimY, &l.max_grid.y},
      {cudaDevAttrMaxGridDimZ, &l.max_grid.z},
      {cudaDevAttrMaxSharedMemoryPerBlockOptin, &l.max_dynamic_smem_optin},
  };
  for (const auto& w : wanted) {
    const cudaError_t e = cudaDeviceGetAttribute(w.out, w.attr, device);
    if (e != cudaSuccess) {
      error = cuda_message("cudaDeviceGetAttribute", e);
      break;
    }
  }
  return l;
}

}  // namespace

GateReport run_user_kernel_here(const GateRequest& req_in, GateControl* control) {
  GateRequest req = req_in;
  GateReport report;
  const auto stop = [&](ErrorKind kind, std::string why) {
    report.request = req;
    report.error = Error{kind, std::move(why)};
    return report;
  };
  report.device = query_device();
  if (auto why = user_kernel_request_problem(req)) return stop(why->kind, why->message);
  UserKernel& k = *req.kernel;
  k.block = *parse_dim3(k.block_text, req.n, "block");
  k.grid = *parse_dim3(k.grid_text, req.n, "grid");

  // Compile first, device or not: a compile error is worth knowing on any machine.
  const int sm = report.device.present ? report.device.sm() : kNoDeviceSm;
  UserCompileOutcome compiled = compile_user_kernel(k, user_kernel_arch(sm));
  // Recorded only once NVRTC made a module (its kernels listed even when the entry is missing and
  // the module dropped): the report and the CLI say "compiled" from it.
  if (!compiled.cubin.empty() || !compiled.kernels.empty()) k.arch = compiled.arch;
  if (compiled.error.kind != ErrorKind::none) return stop(compiled.error.kind, compiled.error.message);
  if (!report.device.present) {
    return stop(ErrorKind::no_device, (report.device.error.message.empty() ? std::string("no CUDA device")
                                                                           : report.device.error.message) +
                                          " (the source compiled for " + compiled.arch + ")");
  }

  // Load and check the launch against this device and this compiled kernel before any launch.
  Library lib;
  if (cudaError_t e = lib.load(compiled.cubin); e != cudaSuccess) {
    cudaGetLastError();
    return stop(ErrorKind::cuda, cuda_message("cudaLibraryLoadData", e));
  }
  cudaKernel_t kernel = nullptr;
  if (cudaError_t e = cudaLibraryGetKernel(&kernel, lib.get(), k.entry.c_str()); e != cudaSuccess) {
    cudaGetLastError();
    return stop(ErrorKind::cuda, cuda_message(("cudaLibraryGetKernel (" + k.entry + ")").c_str(), e));
  }
  const void* fn = reinterpret_cast<const void*>(kernel);  // a cudaKernel_t is accepted as a function
  cudaFuncAttributes attr{};
  if (cudaError_t e = cudaFuncGetAttributes(&attr, fn); e != cudaSuccess) {
    cudaGetLastError();
    return stop(ErrorKind::cuda, cuda_message("cudaFuncGetAttributes", e));
  }
  int device = 0;
  cudaGetDevice(&device);
  std::string limits_error;
  const LaunchLimits limits = device_limits(device, limits_error);
  if (!limits_error.empty()) return stop(ErrorKind::cuda, limits_error);
  if (auto why = user_launch_problem(k.block, k.grid, k.dynamic_smem_bytes, limits,
                                     static_cast<int>(attr.sharedSizeBytes), attr.maxThreadsPerBlock))
    return stop(why->kind, why->message);
  if (k.dynamic_smem_bytes > 48 * 1024) {
    // Above 48 KiB a kernel must opt in (CUDA C++ Programming Guide, "Shared Memory").
    if (cudaError_t e =
            cudaFuncSetAttribute(fn, cudaFuncAttributeMaxDynamicSharedMemorySize, k.dynamic_smem_bytes);
        e != cudaSuccess) {
      cudaGetLastError();
      return stop(ErrorKind::refused, cuda_message("cudaFuncSetAttribute (MaxDynamicSharedMemorySize)", e));
    }
  }

  gate::MatmulUnderTest under_test;
  const std::string ptxas = compiled.ptxas;
  under_test.resources = [attr, ptxas](KernelResources& r) {
    r.registers = attr.numRegs;
    r.static_shared_bytes = static_cast<int>(attr.sharedSizeBytes);
    r.local_bytes = static_cast<int>(attr.localSizeBytes);
    r.ptxas = ptxas;
    return cudaSuccess;
  };
  const dim3 grid(static_cast<unsigned>(k.grid.x), static_cast<unsigned>(k.grid.y),
                  static_cast<unsigned>(k.grid.z));
  const dim3 block(static_cast<unsigned>(k.block.x), static_cast<unsigned>(k.block.y),
                   static_cast<unsigned>(k.block.z));
  const std::size_t smem = static_cast<std::size_t>(k.dynamic_smem_bytes);
  under_test.launch = [fn, grid, block, smem](const __half* a, const __half* b, float* c, int n,
                                              cudaStream_t s) {
    void* args[] = {&a, &b, &c, &n};
    return cudaLaunchKernel(fn, grid, block, args, smem, s);
  };
  return gate::run_gate_with(req, under_test, control);
}

}  // namespace fragviz
