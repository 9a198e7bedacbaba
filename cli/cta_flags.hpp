// The CTA tile's configuration flags (--preset, --mma, --atoms, --permute, --copy-a/-b/-c,
// --value-bits, --smem-a/-b/-c, --gmem-copy-a/-b, --tile, --k-block, --reuse-c-as-a, --register-swap),
// one definition for `fragviz-cli tiled` and `fragviz-cli export --view cta`; read into
// tile::CtaOverrides (fragviz/tile/cta_config.hpp), which the app's CTA tile window shares.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "CLI/CLI.hpp"
#include "fragviz/tile/cta_config.hpp"

namespace fragviz::cli {

/// What the flags gave ("" / 0: not given).
struct CtaFlags {
  std::string preset, mma, atoms, permute, tile, register_swap;
  std::string copy[3], smem[3];  ///< A, B, C
  std::string gmem_copy[2];      ///< A, B; "none" takes a preset's away
  int value_bits = 0, k_block = 0;
  bool reuse = false;
  /// The flags given on top of the preset.
  tile::CtaOverrides overrides() const;
};

/// `f` as the command-line words that give it again ("--preset", "sm80-gemm-128x128x32", "--smem-a",
/// ...): every field given, nothing else (`tiled --ncu` reruns itself with them).
std::vector<std::string> cta_flag_args(const CtaFlags& f);

/// Adds the flags to `cmd`, writing into `f`; returns each option by its name ("--smem-a"), so a
/// command can tell which were given. `prefix` starts every help text ("cta: " for export).
std::map<std::string, CLI::Option*> add_cta_flags(CLI::App* cmd, CtaFlags& f, const std::string& prefix = "");

}  // namespace fragviz::cli
