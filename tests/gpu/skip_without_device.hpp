// GPU tests skip (never pass) where no usable device exists; gpu_test_main.cpp turns "every test
// skipped" into exit 77, which CTest reports as Skipped.
#pragma once

#include <gtest/gtest.h>

#include "fragviz/device/device.hpp"

#define SKIP_WITHOUT_DEVICE()                                                   \
  do {                                                                          \
    const ::fragviz::DeviceInfo dev_ = ::fragviz::query_device();               \
    if (!dev_.present) GTEST_SKIP() << "no usable GPU: " << dev_.error.message; \
  } while (0)
