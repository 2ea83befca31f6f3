// Freezes the feature hash. Every saved model depends on these exact values:
// the literals below were computed once and MUST NEVER be changed to match new
// output. If a test here fails, the change to hashing/ is wrong, not the test.
#include <gtest/gtest.h>

#include <cstdint>
#include <string_view>

#include "hashing/feature_hash.h"

namespace hare::hashing {
namespace {

constexpr uint64_t kSeed = 7;

TEST(HashingTest, NamespaceHashIsFrozen) {
  // XXH3_64("") with seed 0 is xxHash's published value for the empty input.
  EXPECT_EQ(NamespaceHash("", 0), 0x2d06800538d394c2ull);
  EXPECT_EQ(NamespaceHash("", kSeed), 0x913ae0873e9b7eb8ull);
  EXPECT_EQ(NamespaceHash("user", 0), 0x99e389d25c10af32ull);
  EXPECT_EQ(NamespaceHash("user", kSeed), 0xc14628f2c5c632e9ull);
  EXPECT_EQ(NamespaceHash("item", 0), 0x6ca8f7b0f03f9e41ull);
  EXPECT_EQ(NamespaceHash(kConstantNamespace, 0), 0xc0d7506ccc0a9124ull);
}

TEST(HashingTest, FeatureHashOfAsciiNameIsFrozen) {
  EXPECT_EQ(FeatureHash("hello", NamespaceHash(kDefaultNamespace, 0)), 0x3e5ad992e2d54e35ull);
  EXPECT_EQ(FeatureHash("hello", NamespaceHash(kDefaultNamespace, kSeed)), 0x63ec474044e5d6d6ull);
}

TEST(HashingTest, FeatureHashOfHighBytesIsFrozen) {
  // Bytes >= 0x80 hash as the unsigned bytes they are (no sign extension).
  const uint64_t ns = NamespaceHash(kDefaultNamespace, 0);
  EXPECT_EQ(FeatureHash("caf\xc3\xa9", ns), 0x668439dfb886f552ull);
  EXPECT_EQ(FeatureHash("\xff", ns), 0xa5fc0216fa414554ull);
  EXPECT_EQ(FeatureHash("\x7f", ns), 0xfd1a92bff5411c8dull);
  EXPECT_NE(FeatureHash("\xff", ns), FeatureHash("\x7f", ns));
}

TEST(HashingTest, FeatureHashOfEmptyNameIsFrozen) {
  EXPECT_EQ(FeatureHash("", NamespaceHash(kDefaultNamespace, 0)), 0x412f1275e10017f3ull);
  // The empty name with seed 0 is XXH3_64("") itself.
  EXPECT_EQ(FeatureHash("", 0), 0x2d06800538d394c2ull);
}

TEST(HashingTest, SameFeatureInTwoNamespacesDiffers) {
  const uint64_t in_user = FeatureHash("price", NamespaceHash("user", 0));
  const uint64_t in_item = FeatureHash("price", NamespaceHash("item", 0));
  EXPECT_EQ(in_user, 0xa6ac85f3bc61fea0ull);
  EXPECT_EQ(in_item, 0xcf720ffaf12fe6c3ull);
  EXPECT_NE(in_user, in_item);
}

TEST(HashingTest, NumberFeatureHashIsItsDecimalText) {
  const uint64_t ns = NamespaceHash(kDefaultNamespace, 0);
  EXPECT_EQ(NumberFeatureHash(7, ns), 0xfc455beba2617621ull);
  EXPECT_EQ(NumberFeatureHash(7, ns), FeatureHash("7", ns));
  EXPECT_EQ(NumberFeatureHash(0, ns), 0x5a0b05287d94b6ebull);
  EXPECT_EQ(NumberFeatureHash(0, ns), FeatureHash("0", ns));
  EXPECT_EQ(NumberFeatureHash(UINT64_MAX, ns), 0x759a713e7afd2f4aull);
  EXPECT_EQ(NumberFeatureHash(UINT64_MAX, ns), FeatureHash("18446744073709551615", ns));
  const uint64_t seeded = NamespaceHash(kDefaultNamespace, kSeed);
  EXPECT_EQ(NumberFeatureHash(7, seeded), FeatureHash("7", seeded));
}

TEST(HashingTest, ConstantIndexIsFrozen) {
  EXPECT_EQ(ConstantIndex(0, 18), 144549u);
  EXPECT_EQ(ConstantIndex(0, 24), 11154597u);
  EXPECT_EQ(ConstantIndex(0, 32), 145372325u);
  EXPECT_EQ(ConstantIndex(kSeed, 18), 14578u);
  EXPECT_EQ(ConstantIndex(kSeed, 24), 6043890u);
  // It is the empty feature of the "constant" namespace, masked.
  EXPECT_EQ(ConstantIndex(0, 18),
            static_cast<uint32_t>(FeatureHash("", NamespaceHash("constant", 0))) & MaskFor(18));
}

TEST(HashingTest, MaskFor) {
  EXPECT_EQ(MaskFor(1), 0x1u);
  EXPECT_EQ(MaskFor(18), 0x3ffffu);
  EXPECT_EQ(MaskFor(24), 0xffffffu);
  EXPECT_EQ(MaskFor(32), 0xffffffffu);
}

}  // namespace
}  // namespace hare::hashing
