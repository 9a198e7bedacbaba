// The shared-memory bank sweep: one warp, one shared-memory instruction per launch, each lane's
// byte address taken from a pattern, so Nsight Compute's per-kernel counters
// (l1tex__data_pipe_lsu_wavefronts_mem_shared_op_{ld,st}.sum, ..._bank_conflicts_...) are the
// wavefronts of exactly that one instruction. tools/bank-sweep/run.sh compiles this, runs it under
// ncu and merges the counters with the patterns into the measured table the bank model is held to
// (tests/fixtures/bank-sweep/h200-DATE*.csv, held by tests/unit/test_bank_sweep.cpp).
//
//   bank_sweep list            every (op, pattern, addresses) row, in launch order, as CSV
//   bank_sweep run OP          launch every pattern of OP (one kernel each), in the same order
//
// Loads read uninitialised shared memory on purpose: an initialising store would be counted too.
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <functional>
#include <random>
#include <string>
#include <vector>

namespace {

constexpr std::uint32_t kSmemBytes = 32768;  // every pattern's offsets are taken modulo this

struct Op {
  const char* name;
  int bytes;  // bytes one lane's address covers (a 16-byte row for ld/stmatrix)
  int lanes;  // lanes whose address the instruction uses
  bool store;
};

// The order here is the id each kernel template is instantiated with.
const Op kOps[] = {
    {"lds32", 4, 32, false},        {"lds64", 8, 32, false},
    {"lds128", 16, 32, false},      {"sts32", 4, 32, true},
    {"sts64", 8, 32, true},         {"sts128", 16, 32, true},
    {"ldmatrix.x1", 16, 8, false},  {"ldmatrix.x2", 16, 16, false},
    {"ldmatrix.x4", 16, 32, false}, {"ldmatrix.x4.trans", 16, 32, false},
    {"stmatrix.x1", 16, 8, true},   {"stmatrix.x2", 16, 16, true},
    {"stmatrix.x4", 16, 32, true},  {"stmatrix.x4.trans", 16, 32, true},
    // cp.async (LDGSTS): global -> shared without registers; each lane's source is lane * bytes of a
    // global buffer, its shared destination the pattern's address. ncu counts its shared side under
    // op_ldgsts (bank conflicts) and in the all-ops shared wavefronts, not under op_st.
    {"cpasync.ca4", 4, 32, true},   {"cpasync.ca8", 8, 32, true},
    {"cpasync.ca16", 16, 32, true}, {"cpasync.cg16", 16, 32, true},
};
constexpr int kNumOps = sizeof(kOps) / sizeof(kOps[0]);

template <int Id>
__global__ void sweep_kernel(const std::uint32_t* __restrict__ offsets, std::uint32_t* sink, int keep) {
  extern __shared__ __align__(16) std::uint8_t smem[];
  const std::uint32_t raw = static_cast<std::uint32_t>(__cvta_generic_to_shared(smem));
  const std::uint32_t base = (raw + 127u) & ~127u;  // offset banks are address banks
  const std::uint32_t lane = threadIdx.x;
  const std::uint32_t a = base + offsets[lane];
  std::uint32_t r0 = lane, r1 = lane + 1, r2 = lane + 2, r3 = lane + 3;
  if constexpr (Id == 0) asm volatile("ld.shared.b32 %0, [%1];" : "=r"(r0) : "r"(a));
  if constexpr (Id == 1) asm volatile("ld.shared.v2.b32 {%0,%1}, [%2];" : "=r"(r0), "=r"(r1) : "r"(a));
  if constexpr (Id == 2)
    asm volatile("ld.shared.v4.b32 {%0,%1,%2,%3}, [%4];" : "=r"(r0), "=r"(r1), "=r"(r2), "=r"(r3) : "r"(a));
  if constexpr (Id == 3) asm volatile("st.shared.b32 [%0], %1;" ::"r"(a), "r"(r0) : "memory");
  if constexpr (Id == 4)
    asm volatile("st.shared.v2.b32 [%0], {%1,%2};" ::"r"(a), "r"(r0), "r"(r1) : "memory");
  if constexpr (Id == 5)
    asm volatile("st.shared.v4.b32 [%0], {%1,%2,%3,%4};" ::"r"(a), "r"(r0), "r"(r1), "r"(r2), "r"(r3)
                 : "memory");
  if constexpr (Id == 6)
    asm volatile("ldmatrix.sync.aligned.m8n8.x1.shared.b16 {%0}, [%1];" : "=r"(r0) : "r"(a));
  if constexpr (Id == 7)
    asm volatile("ldmatrix.sync.aligned.m8n8.x2.shared.b16 {%0,%1}, [%2];" : "=r"(r0), "=r"(r1) : "r"(a));
  if constexpr (Id == 8)
    asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];"
                 : "=r"(r0), "=r"(r1), "=r"(r2), "=r"(r3)
                 : "r"(a));
  if constexpr (Id == 9)
    asm volatile("ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%0,%1,%2,%3}, [%4];"
                 : "=r"(r0), "=r"(r1), "=r"(r2), "=r"(r3)
                 : "r"(a));
  if constexpr (Id == 10)
    asm volatile("stmatrix.sync.aligned.m8n8.x1.shared.b16 [%0], {%1};" ::"r"(a), "r"(r0) : "memory");
  if constexpr (Id == 11)
    asm volatile("stmatrix.sync.aligned.m8n8.x2.shared.b16 [%0], {%1,%2};" ::"r"(a), "r"(r0), "r"(r1)
                 : "memory");
  if constexpr (Id == 12)
    asm volatile("stmatrix.sync.aligned.m8n8.x4.shared.b16 [%0], {%1,%2,%3,%4};" ::"r"(a), "r"(r0), "r"(r1),
                 "r"(r2), "r"(r3)
                 : "memory");
  if constexpr (Id == 13)
    asm volatile("stmatrix.sync.aligned.m8n8.x4.trans.shared.b16 [%0], {%1,%2,%3,%4};" ::"r"(a), "r"(r0),
                 "r"(r1), "r"(r2), "r"(r3)
                 : "memory");
  if constexpr (Id >= 14 && Id <= 17) {
    // The source sits past the 32 words the kernel writes at its end.
    const char* src = reinterpret_cast<const char*>(sink + 32) + lane * (Id == 14 ? 4u : Id == 15 ? 8u : 16u);
    if constexpr (Id == 14) asm volatile("cp.async.ca.shared.global [%0], [%1], 4;" ::"r"(a), "l"(src) : "memory");
    if constexpr (Id == 15) asm volatile("cp.async.ca.shared.global [%0], [%1], 8;" ::"r"(a), "l"(src) : "memory");
    if constexpr (Id == 16)
      asm volatile("cp.async.ca.shared.global [%0], [%1], 16;" ::"r"(a), "l"(src) : "memory");
    if constexpr (Id == 17)
      asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"(a), "l"(src) : "memory");
    asm volatile("cp.async.wait_all;" ::: "memory");
  }
  // Unconditional: a load whose result only a branch used was sunk into that branch and never ran.
  sink[lane] = keep ? r0 ^ r1 ^ r2 ^ r3 : r0 + r1 + r2 + r3;
}

