// Host side of the matmul gate: seeded inputs, size validation, the exact comparison and the CPU
// double-precision spot check. Pure C++ (no CUDA headers), built into fragviz_model and usable on
// any machine; the CUDA gate (gpu/cuda/gate_*.cu) includes it too, so the input generator below
// is the one definition the device and the host share.
//
// Why exact equality works: every input is a multiple of 0.25 in [-2, 2], exact in fp16 and fp32.
// Every product is a multiple of 1/16 with |p| <= 4, so every partial sum of a length-n dot
// product is a multiple of 1/16 below 4n in magnitude: 16 * 4n < 2^24 for n < 262144, so an FP32
// accumulator holds each one exactly whatever order the hardware adds in.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "fragviz/report/report.hpp"
#include "fragviz/util/host_device.hpp"  // the generator below compiles for the device too

namespace fragviz {

/// Smallest n the gate runs (4x4 blocks; smaller sizes say nothing about the kernel).
inline constexpr int kGateMinN = 256;
/// Largest n the gate accepts whatever memory is free: keeps n*n-sized index arithmetic and the
/// reference's run time sane (the exactness bound above is far higher).
inline constexpr int kGateMaxN = 65536;
/// Device bytes the gate needs beyond its n-sized buffers: cuBLAS workspace, the mismatch list,
/// spot-check buffers and slack for the allocator.
inline constexpr std::uint64_t kGateDeviceSlackBytes = 96ull << 20;
/// Reference elements the CPU re-computes in double (capped at n*n).
inline constexpr int kGateSpotChecks = 2048;

/// Which input matrix an element belongs to (the generator's stream).
enum class GateMatrix : int { A = 0, B = 1 };

/// splitmix64's finaliser: a fixed bijective 64-bit mix (Steele, Lea, Flood 2014). Written out
/// here, not taken from <random>, so the values are the same with every standard library and on
/// the device.
FRAGVIZ_HD constexpr std::uint64_t gate_mix64(std::uint64_t x) {
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

/// Element `index` (row-major: row * n + col) of input matrix `m` for `seed`, in quarters:
/// an integer q in [-8, 8], the value being q / 4. Counter-based, so any element can be produced
/// on its own, in any order, on the host or the device. The 17 values are mapped from the top 32
/// bits by a multiply-shift (bias below 1e-8).
FRAGVIZ_HD constexpr int gate_input_quarters(std::uint64_t seed, GateMatrix m, std::uint64_t index) {
  const std::uint64_t h = gate_mix64(gate_mix64(seed ^ (static_cast<std::uint64_t>(m) << 62)) + index);
  return static_cast<int>(((h >> 32) * 17u) >> 32) - 8;
}

/// The same element as a float: q * 0.25 (exact).
FRAGVIZ_HD constexpr float gate_input_value(std::uint64_t seed, GateMatrix m, std::uint64_t index) {
  return static_cast<float>(gate_input_quarters(seed, m, index)) * 0.25f;
}

/// IEEE binary16 bit pattern of q * 0.25 for q in [-8, 8] (what __half stores), computed with
/// integers: every such value is a normal fp16 number or zero, so the conversion is exact. The
/// kernels' constexpr form of element_codec.hpp's f16 encoding (a unit test holds them equal).
FRAGVIZ_HD constexpr std::uint16_t half_bits_of_quarters(int q) {
  if (q == 0) return 0;
  const std::uint16_t sign = q < 0 ? 0x8000u : 0u;
  const unsigned a = static_cast<unsigned>(q < 0 ? -q : q);  // 1..8
  int e = 0;                                                 // floor(log2(a))
  while ((a >> (e + 1)) != 0u) ++e;
  // value = (a / 2^e) * 2^(e - 2): biased exponent e - 2 + 15, mantissa (a - 2^e) / 2^e in 10 bits.
  const unsigned exponent = static_cast<unsigned>(e - 2 + 15);
  const unsigned mantissa = (a - (1u << e)) << (10 - e);
  return static_cast<std::uint16_t>(sign | (exponent << 10) | mantissa);
}

/// Both input matrices of one gate run, n x n, row-major (A is MxK, B is KxN, M = N = K = n).
struct GateInputs {
  int n = 0;
  std::uint64_t seed = 0;
  std::vector<float> a, b;                    ///< values, n*n each
  std::vector<std::uint16_t> a_half, b_half;  ///< the same values as fp16 bit patterns
};

/// Generates the inputs on the host, exactly as the device generator does (same function).
/// `threads` <= 0 means std::thread::hardware_concurrency() (at most 16). Throws std::bad_alloc
/// when the host cannot hold 12 * n * n bytes.
GateInputs generate_gate_inputs(int n, std::uint64_t seed, int threads = 0);

/// Device bytes run_gate allocates for size n (A and B as fp16, output and reference as fp32)
/// plus kGateDeviceSlackBytes.
std::uint64_t gate_device_bytes(int n);

/// Why the gate cannot run variant `v` at size n with `free_bytes` of device memory free, or
/// nullopt: n below kGateMinN or above kGateMaxN, not a multiple of the variant's n_multiple
/// (gate_ladder.hpp), or more memory than is free. Pass free_bytes = 0 to skip the memory check.
/// The message names n and what would work.
std::optional<std::string> gate_size_problem(int n, std::uint64_t free_bytes, GateVariant v);

/// Why size n cannot run on a device of `device_bytes` of memory in all (even with nothing else
/// on it), or nullopt; 0 means unknown (nullopt). The message names both sizes.
std::optional<std::string> gate_whole_memory_problem(int n, std::uint64_t device_bytes);

/// Why `req` cannot run on `dev` by every rule that needs no CUDA call, or nullopt: no device
/// (no_device), an unknown variant, a bad user-kernel request, timed runs below 1, a variant the
/// device's sm cannot run, or a size gate_size_problem refuses against the device's whole memory
/// (dev.global_mem_bytes, bytes, through gate_whole_memory_problem; 0 skips that check). Creates no CUDA
/// context, so a UI thread may call it every time the request changes; run_gate's gate_refusal (device.hpp)
/// adds the live free-memory check.
std::optional<Error> gate_static_refusal(const GateRequest& req, const DeviceInfo& dev);

/// Outcome of an exact comparison.
struct CompareResult {
  std::uint64_t count = 0;         ///< elements that differ (NaN never equals anything)
  std::optional<Mismatch> first;   ///< first in row-major order
  std::vector<Mismatch> recorded;  ///< the first `max_recorded`, row-major order
};

/// Compares `got` against `want` (both rows x cols, row-major, fp32) by exact equality.
CompareResult compare_exact(int rows, int cols, const float* got, const float* want,
                            std::size_t max_recorded = GateReport::kMaxRecordedMismatches);

/// C = A x B in double precision, rounded to float at the end (exact for gate inputs). For tests
/// and small n: O(n^3) on one thread.
std::vector<float> reference_matmul_cpu(int n, const std::vector<float>& a, const std::vector<float>& b);

/// The output elements the spot check re-computes: `count` distinct (row, col) positions drawn
/// from `seed` (reproducible; capped at n*n), in the order drawn.
std::vector<Coord> spot_check_points(int n, std::uint64_t seed, int count = kGateSpotChecks);

/// Spot check outcome.
struct SpotCheckResult {
  int checked = 0;
  int failures = 0;
  std::optional<Mismatch> first;  ///< first failing point in `points` order (got = reference)
};

/// Re-computes each point's dot product in double from the generator (gate_input_value with
/// `seed`), not from any stored matrix, and compares it with values[i], the reference's element at
/// points[i]. `threads` <= 0 means hardware_concurrency (at most 16). values.size() must equal
/// points.size(); otherwise every point counts as failed.
SpotCheckResult spot_check(int n, std::uint64_t seed, const std::vector<Coord>& points,
                           const std::vector<float>& values, int threads = 0);

/// The exact dot products spot_check compares against, in double, one per point.
std::vector<double> spot_check_expected(int n, std::uint64_t seed, const std::vector<Coord>& points,
                                        int threads = 0);

/// The report's headline, as the seed prints it: "matmul at n = 2048 against the reference:
/// exact match", or the first mismatch with row, col, both values and the count.
std::string gate_verdict_line(const GateReport& r);

}  // namespace fragviz
