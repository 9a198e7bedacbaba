// The hardware's word on the operands where CuTe's MMA_Traits and the catalogue (the PTX ISA text)
// disagree (kKnownDifferences in test_cute_mma_traits.cpp):
//   mma.sync.aligned.m16n8k32.row.col.s32.s4.s4.s32             CuTe's BLayout is wrong
//   mma.sync.aligned.m16n8k128.row.col.s32.b1.b1.s32.and.popc   CuTe's ALayout is malformed
// For both instructions, A and B are probed at every (lane, element) against the catalogue.
// Exit 0: the hardware agrees with the catalogue everywhere; 1: a mismatch (named); 77: no CUDA
// device of sm_80 or newer (CTest: Skipped).
//
// Method: one warp per one-hot element X(lane, e) = 1 of the probed operand, all else 0. The other
// operand spells out k: probing B, A[m][k] = bit m of k for m < bits(K) and A[bits][k] = 1; probing
// A, B[k][n] = bit n of k for n < bits(K) and B[k][bits] = 1. D = A*B (s4) or popc(A AND B) (b1),
// read back through the catalogue's C map, then has a single nonzero column n0 (row m0) whose
// entries are the bits of k0. The other operand's and C's maps are the catalogue's; CuTe and the
// catalogue agree on those, and a wrong one would leave D undecodable.
#include <cuda_runtime.h>

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "fragviz/isa/catalogue.hpp"
#include "fragviz/isa/fragment.hpp"

using namespace fragviz;

