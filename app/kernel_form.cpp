#include "kernel_form.hpp"

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
  return Outcome<GateRequest>::ok(std::move(req));
}

}  // namespace fragviz::app
