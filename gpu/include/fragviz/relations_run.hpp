// The relations of fragviz/relations.hpp checked on the GPU: every K split the model finds and
// every accumulator-as-A pair of kReusePairs, each one warp on device 0. Plain C++: no CUDA types.
// Implemented in gpu/cuda/relations_run.cpp, and by gpu/nocuda/relations_stub.cpp in a build
// without CUDA (which runs nothing and says so).
#pragma once

#include <string>
#include <vector>

#include "fragviz/relations.hpp"
#include "fragviz/report.hpp"

namespace fragviz {

/// Every relation the model knows, with what the hardware said where it ran.
struct RelationsReport {
  DeviceInfo device;                  ///< device 0, or why there is none (device.present == false)
  std::string error;                  ///< a CUDA error that stopped the run, as text; empty otherwise
  std::vector<KSplitCheck> k_splits;  ///< one per k_split_relations() entry, in that order
  std::vector<ReuseCheck> reuse;      ///< one per accumulator_reuse_relations() entry
  double ms = 0;                      ///< inputs to verdicts, CUDA start-up excluded
};

/// The model's relations, none run: every check says `why` (a device's absence, a CUDA error).
RelationsReport relations_not_run(const DeviceInfo& device, const std::string& why);

/// Runs every relation check on device 0: the K splits (PTX ISA, "Matrix Fragments for mma.m…"
/// of both instructions; D of W against D of the two halves and a double reference) and the
/// accumulator-as-A pairs (the naive in-order repack and the model's shuffle plan, each against
/// the model). A check is skipped, not failed, below its instructions' min_sm or where this build
/// has no code for the device (mma_probe_available). Never throws; a CUDA error comes back in
/// `error` with the checks it stopped marked not run.
RelationsReport run_relations();

}  // namespace fragviz
