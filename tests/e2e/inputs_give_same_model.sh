# stdin, a file, the same lines split over several files, and every
# compression format all give the same examples, so the same model bytes.
source "$(dirname "$0")/lib.bash"
cd "$WORK"
"$HARE" gen -n 3000 --seed 3 > data.vw
sed -n '1,1000p' data.vw > part1
sed -n '1001,2000p' data.vw > part2
sed -n '2001,$p' data.vw > part3
# Compressed copies under names that say nothing: detection is by magic bytes.
gzip -c data.vw > data.a
bzip2 -c data.vw > data.b
xz -c data.vw > data.c
zstd -q -c data.vw > data.d
# CRLF line ends and no final newline change nothing either.
sed 's/$/\r/' data.vw > crlf.tmp && head -c -2 crlf.tmp > data.crlf

train() { "$HARE" train --quiet -b 20 "$@" 2>/dev/null; }
train data.vw -f ref.model
train -f stdin.model < data.vw
cat data.vw | train - -f pipe.model
train part1 part2 part3 -f parts.model
train data.a -f gzip.model
train data.b -f bzip2.model
train data.c -f xz.model
train data.d -f zstd.model
train data.crlf -f crlf.model
gzip -c part1 > p1.gz; zstd -q -c part2 > p2.zst
train p1.gz p2.zst part3 -f mixed.model
for m in stdin pipe parts gzip bzip2 xz zstd crlf mixed; do
  cmp -s ref.model $m.model || fail "$m.model differs from the model of the plain file"
done
# Training twice gives the same bytes.
train data.vw -f again.model
cmp -s ref.model again.model || fail "training twice gave different models"
echo "ok"
