#!/usr/bin/env bash
# Makes the fonts the invoice PDFs embed (apps/server/fonts), from the npm registry's font
# packages. Run it again only to change the fonts; its output is committed.
#   Noto Sans Regular and Bold (Latin, Greek, Cyrillic, Vietnamese), unchanged.
#   Noto Sans SC Regular cut down to the common CJK characters: GB 2312, JIS X 0208, Big5
#   level 1, kana, CJK punctuation and full-width forms (about 11,000 characters, 3.6 MB
#   instead of 10.5 MB).
# Needs npm and fontTools (Debian: python3-fonttools).
set -euo pipefail
out="$(cd "$(dirname "$0")/.." && pwd)/apps/server/fonts"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cd "$work"

npm pack --silent @embedpdf/fonts-latin@1.0.0 @expo-google-fonts/noto-sans-sc@0.4.3 >/dev/null
mkdir latin sc
tar xzf embedpdf-fonts-latin-1.0.0.tgz -C latin
tar xzf expo-google-fonts-noto-sans-sc-0.4.3.tgz -C sc

cp latin/package/fonts/NotoSans-Regular.ttf latin/package/fonts/NotoSans-Bold.ttf "$out/"
cp latin/package/LICENSE "$out/OFL-NotoSans.txt"
cp sc/package/LICENSE_FONT "$out/OFL-NotoSansSC.txt"

/usr/bin/python3 - >unicodes.txt <<'PY'
def table(codec, his, los):
    found = set()
    for hi in his:
        for lo in los:
            try:
                found.update(bytes([hi, lo]).decode(codec))
            except UnicodeDecodeError:
                pass
    return found
chars = table('gb2312', range(0xA1, 0xF8), range(0xA1, 0xFF))
chars |= table('euc_jp', range(0xA1, 0xF5), range(0xA1, 0xFF))
chars |= table('big5', range(0xA4, 0xC7), [*range(0x40, 0x7F), *range(0xA1, 0xFF)])
for first, last in [(0x3000, 0x303F), (0x3040, 0x30FF), (0xFF00, 0xFFEF)]:
    chars.update(chr(c) for c in range(first, last + 1))
print('\n'.join('U+%04X' % ord(c) for c in sorted(chars) if ord(c) > 0x7F))
PY
/usr/bin/python3 -m fontTools.subset sc/package/400Regular/NotoSansSC_400Regular.ttf \
  --unicodes-file=unicodes.txt --layout-features='' --no-hinting \
  --output-file="$out/NotoSansSC-Regular-common.ttf"
ls -l "$out"
