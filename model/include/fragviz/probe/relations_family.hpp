// The relation checks' host halves (K split, accumulator as A): every check's inputs packed into
// one word image with its outputs' places reserved, and the copied-out words judged against the
// model (fragviz/probe/relations.hpp). No CUDA here: gpu/cuda/relations_run.cpp allocates, copies
// and launches between the two.
#pragma once

#include <cstdint>
#include <cstring>
#include <vector>

#include "fragviz/probe/relations.hpp"
#include "fragviz/probe/relations_kernel_io.hpp"

namespace fragviz {

/// Host image of a device buffer of 32-bit words; every block starts on a 16-byte boundary.
class WordImage {
 public:
  template <class T>
  std::size_t put(const std::vector<T>& v) {
    static_assert(sizeof(T) == 4, "32-bit words");
    const std::size_t at = reserve(v.size());
    if (!v.empty()) std::memcpy(&data_[at], v.data(), v.size() * 4);
    return at;
  }
  std::size_t reserve(std::size_t words) {
    const std::size_t at = (data_.size() + 3) / 4 * 4;
    data_.resize(at + std::max<std::size_t>(words, 1), 0u);
    return at;
  }
  std::uint32_t* data() { return data_.data(); }
  const std::uint32_t* data() const { return data_.data(); }
  std::size_t bytes() const { return data_.size() * 4; }
  std::vector<std::uint32_t> slice(std::size_t at, std::size_t words) const {
    return std::vector<std::uint32_t>(data_.begin() + static_cast<std::ptrdiff_t>(at),
                                      data_.begin() + static_cast<std::ptrdiff_t>(at + words));
  }

 private:
  std::vector<std::uint32_t> data_;
};

/// Everything between the relation checks' halves: the packed images and every launch's plan.
struct RelationsWork {
  /// One K-split check that runs.
  struct KSplitLaunch {
    std::size_t check = 0;
    KSplitRunPlan plan;
    kernel_io::KSplitWordMap map{};
    std::size_t a = 0, b = 0, c = 0, d_whole = 0, d_split = 0, d_words = 0;
  };
  /// One accumulator-as-A check that runs.
  struct ReuseLaunch {
    std::size_t check = 0;
    ReuseRunPlan plan;
    std::size_t pa = 0, pb = 0, pc = 0, qb = 0, qc = 0, lanes = 0, slots = 0, d_naive = 0, d_right = 0,
                d_words = 0;
  };
  WordImage in, out;  ///< `out` is zeroed here and filled by the device half's copy out
  std::vector<KSplitLaunch> splits;
  std::vector<ReuseLaunch> reuses;
};

/// Which relation kernels this build has for the device (gpu/cuda's k_split_available and
/// reuse_available; build facts the model cannot know).
struct RelationsCodeCheck {
  bool (*k_split)(int whole, int half, int sm);
  bool (*reuse)(int producer, int consumer, int sm);
};

/// Sets every check's `skipped` in `report` on a device of compute capability `sm` ("not run: a
/// CUDA error stopped the run" for those that will run, until judged) and packs the ones that run.
RelationsWork pack_relations(RelationsReport& report, int sm, const RelationsCodeCheck& has_code);

/// Judges work.out into the checks pack_relations planned.
void judge_relations(const RelationsWork& work, RelationsReport& report);

}  // namespace fragviz