using Kernel = void (*)(const std::uint32_t*, std::uint32_t*, int);
template <int... I>
constexpr auto make_kernels(std::integer_sequence<int, I...>) {
  return std::array<Kernel, sizeof...(I)>{&sweep_kernel<I>...};
}
const auto kKernels = make_kernels(std::make_integer_sequence<int, kNumOps>{});

struct Pattern {
  std::string name;
  std::vector<std::uint32_t> offsets;  // 32 byte offsets (lanes past op.lanes copy the used ones)
};

using LaneFn = std::function<std::int64_t(int)>;

// Every pattern of one op: structured families first, then random address sets (fixed seed).
std::vector<Pattern> patterns_for(const Op& op, int op_index) {
  const int u = op.bytes;
  std::vector<Pattern> out;
  const auto add = [&](std::string name, const LaneFn& byte_of_lane) {
    Pattern p{std::move(name), {}};
    for (int l = 0; l < 32; ++l) {
      const int src = l % op.lanes;
      std::int64_t b = byte_of_lane(src) % kSmemBytes;
      if (b < 0) b += kSmemBytes;
      p.offsets.push_back(static_cast<std::uint32_t>(b - b % u));
    }
    out.push_back(std::move(p));
  };
  const bool trans = std::strstr(op.name, "trans") != nullptr;
  // .trans moves no address: a subset is enough to show it counts as the plain form. cp.async.ca
  // differs from .cg in the global (L1) side only; kernels use .cg 16: the .ca forms get every
  // third pattern (ncu's time per kernel adds up).
  const bool cp_async_ca = std::strstr(op.name, "cpasync.ca") != nullptr;
  const int keep_every = trans ? 5 : cp_async_ca ? 3 : 1;

  for (int c : {0, 1, 5, 31})
    add("broadcast unit " + std::to_string(c), [=](int) { return std::int64_t{c} * u; });
  for (int s : {1, 2, 3, 4, 5, 6, 7, 8, 9, 12, 16, 17, 24, 31, 32, 33})
    add("lane*" + std::to_string(s) + " units", [=](int l) { return std::int64_t{l} * s * u; });
  struct Group {
    const char* name;
    int (*f)(int);
  };
  const Group groups[] = {
      {"lane&~1", [](int l) { return l & ~1; }},   {"lane&~2", [](int l) { return l & ~2; }},
      {"lane&~4", [](int l) { return l & ~4; }},   {"lane&~8", [](int l) { return l & ~8; }},
      {"lane&~16", [](int l) { return l & ~16; }}, {"lane&~3", [](int l) { return l & ~3; }},
      {"lane&~7", [](int l) { return l & ~7; }},   {"lane%2", [](int l) { return l % 2; }},
      {"lane%4", [](int l) { return l % 4; }},     {"lane%8", [](int l) { return l % 8; }},
      {"lane%16", [](int l) { return l % 16; }},   {"lane/2", [](int l) { return l / 2; }},
      {"lane/4", [](int l) { return l / 4; }},     {"lane/8", [](int l) { return l / 8; }},
      {"lane/16", [](int l) { return l / 16; }},   {"lane&~6", [](int l) { return l & ~6; }},
      {"lane&~24", [](int l) { return l & ~24; }}, {"lane&~17", [](int l) { return l & ~17; }},
  };
  for (const Group& g : groups)
    for (int m : {1, 2, 8, 32}) {
      auto f = g.f;
      add(std::string(g.name) + " *" + std::to_string(m) + " units",
          [=](int l) { return std::int64_t{f(l)} * m * u; });
    }
  for (int k : {3, 5, 7, 9, 15, 17})
    add("(lane*" + std::to_string(k) + ")%32 units", [=](int l) { return std::int64_t{(l * k) % 32} * u; });
  // Tiles: lane -> (row, chunk), row stride S bytes, optionally the 128-byte XOR swizzle.
  struct Map {
    const char* name;
    int (*row)(int);
    int (*chunk)(int);
  };
  const Map maps[] = {
      {"row=lane%8 chunk=lane/8", [](int l) { return l % 8; }, [](int l) { return l / 8; }},
      {"row=lane chunk=0", [](int l) { return l; }, [](int) { return 0; }},
      {"row=lane/4 chunk=lane%4", [](int l) { return l / 4; }, [](int l) { return l % 4; }},
      {"row=lane%16 chunk=lane/16", [](int l) { return l % 16; }, [](int l) { return l / 16; }},
      {"row=lane/8 chunk=lane%8", [](int l) { return l / 8; }, [](int l) { return l % 8; }},
  };
  for (const Map& m : maps)
    for (int stride : {64, 128, 144, 256, 272, 512, 528})
      for (bool swz : {false, true}) {
        if (swz && stride % 128 != 0) continue;
        auto row = m.row;
        auto chunk = m.chunk;
        add(std::string(m.name) + " stride " + std::to_string(stride) + "B" + (swz ? " xor" : ""),
            [=](int l) {
              const int r = row(l);
              int c = chunk(l);
              if (swz) c = (c & ~7) | ((c ^ r) & 7);
              return std::int64_t{r} * stride + std::int64_t{c} * u;
            });
      }

  std::mt19937 rng(1234u + static_cast<unsigned>(op_index) * 7919u);
  const bool matrix = op.lanes != 32 || std::strstr(op.name, "matrix") != nullptr;
  const int n_random = matrix ? 15 : 50;
  const auto rnd = [&](int n) { return static_cast<int>(rng() % static_cast<unsigned>(n)); };
  for (int i = 0; i < n_random; ++i) {  // uniform over 4 KiB
    std::vector<std::int64_t> a(32);
    for (auto& x : a) x = std::int64_t{rnd(4096 / u)} * u;
    add("random 4KiB #" + std::to_string(i), [a](int l) { return a[static_cast<std::size_t>(l)]; });
  }
  for (int i = 0; i < n_random; ++i) {  // k distinct addresses shared out at random
    const int k = 1 + rnd(32);
    std::vector<std::int64_t> pool(static_cast<std::size_t>(k)), a(32);
    for (auto& x : pool) x = std::int64_t{rnd(4096 / u)} * u;
    for (auto& x : a) x = pool[static_cast<std::size_t>(rnd(k))];
    add("random " + std::to_string(k) + " distinct #" + std::to_string(i),
        [a](int l) { return a[static_cast<std::size_t>(l)]; });
  }
  for (int i = 0; i < n_random; ++i) {  // a small region: many shared words
    std::vector<std::int64_t> a(32);
    for (auto& x : a) x = std::int64_t{rnd(512 / u)} * u;
    add("random 512B #" + std::to_string(i), [a](int l) { return a[static_cast<std::size_t>(l)]; });
  }
  for (int i = 0; i < n_random; ++i) {  // same bank group, other words: conflicts
    const int bank_byte = rnd(128 / u) * u;
    std::vector<std::int64_t> a(32);
    for (auto& x : a) x = std::int64_t{rnd(16)} * 128 + bank_byte + (rnd(4) == 0 ? u * rnd(128 / u) : 0);
    add("random bank-heavy #" + std::to_string(i), [a](int l) { return a[static_cast<std::size_t>(l)]; });
  }
  // Packing: where do lanes that share an address merge phases? Pairs (T, T^x) share in part of
  // the warp only, pairings mix, or random addresses are paired then one pair is broken. Plain
  // loads and stores only; appended last so the rows above keep their order and seeds.
  if (!matrix) {
    struct Region {
      const char* name;
      bool (*in)(int);
    };
    const Region regions[] = {
        {"all", [](int) { return true; }},
        {"lanes 0-15", [](int l) { return l < 16; }},
        {"lanes 16-31", [](int l) { return l >= 16; }},
        {"lanes 0-7", [](int l) { return l < 8; }},
        {"lanes 0-7 and 16-23", [](int l) { return (l & 8) == 0; }},
        {"all but lanes 30-31", [](int l) { return l < 30; }},
        {"all but lanes 0-1", [](int l) { return l >= 2; }},
    };
    // Lanes T and T^x share address `compact(T)` (bit x squeezed out, so the pairs sit side by side
    // and a packed phase of them is conflict-free); lanes outside the region get their own.
    for (int x : {1, 2, 4, 8})
      for (const Region& r : regions)
        for (int m : {1, 2, 8}) {
          if (x != 1 && x != 2 && std::strcmp(r.name, "all") != 0) continue;
          auto in = r.in;
          const int b = x == 1 ? 0 : x == 2 ? 1 : x == 4 ? 2 : 3;
          add("pair T^" + std::to_string(x) + " in " + r.name + " *" + std::to_string(m) + " units",
              [=](int l) {
                const int compact = ((l >> (b + 1)) << b) | (l & (x - 1));
                return std::int64_t{in(l) ? compact : 32 + l} * m * u;
              });
        }
    for (int m : {1, 8, 32}) {
      add("pair T^1 in lanes 0-15 and T^2 in 16-31 *" + std::to_string(m) + " units",
          [=](int l) { return std::int64_t{l & (l < 16 ? ~1 : ~2)} * m * u; });
      add("pair T^1 in even quads and T^2 in odd quads *" + std::to_string(m) + " units",
          [=](int l) { return std::int64_t{l & ((l & 4) ? ~2 : ~1)} * m * u; });
      add("pair T^1 and T^16 *" + std::to_string(m) + " units",
          [=](int l) { return std::int64_t{l & ~17} * m * u; });
      add("pair T^3 (lane^3 shares) *" + std::to_string(m) + " units",
          [=](int l) { return std::int64_t{std::min(l, l ^ 3)} * m * u; });
    }
    std::mt19937 prng(777u + static_cast<unsigned>(op_index) * 31u);
    const auto prnd = [&](int n) { return static_cast<int>(prng() % static_cast<unsigned>(n)); };
    for (int x : {1, 2})
      for (int broken : {0, 1})
        for (int i = 0; i < 12; ++i) {  // random addresses, lanes T and T^x given the same one
          std::vector<std::int64_t> a(32);
          const int span = (i % 3 == 0 ? 512 : 4096) / u;
          for (int l = 0; l < 32; ++l) a[static_cast<std::size_t>(l)] = std::int64_t{prnd(span)} * u;
          for (int l = 0; l < 32; ++l)
            if (l & x) a[static_cast<std::size_t>(l)] = a[static_cast<std::size_t>(l ^ x)];
          if (broken) {  // one lane of one pair elsewhere
            const int l = prnd(32) | x;
            a[static_cast<std::size_t>(l)] = a[static_cast<std::size_t>(l)] + u * (1 + prnd(8));
          }
          add("random pair T^" + std::to_string(x) + (broken ? " one broken #" : " #") + std::to_string(i),
              [a](int l) { return a[static_cast<std::size_t>(l)]; });
        }
  }
  if (keep_every > 1) {
    std::vector<Pattern> kept;
    for (std::size_t i = 0; i < out.size(); i += static_cast<std::size_t>(keep_every)) kept.push_back(out[i]);
    out = std::move(kept);
  }
  return out;
}

