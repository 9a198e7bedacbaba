// Host side of the gate: inputs, size validation, exact comparison, CPU spot check.
#include "fragviz/gate/gate_host.hpp"

#include <algorithm>
#include <cstdio>
#include <thread>
#include <unordered_set>

#include "fragviz/gate/gate_ladder.hpp"
#include "fragviz/util/words.hpp"

namespace fragviz {
namespace {

int thread_count(int requested) {
  if (requested > 0) return requested;
  const unsigned hw = std::thread::hardware_concurrency();
  return static_cast<int>(std::clamp(hw == 0 ? 1u : hw, 1u, 16u));
}

/// Calls body(begin, end) over [0, count) split into contiguous parts, one per thread.
template <class Body>
void parallel_for(std::size_t count, int threads, Body body) {
  const std::size_t parts =
      std::min<std::size_t>(static_cast<std::size_t>(threads), std::max<std::size_t>(count, 1));
  if (parts <= 1) {
    body(std::size_t{0}, count);
    return;
  }
  std::vector<std::thread> pool;
  pool.reserve(parts);
  for (std::size_t p = 0; p < parts; ++p) {
    pool.emplace_back(body, count * p / parts, count * (p + 1) / parts);
  }
  for (auto& t : pool) t.join();
}

std::string gigabytes(std::uint64_t bytes) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f GB", static_cast<double>(bytes) / 1e9);
  return buf;
}

std::string format_float(float v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.9g", static_cast<double>(v));
  return buf;
}

}  // namespace

GateInputs generate_gate_inputs(int n, std::uint64_t seed, int threads) {
  GateInputs in;
  in.n = n;
  in.seed = seed;
  const std::size_t count =
      static_cast<std::size_t>(std::max(n, 0)) * static_cast<std::size_t>(std::max(n, 0));
  in.a.resize(count);
  in.b.resize(count);
  in.a_half.resize(count);
  in.b_half.resize(count);
  parallel_for(count, thread_count(threads), [&](std::size_t begin, std::size_t end) {
    for (std::size_t i = begin; i < end; ++i) {
      const int qa = gate_input_quarters(seed, GateMatrix::A, i);
      const int qb = gate_input_quarters(seed, GateMatrix::B, i);
      in.a[i] = static_cast<float>(qa) * 0.25f;
      in.b[i] = static_cast<float>(qb) * 0.25f;
      in.a_half[i] = half_bits_of_quarters(qa);
      in.b_half[i] = half_bits_of_quarters(qb);
    }
  });
  return in;
}

std::uint64_t gate_device_bytes(int n) {
  const std::uint64_t nn = static_cast<std::uint64_t>(n) * static_cast<std::uint64_t>(n);
  // A, B as fp16 (2 bytes each) + output and reference as fp32 (4 bytes each).
  return nn * (2 + 2 + 4 + 4) + kGateDeviceSlackBytes;
}

std::optional<std::string> gate_size_problem(int n, std::uint64_t free_bytes, GateVariant v) {
  const std::string size = "n = " + std::to_string(n);
  if (n < kGateMinN) {
    return size + " is below " + std::to_string(kGateMinN) + ", the smallest size the gate runs";
  }
  if (n > kGateMaxN) {
    return size + " is above " + std::to_string(kGateMaxN) + ", the largest size the gate runs";
  }
  if (auto why = gate_variant_size_problem(v, n)) return why;
  if (free_bytes != 0 && gate_device_bytes(n) > free_bytes) {
    return size + " needs " + gigabytes(gate_device_bytes(n)) + " of device memory but only " +
           gigabytes(free_bytes) + " is free";
  }
  return std::nullopt;
}

std::optional<std::string> gate_whole_memory_problem(int n, std::uint64_t device_bytes) {
  if (device_bytes == 0 || gate_device_bytes(n) <= device_bytes) return std::nullopt;
  return "n = " + std::to_string(n) + " needs " + gigabytes(gate_device_bytes(n)) +
         " of device memory; the device has " + gigabytes(device_bytes) + " in all";
}

CompareResult compare_exact(int rows, int cols, const float* got, const float* want,
                            std::size_t max_recorded) {
  CompareResult r;
  const std::size_t count =
      static_cast<std::size_t>(std::max(rows, 0)) * static_cast<std::size_t>(std::max(cols, 0));
  for (std::size_t i = 0; i < count; ++i) {
    if (got[i] == want[i]) continue;
    ++r.count;
    if (r.first && r.recorded.size() >= max_recorded) continue;
    const Mismatch m{static_cast<int>(i / static_cast<std::size_t>(cols)),
                     static_cast<int>(i % static_cast<std::size_t>(cols)), got[i], want[i]};
    if (!r.first) r.first = m;
    if (r.recorded.size() < max_recorded) r.recorded.push_back(m);
  }
  return r;
}

