// The relations of fragviz/probe/relations.hpp checked on the GPU: every K split the model finds and
// every accumulator-as-A pair of kReusePairs, each one warp on device 0. Plain C++: no CUDA types.
// Implemented in gpu/cuda/relations_run.cpp, and by gpu/nocuda/relations_stub.cpp in a build
// without CUDA (which runs nothing and says so).
#pragma once

#include "fragviz/probe/relations.hpp"

namespace fragviz {

/// Runs every relation check on device 0: the K splits (PTX ISA, "Matrix Fragments for mma.m…"
/// of both instructions; D of W against D of the two halves and a double reference) and the
/// accumulator-as-A pairs (the naive in-order repack and the model's shuffle plan, each against
/// the model). A check is skipped, not failed, below its instructions' min_sm or where this build
/// has no code for the device (mma_probe_available). Never throws; a CUDA error comes back in
/// `error` with the checks it stopped marked not run.
RelationsReport run_relations();

}  // namespace fragviz
