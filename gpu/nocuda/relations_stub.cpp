// run_relations() in a build without CUDA: the model's relations, none run, and why.
#include "fragviz/device/device.hpp"
#include "fragviz/device/relations_run.hpp"

namespace fragviz {

RelationsReport run_relations() {
  const DeviceInfo device = query_device();  // present = false, error says the build has no CUDA
  return relations_not_run(device, "not run: " + device.error.message);
}

}  // namespace fragviz