std::vector<float> reference_matmul_cpu(int n, const std::vector<float>& a, const std::vector<float>& b) {
  const std::size_t un = static_cast<std::size_t>(n);
  std::vector<double> acc(un * un, 0.0);
  // i-k-j order: contiguous rows of B and C.
  for (std::size_t i = 0; i < un; ++i) {
    for (std::size_t k = 0; k < un; ++k) {
      const double aik = a[i * un + k];
      const float* brow = &b[k * un];
      double* crow = &acc[i * un];
      for (std::size_t j = 0; j < un; ++j) crow[j] += aik * brow[j];
    }
  }
  return std::vector<float>(acc.begin(), acc.end());
}

std::vector<Coord> spot_check_points(int n, std::uint64_t seed, int count) {
  std::vector<Coord> points;
  if (n <= 0 || count <= 0) return points;
  const std::uint64_t nn = static_cast<std::uint64_t>(n) * static_cast<std::uint64_t>(n);
  const std::uint64_t want = std::min<std::uint64_t>(static_cast<std::uint64_t>(count), nn);
  points.reserve(static_cast<std::size_t>(want));
  std::unordered_set<std::uint64_t> seen;
  // A third generator stream, independent of A's and B's. Always include the corners, where
  // indexing bugs like to live.
  const std::uint64_t corners[] = {0, nn - 1, static_cast<std::uint64_t>(n) - 1,
                                   nn - static_cast<std::uint64_t>(n)};
  for (std::uint64_t c : corners) {
    if (points.size() < want && seen.insert(c).second) {
      points.push_back(Coord{static_cast<int>(c / static_cast<std::uint64_t>(n)),
                             static_cast<int>(c % static_cast<std::uint64_t>(n))});
    }
  }
  const std::uint64_t stream = gate_mix64(seed ^ 0x5350'4F54'4348'4543ull);  // "SPOTCHEC"
  for (std::uint64_t k = 0; points.size() < want; ++k) {
    const std::uint64_t h = gate_mix64(stream + k);
    // Multiply-shift onto [0, nn): fixed mapping, no <random> distribution.
    const std::uint64_t idx = static_cast<std::uint64_t>((static_cast<unsigned __int128>(h) * nn) >> 64);
    if (!seen.insert(idx).second) continue;
    points.push_back(Coord{static_cast<int>(idx / static_cast<std::uint64_t>(n)),
                           static_cast<int>(idx % static_cast<std::uint64_t>(n))});
  }
  return points;
}

std::vector<double> spot_check_expected(int n, std::uint64_t seed, const std::vector<Coord>& points,
                                        int threads) {
  std::vector<double> expected(points.size(), 0.0);
  const std::uint64_t un = static_cast<std::uint64_t>(n);
  parallel_for(points.size(), thread_count(threads), [&](std::size_t begin, std::size_t end) {
    for (std::size_t p = begin; p < end; ++p) {
      const std::uint64_t row = static_cast<std::uint64_t>(points[p].row);
      const std::uint64_t col = static_cast<std::uint64_t>(points[p].col);
      double sum = 0.0;
      for (std::uint64_t k = 0; k < un; ++k) {
        sum += static_cast<double>(gate_input_value(seed, GateMatrix::A, row * un + k)) *
               static_cast<double>(gate_input_value(seed, GateMatrix::B, k * un + col));
      }
      expected[p] = sum;
    }
  });
  return expected;
}

SpotCheckResult spot_check(int n, std::uint64_t seed, const std::vector<Coord>& points,
                           const std::vector<float>& values, int threads) {
  SpotCheckResult r;
  r.checked = static_cast<int>(points.size());
  if (values.size() != points.size()) {
    r.failures = r.checked;
    return r;
  }
  const std::vector<double> expected = spot_check_expected(n, seed, points, threads);
  for (std::size_t p = 0; p < points.size(); ++p) {
    if (static_cast<double>(values[p]) == expected[p]) continue;
    ++r.failures;
    if (!r.first)
      r.first = Mismatch{points[p].row, points[p].col, values[p], static_cast<float>(expected[p])};
  }
  return r;
}

std::string gate_verdict_line(const GateReport& r) {
  std::string line = "matmul at n = " + std::to_string(r.request.n) + " against the reference: ";
  if (!r.ran)
    return line + "not run (" + (r.error.message.empty() ? std::string("no result") : r.error.message) + ")";
  if (r.exact) return line + "exact match";
  if (!r.first) return line + "mismatch";
  const std::uint64_t total =
      static_cast<std::uint64_t>(r.request.n) * static_cast<std::uint64_t>(r.request.n);
  return line + "MISMATCH at row " + std::to_string(r.first->row) + ", col " + std::to_string(r.first->col) +
         ": got " + format_float(r.first->got) + ", want " + format_float(r.first->want) + " (" +
         std::to_string(r.mismatch_count) + " of " + plural(static_cast<long long>(total), "element") + " " +
         std::string(agree(static_cast<long long>(r.mismatch_count), "differs", "differ")) + ")";
}

}  // namespace fragviz
