// parallel_for / parallel_map (fragviz/util/parallel.hpp): every index exactly once, results at
// their own index whatever the thread count, and FRAGVIZ_PROBE_THREADS read as documented.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <string>
#include <vector>

#include "fragviz/util/parallel.hpp"

namespace fragviz {
namespace {

/// Sets FRAGVIZ_PROBE_THREADS for one scope (unset on exit).
struct ThreadsEnv {
  explicit ThreadsEnv(const char* v) { setenv("FRAGVIZ_PROBE_THREADS", v, 1); }
  ~ThreadsEnv() { unsetenv("FRAGVIZ_PROBE_THREADS"); }
};

TEST(Parallel, EveryIndexOnceWhateverTheThreadCount) {
  for (const char* threads : {"1", "3", "16", "200"}) {
    ThreadsEnv env(threads);
    for (std::size_t count : {0u, 1u, 7u, 1000u}) {
      std::vector<std::atomic<int>> hits(count);
      parallel_for(count, [&](std::size_t i) { hits[i].fetch_add(1); });
      for (std::size_t i = 0; i < count; ++i) EXPECT_EQ(hits[i].load(), 1) << threads << " threads, " << i;
    }
  }
}

TEST(Parallel, MapKeepsTheOrder) {
  ThreadsEnv env("8");
  const std::vector<std::string> got =
      parallel_map<std::string>(500, [](std::size_t i) { return std::to_string(i * i); });
  ASSERT_EQ(got.size(), 500u);
  for (std::size_t i = 0; i < got.size(); ++i) EXPECT_EQ(got[i], std::to_string(i * i));
}

TEST(Parallel, ThreadsFromTheEnvironment) {
  {
    ThreadsEnv env("5");
    EXPECT_EQ(probe_threads(), 5u);
  }
  {
    ThreadsEnv env("0");  // not a positive number: every core
    EXPECT_GE(probe_threads(), 1u);
  }
  {
    ThreadsEnv env("many");
    EXPECT_GE(probe_threads(), 1u);
  }
}

}  // namespace
}  // namespace fragviz
