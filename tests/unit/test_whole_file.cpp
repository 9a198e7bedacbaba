// The one writer of whole files (whole_file.hpp), rule by rule: a temporary file renamed over a
// regular one (its permission bits kept), a link written through, a link that leads nowhere
// refused, a device or FIFO written in place or refused, never replaced, and no temporary file or
// half-written file left by a failure.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>

#include "fragviz/util/whole_file.hpp"

namespace fragviz::cli {
namespace {

namespace fs = std::filesystem;

struct TempDir {
  fs::path path;
  TempDir() {
    std::string t = (fs::temp_directory_path() / "fragviz-whole-XXXXXX").string();
    path = ::mkdtemp(t.data());
  }
  ~TempDir() {
    std::error_code ec;
    fs::permissions(path, fs::perms::owner_all, fs::perm_options::add, ec);
    fs::remove_all(path, ec);
  }
  std::string at(const char* name) const { return (path / name).string(); }
  /// Names in the folder other than `keep`: what a write left behind.
  int others(std::initializer_list<const char*> keep) const {
    int n = 0;
    for (const auto& e : fs::directory_iterator(path)) {
      bool kept = false;
      for (const char* k : keep) kept = kept || e.path().filename() == k;
      n += kept ? 0 : 1;
    }
    return n;
  }
};

std::string read(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

mode_t mode_of(const std::string& path) {
  struct stat st {};
  EXPECT_EQ(::stat(path.c_str(), &st), 0) << path;
  return st.st_mode & 07777;
}

TEST(WholeFile, ANewFileIsWrittenWithTheUmasksMode) {
  TempDir t;
  const mode_t old = ::umask(022);
  EXPECT_FALSE(write_whole_file(t.at("new.txt"), "hello"));
  ::umask(old);
  EXPECT_EQ(read(t.at("new.txt")), "hello");
  EXPECT_EQ(mode_of(t.at("new.txt")), 0644u);  // 0666 less 022
  EXPECT_EQ(t.others({"new.txt"}), 0);
}

TEST(WholeFile, AnExistingFileIsReplacedKeepingItsMode) {
  TempDir t;
  std::ofstream(t.at("f.txt")) << "a much longer old text";
  ::chmod(t.at("f.txt").c_str(), 0600);
  EXPECT_FALSE(write_whole_file(t.at("f.txt"), "new"));
  EXPECT_EQ(read(t.at("f.txt")), "new");
  EXPECT_EQ(mode_of(t.at("f.txt")), 0600u);
  EXPECT_EQ(t.others({"f.txt"}), 0);
}

TEST(WholeFile, ALinkIsWrittenThroughAndKept) {
  TempDir t;
  fs::create_directory(t.path / "dotfiles");
  std::ofstream(t.at("dotfiles/real.json")) << "old";
  fs::create_symlink(t.path / "dotfiles" / "real.json", t.path / "link.json");
  EXPECT_FALSE(write_whole_file(t.at("link.json"), "new"));
  EXPECT_TRUE(fs::is_symlink(t.path / "link.json"));
  EXPECT_EQ(read(t.at("dotfiles/real.json")), "new");
  EXPECT_EQ(t.others({"dotfiles", "link.json"}), 0);
}

TEST(WholeFile, ALinkThatLeadsNowhereIsRefusedAndNothingIsCreated) {
  TempDir t;
  fs::create_symlink(t.path / "gone.json", t.path / "link.json");
  for (NotRegular n : {NotRegular::write_in_place, NotRegular::refuse}) {
    const auto p = write_whole_file(t.at("link.json"), "new", n);
    ASSERT_TRUE(p);
    EXPECT_TRUE(p->refused);
    EXPECT_EQ(p->why, "is a link that leads to no file");
    EXPECT_TRUE(fs::is_symlink(t.path / "link.json"));
    EXPECT_FALSE(fs::exists(t.path / "gone.json"));
    EXPECT_EQ(t.others({"link.json"}), 0);
  }
}

TEST(WholeFile, AFifoIsWrittenInPlaceOrRefusedNeverReplaced) {
  TempDir t;
  const std::string fifo = t.at("out.fifo");
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  // Nobody reads it: said at once, not waited on.
  auto p = write_whole_file(fifo, "x");
  ASSERT_TRUE(p);
  EXPECT_TRUE(p->refused);
  EXPECT_EQ(p->why, "is a FIFO that no process is reading");
  // A reader: the bytes go through it.
  const int reader = ::open(fifo.c_str(), O_RDONLY | O_NONBLOCK);
  ASSERT_GE(reader, 0);
  EXPECT_FALSE(write_whole_file(fifo, "through"));
  char buf[16] = {};
  EXPECT_EQ(::read(reader, buf, sizeof buf), 7);
  EXPECT_EQ(std::string(buf), "through");
  // The settings rule: not a regular file, so not written.
  p = write_whole_file(fifo, "x", NotRegular::refuse);
  ASSERT_TRUE(p);
  EXPECT_TRUE(p->refused);
  EXPECT_EQ(p->why, "is not a regular file");
  ::close(reader);
  struct stat st {};
  ASSERT_EQ(::lstat(fifo.c_str(), &st), 0);
  EXPECT_TRUE(S_ISFIFO(st.st_mode));
  EXPECT_EQ(t.others({"out.fifo"}), 0);
}

// /dev/stdout is a link to /proc/self/fd/1, which leads to a pipe that has no path: judged by
// what it leads to, it is written in place (resolving the link's name first found nothing).
TEST(WholeFile, ALinkToAPipeIsWrittenInPlace) {
  int fds[2];
  ASSERT_EQ(::pipe(fds), 0);
  EXPECT_FALSE(write_whole_file("/proc/self/fd/" + std::to_string(fds[1]), "piped"));
  char buf[16] = {};
  EXPECT_EQ(::read(fds[0], buf, sizeof buf), 5);
  EXPECT_EQ(std::string(buf), "piped");
  ::close(fds[0]);
  ::close(fds[1]);
}

TEST(WholeFile, ADeviceIsWrittenInPlace) {
  EXPECT_FALSE(write_whole_file("/dev/null", "nothing"));
  // /dev/full: every write fails, in the system's words, and the device stays a device (renamed
  // over, as root, it became a plain file).
  const auto p = write_whole_file("/dev/full", "x");
  ASSERT_TRUE(p);
  EXPECT_FALSE(p->refused);
  EXPECT_EQ(p->why, "No space left on device");
  struct stat st {};
  ASSERT_EQ(::lstat("/dev/full", &st), 0);
  EXPECT_TRUE(S_ISCHR(st.st_mode));
}

TEST(WholeFile, AFailureLeavesTheOldFileAndNoTemporaryFile) {
  TempDir t;
  // No folder: the temporary file cannot be made.
  auto p = write_whole_file(t.at("no/such/f.txt"), "x");
  ASSERT_TRUE(p);
  EXPECT_FALSE(p->refused);
  EXPECT_EQ(p->why, "No such file or directory");
  // A write that fails half-way, as on a full disk: here the file size limit (as root too).
  std::ofstream(t.at("f.txt")) << "old";
  struct rlimit was {};
  ASSERT_EQ(::getrlimit(RLIMIT_FSIZE, &was), 0);
  const auto sigxfsz = std::signal(SIGXFSZ, SIG_IGN);
  const struct rlimit small { 4096, was.rlim_max };
  ASSERT_EQ(::setrlimit(RLIMIT_FSIZE, &small), 0);
  p = write_whole_file(t.at("f.txt"), std::string(10000, 'x'));
  ::setrlimit(RLIMIT_FSIZE, &was);
  std::signal(SIGXFSZ, sigxfsz);
  ASSERT_TRUE(p);
  EXPECT_FALSE(p->refused);
  EXPECT_EQ(p->why, "File too large");
  EXPECT_EQ(read(t.at("f.txt")), "old");
  EXPECT_EQ(t.others({"f.txt"}), 0);
}

TEST(WholeFile, AReadOnlyFolderKeepsItsFile) {
  if (::geteuid() == 0) GTEST_SKIP() << "root writes into a read-only folder";
  TempDir t;
  fs::create_directory(t.path / "ro");
  std::ofstream(t.at("ro/f.txt")) << "old";
  ::chmod(t.at("ro").c_str(), 0500);
  const auto p = write_whole_file(t.at("ro/f.txt"), "new");
  ::chmod(t.at("ro").c_str(), 0700);
  ASSERT_TRUE(p);
  EXPECT_EQ(p->why, "Permission denied");
  EXPECT_EQ(read(t.at("ro/f.txt")), "old");
  EXPECT_EQ(std::distance(fs::directory_iterator(t.path / "ro"), fs::directory_iterator{}), 1);
}

}  // namespace
}  // namespace fragviz::cli
