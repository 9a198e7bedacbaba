#include "fragviz/isa/wgmma.hpp"

namespace fragviz {
namespace {

/// "wgmma.mma_async.sync.aligned.m64n{N}k{K}.{d}.{a}.{b}", the PTX spelling.
std::string mnemonic(int n, int k, ElemType d, ElemType a, ElemType b) {
  std::string s = "wgmma.mma_async.sync.aligned.m64n" + std::to_string(n) + "k" + std::to_string(k) + ".";
  s += to_string(d);
  s += ".";
  s += to_string(a);
  s += ".";
  s += to_string(b);
  return s;
}

WgmmaInstruction entry(const char* group, int n, ElemType d, ElemType a, ElemType b) {
  WgmmaInstruction in;
  in.group = group;
  in.n = n;
  in.k = 256 / element_bits(a);  // 32 bytes of K: k16 16-bit, k8 tf32, k32 8-bit
  in.a_type = a;
  in.b_type = b;
  in.d_type = d;
  in.transpose_allowed = element_bits(a) == 16;
  in.mnemonic = mnemonic(n, in.k, d, a, b);
  in.a = OperandSpec{a, 64, in.k, wgmma_a_layout(element_bits(a))};
  in.d = OperandSpec{d, 64, n, wgmma_d_layout(n)};
  return in;
}

std::vector<WgmmaInstruction> build() {
  std::vector<WgmmaInstruction> all;
  const ElemType f16 = ElemType::f16, bf16 = ElemType::bf16, f32 = ElemType::f32;
  for (int n = 8; n <= 256; n += 8) all.push_back(entry("f16", n, f32, f16, f16));
  for (int n = 8; n <= 256; n += 8) all.push_back(entry("f16", n, f16, f16, f16));
  for (int n = 8; n <= 256; n += 8) all.push_back(entry("bf16", n, f32, bf16, bf16));
  const int sample[] = {8, 16, 32, 64, 128, 256};
  for (int n : sample) all.push_back(entry("tf32", n, f32, ElemType::tf32, ElemType::tf32));
  for (int n : sample) all.push_back(entry("fp8", n, f32, ElemType::e4m3, ElemType::e4m3));
  for (int n : sample) all.push_back(entry("fp8", n, f32, ElemType::e5m2, ElemType::e5m2));
  for (int n : sample) all.push_back(entry("fp8", n, f32, ElemType::e4m3, ElemType::e5m2));
  for (int n : sample) all.push_back(entry("fp8", n, f16, ElemType::e4m3, ElemType::e4m3));
  for (int n : sample) all.push_back(entry("s8/u8", n, ElemType::s32, ElemType::s8, ElemType::s8));
  for (int n : sample) all.push_back(entry("s8/u8", n, ElemType::s32, ElemType::u8, ElemType::u8));
  for (int n : sample) all.push_back(entry("s8/u8", n, ElemType::s32, ElemType::s8, ElemType::u8));
  return all;
}

}  // namespace

std::vector<int> wgmma_legal_n(ElemType a_type) {
  std::vector<int> ns;
  const bool integer = a_type == ElemType::s8 || a_type == ElemType::u8;
  for (int n = 8; n <= 256; n += 8)
    if (!integer || n <= 32 || n % 16 == 0) ns.push_back(n);
  return ns;
}

const std::vector<WgmmaInstruction>& wgmma_catalogue() {
  static const std::vector<WgmmaInstruction> all = build();
  return all;
}

const WgmmaInstruction* find_wgmma(std::string_view mnemonic) {
  for (const WgmmaInstruction& in : wgmma_catalogue())
    if (in.mnemonic == mnemonic) return &in;
  return nullptr;
}

const WgmmaInstruction* find_wgmma_named(std::string_view name) {
  if (const WgmmaInstruction* in = find_wgmma(name)) return in;
  if (name.substr(0, kWgmmaPrefix.size()) == kWgmmaPrefix) return nullptr;
  return find_wgmma(std::string(kWgmmaPrefix) + std::string(name));
}

const WgmmaInstruction* wgmma_for_mma(const Instruction& mma) {
  for (const WgmmaInstruction& in : wgmma_catalogue())
    if (in.n == 64 && in.a_type == mma.a.type && in.b_type == mma.b.type && in.d_type == mma.c.type)
      return &in;
  return nullptr;
}

std::string wgmma_missing_types(const Instruction& mma) {
  // PTX ISA 9.0, "Warpgroup MMA: wgmma.mma_async": .atype/.btype .f16, .bf16, .tf32, .e4m3/.e5m2,
  // .s8/.u8 and .b1; every mma.sync form of those types has a wgmma of the same types.
  auto in_ptx = [](ElemType t) {
    switch (t) {
      case ElemType::f16:
      case ElemType::bf16:
      case ElemType::tf32:
      case ElemType::e4m3:
      case ElemType::e5m2:
      case ElemType::s8:
      case ElemType::u8:
      case ElemType::b1:
        return true;
      default:
        return false;
    }
  };
  std::string s = "." + std::string(to_string(mma.a.type));
  if (mma.b.type != mma.a.type) s += " x ." + std::string(to_string(mma.b.type));
  if (!in_ptx(mma.a.type) || !in_ptx(mma.b.type)) return "no wgmma form for " + s;
  // A and B the catalogue has, only not with this D (its .e5m2 x .e5m2 comes with .f32 D alone).
  for (const WgmmaInstruction& in : wgmma_catalogue())
    if (in.a_type == mma.a.type && in.b_type == mma.b.type) {
      s += " with ." + std::string(to_string(mma.c.type)) + " D";
      break;
    }
  return "no wgmma entry in the catalogue for " + s;
}

int wgmma_index(const WgmmaInstruction* in) {
  const auto& all = wgmma_catalogue();
  if (!in || in < all.data() || in >= all.data() + all.size()) return -1;
  return static_cast<int>(in - all.data());
}

}  // namespace fragviz
