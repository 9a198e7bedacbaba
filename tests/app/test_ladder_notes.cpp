// The ladder notes (docs/guide/ladder-notes.csv, embedded): the CSV reader against rows written
// here by hand, and the embedded file against the gate's own variant names.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "fragviz/report/report.hpp"
#include "fragviz/viewmodel/ladder_notes.hpp"

using fragviz::app::ladder_limit;
using fragviz::app::parse_ladder_notes;

TEST(LadderNotes, QuotedFieldsKeepTheirCommasAndDoubledQuotes) {
  const auto notes = parse_ladder_notes(
      "variant,technique,limit\n"
      "a-b,plain,not measured\r\n"
      "c,\"one, two\",\"at 4096: \"\"wait\"\", 90 %\"\n"
      "\n");
  ASSERT_TRUE(notes.has_value());
  ASSERT_EQ(notes->size(), 2u);
  EXPECT_EQ((*notes)[0].variant, "a-b");
  EXPECT_EQ((*notes)[0].limit, "not measured");
  EXPECT_EQ((*notes)[1].technique, "one, two");
  EXPECT_EQ((*notes)[1].limit, "at 4096: \"wait\", 90 %");
}

TEST(LadderNotes, AWrongHeaderAFieldCountOrAnOpenQuoteIsRefused) {
  EXPECT_FALSE(parse_ladder_notes("variant,limit\na,b\n").has_value());
  EXPECT_FALSE(parse_ladder_notes("variant,technique,limit\na,b\n").has_value());
  EXPECT_FALSE(parse_ladder_notes("variant,technique,limit\na,b,c,d\n").has_value());
  EXPECT_FALSE(parse_ladder_notes("variant,technique,limit\na,\"b,c\n").has_value());
  EXPECT_TRUE(parse_ladder_notes("variant,technique,limit\n").has_value());
}

// The embedded file parses and names each of its variants once, every one a variant of the gate;
// the tooltips' lookup finds a row by name and nothing for a name it lacks.
TEST(LadderNotes, TheEmbeddedNotesNameTheGatesVariantsOnce) {
  const auto& notes = fragviz::app::ladder_notes();
  ASSERT_FALSE(notes.empty()) << "docs/guide/ladder-notes.csv did not parse";
  std::set<std::string> seen;
  for (const auto& n : notes) {
    EXPECT_TRUE(fragviz::parse_variant(n.variant).has_value()) << n.variant;
    EXPECT_TRUE(seen.insert(n.variant).second) << n.variant << " twice";
    EXPECT_FALSE(n.limit.empty()) << n.variant;
    ASSERT_TRUE(ladder_limit(n.variant).has_value());
    EXPECT_EQ(*ladder_limit(n.variant), n.limit);
  }
  EXPECT_FALSE(ladder_limit("no-such-variant").has_value());
}