namespace {

// One warp per block; a and b hold 2 and 1 32-bit registers per lane per warp (both instructions).
__global__ void mma_s4_m16n8k32(const uint32_t* a, const uint32_t* b, int32_t* d) {
  const int w = blockIdx.x, lane = threadIdx.x, i = w * 32 + lane;
  int32_t d0, d1, d2, d3;
  asm volatile(
      "mma.sync.aligned.m16n8k32.row.col.s32.s4.s4.s32 {%0,%1,%2,%3}, {%4,%5}, {%6}, {%7,%8,%9,%10};\n"
      : "=r"(d0), "=r"(d1), "=r"(d2), "=r"(d3)
      : "r"(a[i * 2]), "r"(a[i * 2 + 1]), "r"(b[i]), "r"(0), "r"(0), "r"(0), "r"(0));
  d[i * 4] = d0;
  d[i * 4 + 1] = d1;
  d[i * 4 + 2] = d2;
  d[i * 4 + 3] = d3;
}

__global__ void mma_b1_and_m16n8k128(const uint32_t* a, const uint32_t* b, int32_t* d) {
  const int w = blockIdx.x, lane = threadIdx.x, i = w * 32 + lane;
  int32_t d0, d1, d2, d3;
  asm volatile(
      "mma.sync.aligned.m16n8k128.row.col.s32.b1.b1.s32.and.popc {%0,%1,%2,%3}, {%4,%5}, {%6}, "
      "{%7,%8,%9,%10};\n"
      : "=r"(d0), "=r"(d1), "=r"(d2), "=r"(d3)
      : "r"(a[i * 2]), "r"(a[i * 2 + 1]), "r"(b[i]), "r"(0), "r"(0), "r"(0), "r"(0));
  d[i * 4] = d0;
  d[i * 4 + 1] = d1;
  d[i * 4 + 2] = d2;
  d[i * 4 + 3] = d3;
}

using Kernel = void (*)(const uint32_t*, const uint32_t*, int32_t*);

bool cuda_ok(cudaError_t e, const char* what) {
  if (e == cudaSuccess) return true;
  std::printf("CUDA error in %s: %s\n", what, cudaGetErrorString(e));
  return false;
}

// Sets element `e` of `lane` to `value` (0 or 1) in a lane's packed registers.
void put(const Instruction& in, Operand op, uint32_t* regs, int e, uint32_t value) {
  const RegisterSlot s = register_slot(in, op, e);
  regs[s.reg] |= value << s.bit;
}

// Probes operand `x` (A or B) of `in` with `kernel`; returns the number of mismatches (-1: CUDA).
int probe(const Instruction& in, Operand x, Kernel kernel) {
  const Operand y = x == Operand::A ? Operand::B : Operand::A;
  const int lanes = in.threads, ex = elements_per_lane(in, x), ey = elements_per_lane(in, y);
  const int rx = words_per_lane(in, x), ry = words_per_lane(in, y), rc = words_per_lane(in, Operand::C);
  const int warps = lanes * ex;
  int bits = 0;
  while ((1 << bits) < in.k) ++bits;
  const int other_extent = x == Operand::B ? in.m : in.n;  // rows of A or columns of B spelling k
  if (bits + 1 > other_extent || rx > 2 || ry > 2 || rc != 4) {
    std::printf("%s: probe geometry does not fit\n", in.mnemonic);
    return 1;
  }

  // The other operand, the same for every warp: it spells out k.
  std::vector<uint32_t> other(std::size_t(lanes) * 2, 0);
  for (int lane = 0; lane < lanes; ++lane)
    for (int e = 0; e < ey; ++e) {
      const Coord c = fragment_coord(in, y, lane, e);
      const int k = y == Operand::A ? c.col : c.row;
      const int j = y == Operand::A ? c.row : c.col;  // the row of A or column of B
      const uint32_t v = j < bits ? uint32_t((k >> j) & 1) : (j == bits ? 1u : 0u);
      put(in, y, &other[std::size_t(lane) * 2], e, v);
    }
  std::vector<uint32_t> hx(std::size_t(warps) * lanes * 2, 0), hy(std::size_t(warps) * lanes * 2, 0);
  for (int w = 0; w < warps; ++w) {
    put(in, x, &hx[(std::size_t(w) * lanes + w / ex) * 2], w % ex, 1u);
    for (int i = 0; i < lanes * 2; ++i) hy[std::size_t(w) * lanes * 2 + i] = other[i];
  }
  const std::vector<uint32_t>& ha = x == Operand::A ? hx : hy;
  const std::vector<uint32_t>& hb0 = x == Operand::B ? hx : hy;
  std::vector<uint32_t> hb(std::size_t(warps) * lanes);  // B: one register per lane
  for (std::size_t i = 0; i < hb.size(); ++i) hb[i] = hb0[i * 2];

  uint32_t *da = nullptr, *db = nullptr;
  int32_t* dd = nullptr;
  std::vector<int32_t> hd(std::size_t(warps) * lanes * 4);
  const bool ok = cuda_ok(cudaMalloc(&da, ha.size() * 4), "cudaMalloc") &&
                  cuda_ok(cudaMalloc(&db, hb.size() * 4), "cudaMalloc") &&
                  cuda_ok(cudaMalloc(&dd, hd.size() * 4), "cudaMalloc") &&
                  cuda_ok(cudaMemcpy(da, ha.data(), ha.size() * 4, cudaMemcpyHostToDevice), "cudaMemcpy") &&
                  cuda_ok(cudaMemcpy(db, hb.data(), hb.size() * 4, cudaMemcpyHostToDevice), "cudaMemcpy") &&
                  (kernel<<<warps, lanes>>>(da, db, dd), cuda_ok(cudaGetLastError(), "launch")) &&
                  cuda_ok(cudaDeviceSynchronize(), "kernel") &&
                  cuda_ok(cudaMemcpy(hd.data(), dd, hd.size() * 4, cudaMemcpyDeviceToHost), "cudaMemcpy");
  cudaFree(da);
  cudaFree(db);
  cudaFree(dd);
  if (!ok) return -1;

  int mismatches = 0, matched = 0;
  for (int w = 0; w < warps; ++w) {
    const int lane = w / ex, e = w % ex;
    std::vector<int> D(std::size_t(in.m) * in.n, 0);  // D[m + M*n]
    for (int l = 0; l < lanes; ++l)
      for (int i = 0; i < 4; ++i) {
        const Coord c = fragment_coord(in, Operand::C, l, i);
        D[std::size_t(c.row) + std::size_t(in.m) * c.col] = hd[(std::size_t(w) * lanes + l) * 4 + i];
      }
    // The one nonzero line: column n0 (probing B) or row m0 (probing A).
    int line = -1, lines = 0;
    const int extent = x == Operand::B ? in.n : in.m;
    for (int j = 0; j < extent; ++j) {
      const int v = x == Operand::B ? D[std::size_t(bits) + std::size_t(in.m) * j]
                                    : D[std::size_t(j) + std::size_t(in.m) * bits];
      if (v == 1) {
        line = j;
        ++lines;
      }
    }
    bool clean = lines == 1;
    int k = 0;
    for (int m = 0; m < in.m && clean; ++m)
      for (int n = 0; n < in.n; ++n) {
        const int v = D[std::size_t(m) + std::size_t(in.m) * n];
        const int along = x == Operand::B ? n : m, across = x == Operand::B ? m : n;
        if (along != line && v != 0) clean = false;
        if (along == line && across > bits && v != 0) clean = false;
        if (along == line && across < bits && v != 0 && v != 1) clean = false;
        if (along == line && across < bits) k |= (v & 1) << across;
      }
    const Coord want = fragment_coord(in, x, lane, e);
    const Coord got = clean ? (x == Operand::A ? Coord{line, k, 0} : Coord{k, line, 0}) : Coord{-1, -1, 0};
    if (clean && got == want) {
      ++matched;
      continue;
    }
    if (++mismatches <= 16)
      std::printf("  %s operand %s lane %d element %d: hardware %s, catalogue (row %d, col %d)\n",
                  in.mnemonic, std::string(to_string(x)).c_str(), lane, e,
                  clean
                      ? ("(row " + std::to_string(got.row) + ", col " + std::to_string(got.col) + ")").c_str()
                      : "undecodable",
                  want.row, want.col);
  }
  std::printf("%s operand %s: %d of %d (lane, element) pairs: hardware = catalogue\n", in.mnemonic,
              std::string(to_string(x)).c_str(), matched, warps);
  return mismatches;
}

}  // namespace

