// Image files the app writes (--screenshot): the format is the one the file name's extension
// names, judged before anything is drawn. No GL here: the caller reads the pixels.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace fragviz::app {

enum class ImageFormat { png, jpg };

/// The format a file name asks for by its extension, case-insensitive: .png, or .jpg / .jpeg;
/// nullopt for any other (or none).
std::optional<ImageFormat> image_format_of(std::string_view path);

/// Why `path` cannot be a --screenshot (an extension this app does not write), or "".
std::string screenshot_path_problem(std::string_view path);

/// Writes `w` x `h` RGBA pixels (top row first, `stride` bytes a row) to `path` in `format`
/// (JPEG without alpha, quality 95). Returns false when the file cannot be written.
bool write_image(const std::string& path, ImageFormat format, int w, int h, const unsigned char* rgba,
                 int stride);

}  // namespace fragviz::app
