#include "kernel_form.hpp"

#include "fragviz/util/file_check.hpp"
#include "fragviz/util/words.hpp"

namespace fragviz::app {

std::vector<std::string> split_include_dirs(const std::string& text) {
  std::vector<std::string> dirs;
  std::size_t start = 0;
  for (;;) {
    const std::size_t colon = text.find(':', start);
    std::string part = text.substr(start, colon == std::string::npos ? std::string::npos : colon - start);
    const std::size_t first = part.find_first_not_of(" \t");
    if (first != std::string::npos)
      dirs.push_back(part.substr(first, part.find_last_not_of(" \t") - first + 1));
    if (colon == std::string::npos) return dirs;
    start = colon + 1;
  }
}

Outcome<GateRequest> kernel_request(const KernelForm& form, const GateRequest& base) {
  GateRequest req = base;
  req.variant = GateVariant::user_kernel;
  UserKernel k;
  k.source_path = form.source_path;
  k.entry = form.entry;
  k.block_text = form.block;
  k.grid_text = form.grid;
  k.dynamic_smem_bytes = form.smem_bytes;
  k.include_dirs = split_include_dirs(form.include_dirs);
  req.kernel = k;
  if (auto why = user_kernel_request_problem(req)) return Outcome<GateRequest>::fail(why->kind, why->message);
  // The file too, as it is typed (a folder, a FIFO, a missing or /proc path): said before Run, in
  // the words the CLI and the kernel runner use.
  if (auto why = input_file_problem(form.source_path))
    return Outcome<GateRequest>::fail(ErrorKind::refused,
                                      "kernel source " + echo_text(form.source_path) + ": " + *why);
  // The include folders as the CLI checks them (NVRTC would skip a missing one silently).
  if (form.cutlass) {
    const Outcome<std::string> cutlass = cutlass_include_dir();
    if (!cutlass) return Outcome<GateRequest>::fail(cutlass.error.kind, cutlass.error.message);
    k.include_dirs.push_back(*cutlass.value);
  }
  if (auto why = user_kernel_include_problem(k)) return Outcome<GateRequest>::fail(why->kind, why->message);
  req.kernel = std::move(k);
  return Outcome<GateRequest>::ok(std::move(req));
}

std::string kernel_progress_text(int progress_permille, double elapsed_s) {
  if (progress_permille > 0) return {};
  return "compiling with NVRTC... " + std::to_string(static_cast<long long>(elapsed_s < 0 ? 0 : elapsed_s)) +
         " s";
}

}  // namespace fragviz::app