int main() {
  int count = 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess || count == 0) {
    std::printf("no CUDA device: skipped\n");
    return 77;
  }
  cudaDeviceProp p{};
  if (!cuda_ok(cudaGetDeviceProperties(&p, 0), "cudaGetDeviceProperties")) return 1;
  std::printf("device: %s, sm_%d%d\n", p.name, p.major, p.minor);
  if (p.major * 10 + p.minor < 80) {
    std::printf("m16n8k32 .s4 and m16n8k128 .b1 need sm_80: skipped\n");
    return 77;
  }
  struct Case {
    const char* mnemonic;
    Kernel kernel;
  };
  const Case cases[] = {
      {"mma.sync.aligned.m16n8k32.row.col.s32.s4.s4.s32", mma_s4_m16n8k32},
      {"mma.sync.aligned.m16n8k128.row.col.s32.b1.b1.s32.and.popc", mma_b1_and_m16n8k128},
  };
  int failures = 0;
  for (const Case& c : cases) {
    const Instruction* in = find_instruction(c.mnemonic);
    if (!in) {
      std::printf("%s: not in the catalogue\n", c.mnemonic);
      ++failures;
      continue;
    }
    for (Operand x : {Operand::A, Operand::B}) {
      const int r = probe(*in, x, c.kernel);
      if (r < 0) return 1;
      failures += r;
    }
  }
  std::printf(failures ? "hardware disagrees with the catalogue\n" : "hardware agrees with the catalogue\n");
  return failures ? 1 : 0;
}
