# scripts/compare-lib.bash's paired: McNemar's exact test of two prediction
# files, checked against binomial tails computed by hand.
source "$(dirname "$0")/lib.bash"
# shellcheck source=../../scripts/compare-lib.bash
source "$HARE_SOURCE_DIR/scripts/compare-lib.bash"
cd "$WORK"

# A right and B wrong on `a` lines, the other way round on `b`, both right on
# 3 and both wrong (differently) on 2; B's file has a score after the label.
make_files() {  # a b
  : >gold; : >a.pred; : >b.pred
  local i
  for ((i = 0; i < $1; i++)); do echo x >>gold; echo x >>a.pred; echo "y 0.5" >>b.pred; done
  for ((i = 0; i < $2; i++)); do echo x >>gold; echo z >>a.pred; echo "x -1" >>b.pred; done
  for ((i = 0; i < 3; i++)); do echo w >>gold; echo w >>a.pred; echo "w 2" >>b.pred; done
  for ((i = 0; i < 2; i++)); do echo w >>gold; echo x >>a.pred; echo "y 2" >>b.pred; done
}

# 2 * P(X <= 3), X ~ Binomial(14, 1/2) = 2 * (1 + 14 + 91 + 364) / 16384 = 0.057373...
make_files 3 11
expect_eq "3 against 11" "3 11 0.0574" "$(paired gold a.pred b.pred)"
make_files 11 3
expect_eq "11 against 3" "11 3 0.0574" "$(paired gold a.pred b.pred)"
# 2 * (1 + 17 + 136 + 680) / 131072 = 0.012726
make_files 3 14
expect_eq "3 against 14" "3 14 0.0127" "$(paired gold a.pred b.pred)"
# An even split, and no disagreement at all, give 1.
make_files 5 5
expect_eq "5 against 5" "5 5 1.0000" "$(paired gold a.pred b.pred)"
make_files 0 0
expect_eq "no disagreement" "0 0 1.0000" "$(paired gold a.pred b.pred)"
# 2 / 2^20 = 1.9e-6
make_files 0 20
expect_eq "0 against 20" "0 20 <0.0001" "$(paired gold a.pred b.pred)"
# Thousands of disagreements: the terms are summed in logs (2^-2900 is below
# the smallest double). 2 * P(X <= 1400), X ~ Binomial(2900, 1/2) = 0.0660
# (Python: 2 * sum(comb(2900, i) for i in range(1401)) / 2**2900).
make_files 1500 1400
expect_eq "1500 against 1400" "1500 1400 0.0660" "$(paired gold a.pred b.pred)"
# The same file twice: no disagreement.
expect_eq "a file against itself" "0 0 1.0000" "$(paired gold a.pred a.pred)"

# Files of other lengths are refused.
head -n -1 b.pred >short.pred
expect_code 1 paired gold a.pred short.pred 2>err.txt
grep -q "do not have one label each" err.txt || fail "no message: $(cat err.txt)"
echo "compare_paired: ok"

# shuffled: L'Ecuyer's combined generator's keys, sorted; the orders of seeds
# 1 and 2 on six lines, computed apart (Python integers: x = x * 40014 mod
# 2147483563, y = y * 40692 mod 2147483399 from x = s, y = 12345 + 7919 s;
# key x - y mod 2147483563).
printf '1\n2\n3\n4\n5\n6\n' > six.txt
expect_eq "shuffled, seed 1" "4 5 3 1 6 2" "$(shuffled 1 six.txt | tr '\n' ' ' | sed 's/ $//')"
expect_eq "shuffled, seed 2" "5 1 3 2 4 6" "$(shuffled 2 six.txt | tr '\n' ' ' | sed 's/ $//')"
