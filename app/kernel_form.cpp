#include "kernel_form.hpp"

#include "fragviz/util/file_check.hpp"
#include "fragviz/util/words.hpp"

namespace fragviz::app {

Outcome<GateRequest> kernel_request(const KernelForm& form, const GateRequest& base) {
  GateRequest req = base;
  req.variant = GateVariant::user_kernel;
  UserKernel k;
  k.source_path = form.source_path;
  k.entry = form.entry;
  k.block_text = form.block;
  k.grid_text = form.grid;
  k.dynamic_smem_bytes = form.smem_bytes;
  req.kernel = std::move(k);
  if (auto why = user_kernel_request_problem(req)) return Outcome<GateRequest>::fail(why->kind, why->message);
  // The file too, as it is typed (a folder, a FIFO, a missing or /proc path): said before Run, in
  // the words the CLI and the kernel runner use.
  if (auto why = input_file_problem(form.source_path))
    return Outcome<GateRequest>::fail(ErrorKind::refused,
                                      "kernel source " + echo_text(form.source_path) + ": " + *why);
  return Outcome<GateRequest>::ok(std::move(req));
}

}  // namespace fragviz::app
