#include "image_file.hpp"

#include <stb_image_write.h>

#include <cctype>
#include <cstddef>
#include <fstream>
#include <string>
#include <vector>

#include "fragviz/util/whole_file.hpp"

namespace fragviz::app {

std::optional<ImageFormat> image_format_of(std::string_view path) {
  const std::size_t slash = path.find_last_of('/');
  const std::string_view name = slash == std::string_view::npos ? path : path.substr(slash + 1);
  const std::size_t dot = name.find_last_of('.');
  if (dot == std::string_view::npos || dot == 0) return std::nullopt;
  std::string ext;
  for (char c : name.substr(dot + 1)) ext += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (ext == "png") return ImageFormat::png;
  if (ext == "jpg" || ext == "jpeg") return ImageFormat::jpg;
  return std::nullopt;
}

std::string screenshot_path_problem(std::string_view path) {
  if (image_format_of(path)) return {};
  return "needs a file name ending in .png, .jpg or .jpeg (the format it is written in), not \"" +
         std::string(path) + "\"";
}

bool write_image(const std::string& path, ImageFormat format, int w, int h, const unsigned char* rgba,
                 int stride) {
  if (w <= 0 || h <= 0 || !rgba) return false;
  // Encoded in memory, then written and checked: stb's own file writer ignores write errors, so a
  // full disk (or /dev/full) left a cut image and a success.
  std::string bytes;
  const auto append = [](void* to, void* data, int size) {
    static_cast<std::string*>(to)->append(static_cast<const char*>(data), static_cast<std::size_t>(size));
  };
  bool encoded = false;
  switch (format) {
    case ImageFormat::png:
      encoded = stbi_write_png_to_func(append, &bytes, w, h, 4, rgba, stride) != 0;
      break;
    case ImageFormat::jpg: {
      // JPEG has no alpha: drop it rather than let stb guess.
      std::vector<unsigned char> rgb(static_cast<std::size_t>(w) * static_cast<std::size_t>(h) * 3);
      for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x)
          for (int c = 0; c < 3; ++c)
            rgb[(static_cast<std::size_t>(y) * static_cast<std::size_t>(w) + static_cast<std::size_t>(x)) *
                    3 +
                static_cast<std::size_t>(c)] =
                rgba[static_cast<std::size_t>(y) * static_cast<std::size_t>(stride) +
                     static_cast<std::size_t>(x) * 4 + static_cast<std::size_t>(c)];
      encoded = stbi_write_jpg_to_func(append, &bytes, w, h, 3, rgb.data(), 95) != 0;
      break;
    }
  }
  if (!encoded) return false;
  // Whole or not at all (whole_file.hpp): a full disk left a truncated PNG.
  return !cli::write_whole_file(path, bytes);
}

}  // namespace fragviz::app
