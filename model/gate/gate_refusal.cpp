// gate_static_refusal (gate_host.hpp): every rule of the gate that needs no CUDA call, so that a UI
// thread can judge a request without creating a CUDA context (which took 123 ms of one frame on
// the H200). run_gate's gate_refusal (device.hpp) applies these and then the free-memory check.
#include "fragviz/gate/gate_host.hpp"
#include "fragviz/gate/gate_ladder.hpp"
#include "fragviz/gate/user_kernel.hpp"

namespace fragviz {

std::optional<Error> gate_static_refusal(const GateRequest& req, const DeviceInfo& dev) {
  const auto refused = [](std::string why) { return Error{ErrorKind::refused, std::move(why)}; };
  if (!dev.present)
    return Error{ErrorKind::no_device,
                 dev.error.message.empty() ? std::string("no CUDA device") : dev.error.message};
  if (!parse_variant(to_string(req.variant))) return refused("unknown gate variant");
  if (req.variant == GateVariant::user_kernel) {
    if (auto why = user_kernel_request_problem(req)) return why;
  } else if (req.kernel) {
    return refused("a kernel source was given with the built-in variant " +
                   std::string(to_string(req.variant)));
  }
  if (req.timed_runs < 1)
    return refused("timed runs must be at least 1 (got " + std::to_string(req.timed_runs) + ")");
  if (dev.sm() < min_sm(req.variant)) {
    return refused(std::string(to_string(req.variant)) + " needs sm_" + std::to_string(min_sm(req.variant)) +
                   " or newer (device is sm_" + std::to_string(dev.sm()) + ")");
  }
  // The wgmma rungs (min_sm 90) are sm_90a code; a user kernel (min_sm 0) is compiled for the device.
  if (min_sm(req.variant) == 90 && dev.sm() != 90)
    return refused(std::string(to_string(req.variant)) +
                   " is compiled for sm_90a, which runs on sm_90 (Hopper) only " + "(device is sm_" +
                   std::to_string(dev.sm()) + ")");
  if (auto why = gate_size_problem(req.n, 0, req.variant)) return refused(*why);
  // The device's whole memory stands in for the free memory only a CUDA call can tell.
  if (auto why = gate_whole_memory_problem(req.n, dev.global_mem_bytes)) return refused(*why);
  return std::nullopt;
}

}  // namespace fragviz
