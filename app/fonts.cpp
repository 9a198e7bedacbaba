#include "fonts.hpp"

#include <cmath>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <vector>

#include "imgui.h"
#include "panels/panels.hpp"

namespace fragviz::app {

namespace {

FontStatus g_status;

std::uint32_t be32(const std::vector<char>& b, std::size_t at) {
  if (at + 4 > b.size()) return 0;
  const auto u = [&](std::size_t i) {
    return static_cast<std::uint32_t>(static_cast<unsigned char>(b[at + i]));
  };
  return u(0) << 24 | u(1) << 16 | u(2) << 8 | u(3);
}

/// Whether `b` is a TrueType/OpenType font whose tables lie inside the file and include the ones
/// stb_truetype needs. ImGui's atlas build asserts (aborts) on data that is not a font, so a file
/// that is there but broken must be caught before it reaches ImGui.
bool looks_like_a_font(const std::vector<char>& b) {
  std::size_t at = 0;
  if (be32(b, 0) == 0x74746366u) at = be32(b, 12);  // "ttcf": a collection, its first font
  const std::uint32_t tag = be32(b, at);
  if (tag != 0x00010000u && tag != 0x74727565u /* true */ && tag != 0x4F54544Fu /* OTTO */) return false;
  if (at + 12 > b.size()) return false;
  const std::size_t tables =
      static_cast<unsigned char>(b[at + 4]) << 8 | static_cast<unsigned char>(b[at + 5]);
  if (tables == 0 || at + 12 + 16 * tables > b.size()) return false;
  std::set<std::uint32_t> seen;
  for (std::size_t i = 0; i < tables; ++i) {
    const std::size_t rec = at + 12 + 16 * i;
    const std::uint64_t off = be32(b, rec + 8), len = be32(b, rec + 12);
    if (off + len > b.size()) return false;
    seen.insert(be32(b, rec));
  }
  const auto has = [&](const char* t) {
    return seen.count(static_cast<std::uint32_t>(t[0]) << 24 | static_cast<std::uint32_t>(t[1]) << 16 |
                      static_cast<std::uint32_t>(t[2]) << 8 | static_cast<std::uint32_t>(t[3])) > 0;
  };
  return has("cmap") && has("head") && has("hhea") && has("hmtx") &&
         ((has("glyf") && has("loca")) || has("CFF "));
}

/// The first of `dirs`/`file` that exists, loaded into ImGui-owned memory; null if none does or
/// the one found is not a font (then `broken` names it).
ImFont* add_ttf(const std::vector<std::string>& dirs, const FontSpec& spec, float scale, std::string* path,
                std::string* broken) {
  namespace fs = std::filesystem;
  std::vector<fs::path> candidates;
  if (fs::path(spec.file).is_absolute())
    candidates.emplace_back(spec.file);
  else
    for (const std::string& d : dirs) candidates.push_back(fs::path(d) / spec.file);
  for (const fs::path& p : candidates) {
    std::error_code ec;
    if (!fs::is_regular_file(p, ec)) continue;
    // Read here rather than with AddFontFromFileTTF, which asserts on a file it cannot open.
    std::ifstream in(p, std::ios::binary);
    std::vector<char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if ((!in.good() && !in.eof()) || !looks_like_a_font(bytes)) {
      *broken = p.string();
      return nullptr;
    }
    void* data = IM_ALLOC(bytes.size());  // the atlas frees it (FontDataOwnedByAtlas)
    std::copy(bytes.begin(), bytes.end(), static_cast<char*>(data));
    ImFont* f =
        ImGui::GetIO().Fonts->AddFontFromMemoryTTF(data, static_cast<int>(bytes.size()), spec.size * scale);
    if (f) {
      *path = p.string();
      return f;
    }
  }
  return nullptr;
}

/// The pixel size ImGui's own font is rasterised at in place of `spec`. ProggyClean is drawn for
/// 13 pixels where DejaVu Sans is asked for at 15: wider glyphs at the same size would overflow
/// the views' labels.
float builtin_px(const FontSpec& spec, float scale) { return std::round(spec.size * 13.f / 15.f * scale); }

ImFont* add_builtin(const FontSpec& spec, float scale) {
  ImFontConfig cfg;
  cfg.SizePixels = builtin_px(spec, scale);
  return ImGui::GetIO().Fonts->AddFontDefault(&cfg);
}

/// Divides every glyph's metrics by `scale` (see fonts.hpp): the glyphs keep their texels.
void to_logical(ImFont* f, float scale) {
  const float k = 1.f / scale;
  for (ImFontGlyph& g : f->Glyphs) {
    g.AdvanceX *= k;
    g.X0 *= k;
    g.Y0 *= k;
    g.X1 *= k;
    g.Y1 *= k;
  }
  f->FontSize *= k;
  f->Ascent *= k;
  f->Descent *= k;
  f->BuildLookupTable();  // IndexAdvanceX and FallbackAdvanceX from the new advances
}

}  // namespace

const FontStatus& load_fonts(const FontSet& set, float scale) {
  ImGuiIO& io = ImGui::GetIO();
  FontStatus st;
  st.scale = scale;
  std::vector<std::string> missing, broken;
  auto load_all = [&](bool builtin_only) {
    io.Fonts->Clear();
    missing.clear();
    broken.clear();
    Fonts& f = fonts();
    const auto one = [&](const FontSpec& spec, FontStatus::One& out) {
      out = FontStatus::One{"", spec.size, spec.size * scale};
      std::string bad;
      ImFont* font = builtin_only ? nullptr : add_ttf(set.dirs, spec, scale, &out.path, &bad);
      if (!font) {
        (bad.empty() ? missing : broken).push_back(bad.empty() ? spec.file : bad);
        font = add_builtin(spec, scale);
        out.raster_px = builtin_px(spec, scale);
      }
      return font;
    };
    f.ui = one(set.ui, st.ui);
    f.small = one(set.small, st.small);
    f.bold = one(set.bold, st.bold);
    io.FontDefault = f.ui;
    return io.Fonts->Build();
  };
  const auto list = [](const std::vector<std::string>& v) {
    std::string out;
    for (const std::string& x : v) out += (out.empty() ? "" : ", ") + x;
    return out;
  };
  bool built = load_all(false);
  if (!built) {
    // Should a file pass looks_like_a_font() and still fail to build, start over with ImGui's own
    // font only.
    built = load_all(true);
    st.notice = "fonts: the font files could not be rasterised; using ImGui's built-in font";
  } else if (!missing.empty() || !broken.empty()) {
    std::string what;
    if (!missing.empty())
      what = list(missing) + " not found in " +
             (set.dirs.empty() ? std::string("(no folders)") : list(set.dirs)) +
             " (Debian: apt-get install fonts-dejavu-core fonts-dejavu-extra)";
    if (!broken.empty()) what += (what.empty() ? "" : "; ") + std::string("not TrueType: ") + list(broken);
    st.notice = "fonts: " + what + "; using ImGui's built-in font";
  }
  if (built && scale != 1.f)
    for (ImFont* f : io.Fonts->Fonts) to_logical(f, scale);
  g_status = st;
  return g_status;
}

const FontStatus& font_status() { return g_status; }

}  // namespace fragviz::app
