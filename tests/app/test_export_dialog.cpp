// File > Export's writing (export_dialog.hpp): a path is judged as fragviz-cli judges its outputs,
// before anything is drawn, and a written file is whole.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include "app_state.hpp"
#include "export_dialog.hpp"

namespace fragviz::app {
namespace {

// Newcomer round 7: the dialog said only "cannot open /tmp for writing", and tried /dev/full.
TEST(ExportDialog, PathsAreJudgedAsTheCliJudgesThem) {
  const AppState s;
  const ExportOutcome folder = run_export(s, scene::View::movmatrix, scene::Format::svg, "/tmp", 2.0);
  EXPECT_FALSE(folder.ok);
  EXPECT_EQ(folder.message, "cannot write to /tmp: is a folder, not a file");
  const ExportOutcome full = run_export(s, scene::View::movmatrix, scene::Format::svg, "/dev/full", 2.0);
  EXPECT_FALSE(full.ok);
  EXPECT_EQ(full.message.rfind("cannot write to /dev/full: is a character device", 0), 0u) << full.message;
  const ExportOutcome gone =
      run_export(s, scene::View::movmatrix, scene::Format::svg, "/no/such/folder/x.svg", 2.0);
  EXPECT_EQ(gone.message, "cannot write to /no/such/folder/x.svg: folder /no/such/folder does not exist");
}

TEST(ExportDialog, AWrittenFileIsWholeAndNoTemporaryIsLeft) {
  const std::string dir = ::testing::TempDir() + "fragviz-export-dialog";
  std::filesystem::create_directories(dir);
  const std::string path = dir + "/m.svg";
  const AppState s;
  const ExportOutcome r = run_export(s, scene::View::movmatrix, scene::Format::svg, path, 2.0);
  ASSERT_TRUE(r.ok) << r.message;
  std::ifstream in(path);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_NE(text.find("</svg>"), std::string::npos);
  for (const auto& e : std::filesystem::directory_iterator(dir))
    EXPECT_EQ(e.path().filename().string().find("fragviz-tmp"), std::string::npos) << e.path();
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace fragviz::app