int find_op(const char* name) {
  for (int i = 0; i < kNumOps; ++i)
    if (std::strcmp(kOps[i].name, name) == 0) return i;
  return -1;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc >= 2 && std::strcmp(argv[1], "list") == 0) {
    std::printf("op,pattern,offsets\n");
    for (int i = 0; i < kNumOps; ++i)
      for (const Pattern& p : patterns_for(kOps[i], i)) {
        std::printf("%s,%s,", kOps[i].name, p.name.c_str());
        for (int l = 0; l < kOps[i].lanes; ++l)
          std::printf("%s%u", l ? " " : "", p.offsets[static_cast<std::size_t>(l)]);
        std::printf("\n");
      }
    return 0;
  }
  if (argc < 3 || std::strcmp(argv[1], "run") != 0 || find_op(argv[2]) < 0) {
    std::fprintf(stderr, "usage: bank_sweep list | bank_sweep run OP\n");
    return 64;
  }
  const int id = find_op(argv[2]);
  const std::vector<Pattern> ps = patterns_for(kOps[id], id);
  std::vector<std::uint32_t> all;
  for (const Pattern& p : ps) all.insert(all.end(), p.offsets.begin(), p.offsets.end());
  std::uint32_t *d_offsets = nullptr, *d_sink = nullptr;
  if (cudaMalloc(&d_offsets, all.size() * 4) != cudaSuccess || cudaMalloc(&d_sink, 32 * 4 + 32 * 16) != cudaSuccess) {
    std::fprintf(stderr, "cudaMalloc failed\n");
    return 1;
  }
  cudaMemcpy(d_offsets, all.data(), all.size() * 4, cudaMemcpyHostToDevice);
  cudaMemset(d_sink, 0, 32 * 4 + 32 * 16);  // cp.async's global source
  const Kernel k = kKernels[static_cast<std::size_t>(id)];
  cudaFuncSetAttribute(k, cudaFuncAttributeMaxDynamicSharedMemorySize, static_cast<int>(kSmemBytes + 128));
  for (std::size_t i = 0; i < ps.size(); ++i) {
    k<<<1, 32, kSmemBytes + 128>>>(d_offsets + 32 * i, d_sink, 0);
    const cudaError_t e = cudaDeviceSynchronize();
    if (e != cudaSuccess) {
      std::fprintf(stderr, "%s pattern %zu (%s): %s\n", kOps[id].name, i, ps[i].name.c_str(),
                   cudaGetErrorString(e));
      return 1;
    }
  }
  std::fprintf(stderr, "%s: %zu launches\n", kOps[id].name, ps.size());
  return 0;
}
