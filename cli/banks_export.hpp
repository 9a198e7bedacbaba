// `fragviz-cli banks --export FILE [--crop C]`: the picture of the access `banks` reports, as the app's
// bank view exports it (File > Export, Picture "tile"; fragviz-cli export --view banks --picture
// tile), cropped with the crop flag and parser of `export` (parse_crop, "rows=0-7,cols=8-15").
// Judged and drawn before the command prints anything; written after its tables.
#pragma once

#include <CLI/CLI.hpp>
#include <string>

#include "fragviz/util/outcome.hpp"
#include "fragviz_export/views.hpp"

namespace fragviz::cli {

/// The two options as a command holds them.
struct BanksExportOptions {
  std::string path;  ///< --export FILE: .svg, .png, .pdf or .tex (TikZ); empty: not given
  std::string crop;  ///< --crop, with --export: a block of the tile's rows and columns
};

/// Adds `--export` and `--crop` (which needs --export) to `cmd`, into `o`.
void add_banks_export_options(CLI::App* cmd, BanksExportOptions& o);

/// A picture judged and drawn, not yet written.
struct PreparedExport {
  std::string path, bytes;
  std::string said;  ///< "wrote F (SVG, W x H pt): title; rows 0-7 (8 rows), ..."
};

/// Builds the tile picture of request `r` (view, access, lanes, layout already set by the caller)
/// with `o`'s crop, and its bytes in the format the file's extension names. Fails, naming the
/// option, for an unwritable path, an extension of no format, a crop that does not read or fits
/// outside the tile.
Outcome<PreparedExport> prepare_banks_export(const BanksExportOptions& o, scene::ViewRequest r);

/// Writes `p` and says so on standard output; returns the exit code (kExitOk, or that of the write's
/// failure, said on standard error).
int write_banks_export(const PreparedExport& p);

}  // namespace fragviz::cli
