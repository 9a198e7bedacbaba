// fragviz-kernel-runner: puts one user kernel through the gate in a process of its own, so a
// kernel that faults takes only this process's CUDA context with it (docs/user-kernels.md).
// Spawned by fragviz-cli and the app (gpu/process/kernel_process.cpp); usable by hand.
//
// It always tries to write the report (--report): verdict, compile errors with file:line, a
// refusal or the CUDA error that stopped the run are all in it, and the exit code is then 0.
// With --output/--reference the n*n output and reference go to those files as raw little-endian
// float32, row-major (for the output view). While it runs, standard output gets "progress N" lines
// (N in 0..1000). Exit codes: 0 report written; 5 the report or a binary could not be written;
// 64 bad command line. -I DIR (repeatable) adds include folders, checked before compiling.
// --compile-only compiles for --arch without any device and prints what it found (exit 0
// compiled, 3 entry missing or refused, 5 source unreadable, 6 compile error).
#include <CLI/CLI.hpp>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <thread>

#include "fragviz/device/kernel_runner.hpp"
#include "fragviz/report/report_json.hpp"

namespace {

using namespace fragviz;

bool write_floats(const std::string& path, const std::vector<float>& v) {
  std::ofstream f(path, std::ios::binary | std::ios::trunc);
  f.write(reinterpret_cast<const char*>(v.data()), static_cast<std::streamsize>(v.size() * sizeof(float)));
  return static_cast<bool>(f.flush());
}

int compile_only(const UserKernel& k, const std::string& arch) {
  const UserCompileOutcome c = compile_user_kernel(k, arch);
  if (c.error.kind != ErrorKind::none) {
    std::cout << c.error.message << "\n";
    switch (c.error.kind) {
      case ErrorKind::compile:
        return 6;
      case ErrorKind::io:
        return 5;
      default:
        return 3;
    }
  }
  std::cout << "compiled " << k.source_path << " for " << c.arch << ": " << c.cubin.size()
            << " bytes of cubin\n"
            << "entry " << k.entry << ": " << (c.ptxas.empty() ? std::string("(no ptxas line)") : c.ptxas)
            << "\n";
  for (const CompileDiagnostic& d : c.diagnostics) std::cout << d.text() << "\n";
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Compile a user kernel with NVRTC for this GPU and put it through fragviz's exact gate"};
  GateRequest req;
  req.variant = GateVariant::user_kernel;
  UserKernel k;
  std::string report_path, output_path, reference_path, arch;
  bool compile = false;
  app.add_option("--source", k.source_path, "CUDA source file")->required();
  app.add_option("--entry", k.entry, "extern \"C\" kernel name")->required();
  app.add_option("--block", k.block_text, "block, X[,Y[,Z]] (expressions of n)")->capture_default_str();
  app.add_option("--grid", k.grid_text, "grid, X[,Y[,Z]] (expressions of n)")->capture_default_str();
  // One folder per -I (repeated for more): never a list swallowing the arguments after it.
  app.add_option("-I,--include", k.include_dirs, "folder searched for #include <...> (repeatable)")
      ->allow_extra_args(false)
      ->type_size(1);
  app.add_option("--smem", k.dynamic_smem_bytes, "dynamic shared memory bytes")
      ->check(CLI::NonNegativeNumber);
  app.add_option("--n", req.n, "matrix size")->capture_default_str();
  app.add_option("--seed", req.seed, "input seed")->capture_default_str();
  app.add_option("--runs", req.timed_runs, "timed runs")->check(CLI::Range(1, 100000))->capture_default_str();
  bool no_cublas = false;
  app.add_flag("--no-cublas", no_cublas, "skip the cuBLAS yardstick");
  app.add_option("--report", report_path, "write the gate report (fragviz-report JSON) here");
  app.add_option("--output", output_path, "write the n*n output here (raw float32)");
  app.add_option("--reference", reference_path, "write the n*n reference here (raw float32)");
  app.add_flag("--compile-only", compile, "only compile (for --arch) and check the entry; no device needed");
  app.add_option("--arch", arch, "with --compile-only: the target, e.g. sm_90a")->default_str("sm_75");
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int rc = app.exit(e);
    return rc == 0 ? 0 : 64;
  }
  if (compile) return compile_only(k, arch.empty() ? "sm_75" : arch);
  if (report_path.empty()) {
    std::cerr << "fragviz-kernel-runner: --report is required (or --compile-only)\n";
    return 64;
  }
  req.with_cublas = !no_cublas;
  req.kernel = k;

  GateControl control;
  std::atomic<bool> done{false};
  std::thread progress([&] {
    int last = -1;
    while (!done.load()) {
      const int p = control.progress_permille.load();
      if (p != last) {
        std::printf("progress %d\n", p);
        std::fflush(stdout);
        last = p;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
  });
  GateReport r = run_user_kernel_here(req, &control);
  done.store(true);
  progress.join();

  bool ok = true;
  if (r.ran && !output_path.empty()) ok = write_floats(output_path, r.output) && ok;
  if (r.ran && !reference_path.empty()) ok = write_floats(reference_path, r.reference) && ok;
  ReportFile file;
  file.gate = std::move(r);
  const std::string why = save_report(file, report_path);
  if (!why.empty()) {
    std::cerr << "fragviz-kernel-runner: could not write " << report_path << ": " << why << "\n";
    return 5;
  }
  if (!ok) {
    std::cerr << "fragviz-kernel-runner: could not write the output or reference file\n";
    return 5;
  }
  return 0;
}
