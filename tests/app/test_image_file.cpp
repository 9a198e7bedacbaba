// --screenshot files (image_file.hpp): the format is the one the extension names, an unknown one is
// refused, and the bytes written are that format's (PNG and JPEG signatures, ISO/IEC 15948 and
// ITU T.81), not PNG under a .jpg name.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "image_file.hpp"

namespace fragviz::app {
namespace {

namespace fs = std::filesystem;

std::vector<unsigned char> read_all(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

struct TempDir {
  fs::path path;
  TempDir() {
    std::string t = (fs::temp_directory_path() / "fragviz-image-XXXXXX").string();
    path = mkdtemp(t.data());
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
};

TEST(ImageFile, FormatFromExtension) {
  EXPECT_EQ(image_format_of("shot.png"), ImageFormat::png);
  EXPECT_EQ(image_format_of("/tmp/a.b/SHOT.PNG"), ImageFormat::png);
  EXPECT_EQ(image_format_of("x.jpg"), ImageFormat::jpg);
  EXPECT_EQ(image_format_of("x.JPEG"), ImageFormat::jpg);
  EXPECT_EQ(image_format_of("x.bmp"), std::nullopt);
  EXPECT_EQ(image_format_of("shot"), std::nullopt);
  EXPECT_EQ(image_format_of("dir.png/shot"), std::nullopt);
  EXPECT_EQ(image_format_of(".png"), std::nullopt);
  EXPECT_EQ(screenshot_path_problem("x.png"), "");
  EXPECT_NE(screenshot_path_problem("x.gif").find(".png, .jpg or .jpeg"), std::string::npos);
}

TEST(ImageFile, WritesTheFormatItsNameSays) {
  TempDir t;
  const int w = 8, h = 4;
  std::vector<unsigned char> px(static_cast<std::size_t>(w * h * 4), 0);
  for (std::size_t i = 0; i < px.size(); ++i) px[i] = static_cast<unsigned char>(i * 7);
  ASSERT_TRUE(write_image((t.path / "a.jpg").string(), ImageFormat::jpg, w, h, px.data(), w * 4));
  ASSERT_TRUE(write_image((t.path / "a.png").string(), ImageFormat::png, w, h, px.data(), w * 4));
  const auto jpg = read_all(t.path / "a.jpg"), png = read_all(t.path / "a.png");
  ASSERT_GE(jpg.size(), 4u);
  EXPECT_EQ(jpg[0], 0xFF);  // SOI marker FF D8, then a marker
  EXPECT_EQ(jpg[1], 0xD8);
  EXPECT_EQ(jpg[2], 0xFF);
  EXPECT_EQ(jpg[jpg.size() - 2], 0xFF);  // EOI marker FF D9
  EXPECT_EQ(jpg[jpg.size() - 1], 0xD9);
  const unsigned char sig[] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
  ASSERT_GE(png.size(), sizeof sig);
  EXPECT_TRUE(std::equal(std::begin(sig), std::end(sig), png.begin()));
}

TEST(ImageFile, UnwritablePathFails) {
  TempDir t;
  std::vector<unsigned char> px(16, 255);
  EXPECT_FALSE(write_image((t.path / "missing" / "a.png").string(), ImageFormat::png, 2, 2, px.data(), 8));
  EXPECT_FALSE(write_image((t.path / "missing" / "a.jpg").string(), ImageFormat::jpg, 2, 2, px.data(), 8));
  // A write that fails part-way (a full disk): found by a newcomer, stb's own writer said success.
  if (std::filesystem::exists("/dev/full")) {
    EXPECT_FALSE(write_image("/dev/full", ImageFormat::png, 2, 2, px.data(), 8));
    EXPECT_FALSE(write_image("/dev/full", ImageFormat::jpg, 2, 2, px.data(), 8));
  }
}

}  // namespace
}  // namespace fragviz::app
