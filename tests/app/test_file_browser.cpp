// The file browser's listing and state (app/file_browser_state.hpp), on real folders made for each
// test: what a folder shows and in which order, the extension filter, hidden files, errors as text
// (never exceptions), and the clicks and typed paths of the Open report dialog.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "file_browser_state.hpp"

namespace fragviz::app {
namespace {

namespace fs = std::filesystem;

const FileFilter kJson{"Reports (*.json)", {".json"}};
const FileFilter kAll{"All files", {}};

/// A fresh folder holding:
///   A_dir/  b_dir/  .hidden_dir/  z.json (5 bytes)  a.JSON  notes.txt  .dot.json
///   to_b -> b_dir (a link to a folder)   gone.json -> nowhere (a broken link)
struct Tree {
  fs::path root;
  Tree() {
    std::string t = (fs::temp_directory_path() / "fragviz-browser-XXXXXX").string();
    root = fs::canonical(mkdtemp(t.data()));
    for (const char* d : {"A_dir", "b_dir", ".hidden_dir"}) fs::create_directory(root / d);
    std::ofstream(root / "z.json") << "12345";
    std::ofstream(root / "a.JSON") << "{}";
    std::ofstream(root / "notes.txt") << "x";
    std::ofstream(root / ".dot.json") << "{}";
    std::ofstream(root / "b_dir" / "inner.json") << "{}";
    fs::create_directory_symlink(root / "b_dir", root / "to_b");
    fs::create_symlink(root / "missing-target", root / "gone.json");
  }
  ~Tree() {
    std::error_code ec;
    fs::permissions(root, fs::perms::owner_all, ec);
    fs::remove_all(root, ec);
  }
  std::string operator/(const char* name) const { return (root / name).string(); }
};

std::vector<std::string> names(const DirListing& l) {
  std::vector<std::string> out;
  for (const DirEntry& e : l.entries) out.push_back(e.name + (e.is_dir ? "/" : ""));
  return out;
}

TEST(FileBrowser, FilterMatchesTheExtensionIgnoringCase) {
  EXPECT_TRUE(matches_filter("probe.json", kJson));
  EXPECT_TRUE(matches_filter("PROBE.JSON", kJson));
  EXPECT_FALSE(matches_filter("probe.json.bak", kJson));
  EXPECT_FALSE(matches_filter("probejson", kJson));
  EXPECT_FALSE(matches_filter(".json", kJson));  // nothing before the extension
  EXPECT_TRUE(matches_filter("anything", kAll));
  const FileFilter cuda{"CUDA sources", {".cu", ".cuh"}};
  EXPECT_TRUE(matches_filter("gemm.cu", cuda));
  EXPECT_TRUE(matches_filter("tile.cuh", cuda));
  EXPECT_FALSE(matches_filter("gemm.cpp", cuda));
}

TEST(FileBrowser, FoldersFirstThenFilesEachByNameIgnoringCase) {
  const Tree t;
  const DirListing l = list_directory(t.root.string(), kJson, false);
  EXPECT_EQ(l.error, "");
  EXPECT_EQ(l.dir, t.root.string());
  // to_b links to a folder: a folder. gone.json links nowhere: a file, of unknown size.
  EXPECT_EQ(names(l),
            (std::vector<std::string>{"A_dir/", "b_dir/", "to_b/", "a.JSON", "gone.json", "z.json"}));
  EXPECT_EQ(l.hidden, 2);    // .hidden_dir, .dot.json
  EXPECT_EQ(l.filtered, 1);  // notes.txt
  for (const DirEntry& e : l.entries) {
    if (e.name == "z.json") {
      EXPECT_EQ(e.size, 5u);
    } else if (e.name == "gone.json") {
      EXPECT_EQ(e.size, 0u);
    }
  }
}

TEST(FileBrowser, HiddenEntriesAndOtherFilesOnRequest) {
  const Tree t;
  const DirListing l = list_directory(t.root.string(), kAll, true);
  EXPECT_EQ(names(l), (std::vector<std::string>{".hidden_dir/", "A_dir/", "b_dir/", "to_b/", ".dot.json",
                                                "a.JSON", "gone.json", "notes.txt", "z.json"}));
  EXPECT_EQ(l.hidden, 0);
  EXPECT_EQ(l.filtered, 0);
}

TEST(FileBrowser, FoldersThatCannotBeListedSaySoWithoutThrowing) {
  const Tree t;
  DirListing l = list_directory(t / "no-such-folder", kJson, false);
  EXPECT_EQ(l.error, t / "no-such-folder" + " does not exist");
  EXPECT_TRUE(l.entries.empty());
  l = list_directory(t / "z.json", kJson, false);
  EXPECT_EQ(l.error, t / "z.json" + " is not a folder");
  EXPECT_TRUE(l.entries.empty());
  l = list_directory(t / "z.json/below", kJson, false);
  EXPECT_NE(l.error, "");
}

TEST(FileBrowser, UnreadableFolderSaysSo) {
  if (geteuid() == 0) GTEST_SKIP() << "root reads every folder";
  const Tree t;
  fs::permissions(t.root / "A_dir", fs::perms::none);
  const DirListing l = list_directory(t / "A_dir", kJson, false);
  EXPECT_EQ(l.error.rfind("cannot read " + (t / "A_dir") + ": ", 0), 0u) << l.error;
  EXPECT_TRUE(l.entries.empty());
  fs::permissions(t.root / "A_dir", fs::perms::owner_all);
}

TEST(FileBrowser, ParentFolderAndTypedPaths) {
  EXPECT_EQ(parent_folder("/a/b"), "/a");
  EXPECT_EQ(parent_folder("/a/b/"), "/a");
  EXPECT_EQ(parent_folder("/a"), "/");
  EXPECT_EQ(parent_folder("/"), "/");
  EXPECT_EQ(resolve_path("/x", "y/../z.json"), "/x/z.json");
  EXPECT_EQ(resolve_path("/x", "/abs/./r.json"), "/abs/r.json");
  EXPECT_EQ(resolve_path("/x", "sub/"), "/x/sub");
  EXPECT_EQ(resolve_path("/x", ".."), "/");
  EXPECT_EQ(resolve_path("/x", ""), "");
  const char* old = std::getenv("HOME");
  const std::string saved = old ? old : "";
  setenv("HOME", "/home/ana", 1);
  EXPECT_EQ(resolve_path("/x", "~/r.json"), "/home/ana/r.json");
  EXPECT_EQ(resolve_path("/x", "~"), "/home/ana");
  if (old)
    setenv("HOME", saved.c_str(), 1);
  else
    unsetenv("HOME");
}

TEST(FileBrowser, ClicksBrowseFoldersAndChooseFiles) {
  const Tree t;
  FileBrowserState b = make_file_browser("Open report", {kJson, kAll});
  open_browser(b, t.root.string());
  EXPECT_TRUE(b.open_requested);
  ASSERT_EQ(names(b.listing),
            (std::vector<std::string>{"A_dir/", "b_dir/", "to_b/", "a.JSON", "gone.json", "z.json"}));
  // A double click on a folder shows it; Up comes back.
  activate_entry(b, 1);
  EXPECT_EQ(b.listing.dir, t / "b_dir");
  EXPECT_EQ(names(b.listing), std::vector<std::string>{"inner.json"});
  go_up(b);
  EXPECT_EQ(b.listing.dir, t.root.string());
  // A click on a file puts its path in the field; Open chooses it.
  select_entry(b, 5);
  EXPECT_EQ(b.typed, t / "z.json");
  EXPECT_EQ(b.chosen, "");
  submit(b);
  EXPECT_EQ(b.chosen, t / "z.json");
  EXPECT_EQ(b.message, "");
  // A double click on a file chooses it at once.
  b.chosen.clear();
  activate_entry(b, 3);
  EXPECT_EQ(b.chosen, t / "a.JSON");
  // All files: notes.txt shows.
  set_filter(b, 1);
  EXPECT_EQ(names(b.listing).back(), "z.json");
  EXPECT_NE(std::find(b.listing.entries.begin(), b.listing.entries.end(), DirEntry{"notes.txt", false, 0}),
            b.listing.entries.end());
  set_filter(b, 7);  // no such filter: nothing changes
  EXPECT_EQ(b.filter, 1);
}

TEST(FileBrowser, TypedPathsGoToFoldersChooseFilesOrSayWhy) {
  const Tree t;
  FileBrowserState b = make_file_browser("Open report", {kJson, kAll});
  open_browser(b, t.root.string());
  b.typed = "b_dir";  // relative to the folder shown
  submit(b);
  EXPECT_EQ(b.listing.dir, t / "b_dir");
  EXPECT_EQ(b.typed, "");
  EXPECT_EQ(b.chosen, "");
  b.typed = "../notes.txt";  // the filter lists files; it does not stop a typed one
  submit(b);
  EXPECT_EQ(b.chosen, t / "notes.txt");
  b.chosen.clear();
  b.typed = t / "nothing.json";
  submit(b);
  EXPECT_EQ(b.chosen, "");
  EXPECT_EQ(b.message, t / "nothing.json" + " does not exist");
  b.typed.clear();
  submit(b);
  EXPECT_EQ(b.message, "type a path, or pick a file in the list");
  // Newcomer round 7: a 5000-character path filled the dialog with its own echo.
  b.typed = "/tmp/" + std::string(5000, 'a');
  submit(b);
  EXPECT_LT(b.message.size(), 200u) << b.message;
  EXPECT_NE(b.message.find("... (5005 characters)"), std::string::npos) << b.message;
}

// Newcomer round 9: a relative path typed as from the working directory (where the app started,
// as in its shell) was looked up in the folder shown only. The folder shown comes first; the
// working directory when the path is not there; neither: the message names the folder shown's.
TEST(FileBrowser, RelativePathsFromTheFolderShownElseTheWorkingDirectory) {
  const Tree t;
  FileBrowserState b = make_file_browser("Compare with report", {kJson, kAll});
  open_browser(b, (t.root / "A_dir").string());
  b.working_dir = t.root.string();  // as if started in the tree's root
  b.typed = "b_dir/inner.json";     // not in A_dir: from the working directory
  submit(b);
  EXPECT_EQ(b.chosen, t / "b_dir/inner.json");
  EXPECT_EQ(b.message, "");
  b.chosen.clear();
  std::ofstream(t.root / "A_dir" / "z.json") << "{}";
  refresh(b);
  b.typed = "z.json";  // in both: the folder shown wins
  submit(b);
  EXPECT_EQ(b.chosen, t / "A_dir/z.json");
  b.chosen.clear();
  b.typed = "nowhere.json";
  submit(b);
  EXPECT_EQ(b.chosen, "");
  EXPECT_EQ(b.message, t / "A_dir/nowhere.json" + " does not exist");
  // open_browser takes the process's working directory.
  open_browser(b, t.root.string());
  EXPECT_EQ(b.working_dir, fs::current_path().string());
}

TEST(FileBrowser, StartingInAFolderThatIsGoneShowsTheErrorNotACrash) {
  const Tree t;
  FileBrowserState b = make_file_browser("Open report", {kJson});
  open_browser(b, t / "gone-folder");
  EXPECT_EQ(b.listing.dir, t / "gone-folder");
  EXPECT_EQ(b.listing.error, t / "gone-folder" + " does not exist");
  go_up(b);
  EXPECT_EQ(b.listing.dir, t.root.string());
  EXPECT_EQ(b.listing.error, "");
}

}  // namespace
}  // namespace fragviz::app
