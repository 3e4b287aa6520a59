#!/usr/bin/env python3
"""Builds the subset fonts in server/typeset/fonts/ that the PDFs, labels and share images draw with.

Uncompressed (not WOFF2): fontkit reads them at once and can subset them for PDFs; git compresses them anyway.

Run once by a developer when the coverage changes (the outputs are committed; serving needs none of this):
    apt-get install fonts-noto-core fonts-noto-mono fonts-droid-fallback fonts-nanum python3-fonttools python3-brotli
    /usr/bin/python3 scripts/fonts/build-fonts.py   # Debian's Python, which has those modules
Noto and Nanum fonts are under the SIL Open Font License 1.1, Droid Sans Fallback under the Apache License 2.0 (LICENSES.md
beside the outputs); both allow subsetting and redistribution with the software.
"""
import codecs
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
OUT = ROOT / "server" / "typeset" / "fonts"
NOTO = pathlib.Path("/usr/share/fonts/truetype/noto")
# Droid Sans Fallback (Apache 2.0; fonts-droid-fallback): TrueType outlines. Noto Sans CJK is CFF, CID-keyed,
# which fontkit cannot subset into a valid PDF font.
CJK = pathlib.Path("/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf")
# Droid Sans Fallback has no Hangul: Nanum Gothic (OFL 1.1; fonts-nanum) draws Korean.
HANGUL_SOURCE = pathlib.Path("/usr/share/fonts/truetype/nanum/NanumGothic.ttf")

# Latin (with the extensions European and Vietnamese names use), Greek, Cyrillic, punctuation and symbols.
LATIN = [
    "U+0020-007E", "U+00A0-024F", "U+0259", "U+02B0-02FF", "U+0300-036F", "U+0370-03FF", "U+0400-052F",
    "U+1E00-1EFF", "U+1F00-1FFF", "U+2000-206F", "U+20A0-20C0", "U+2100-214F", "U+2190-2199", "U+2212",
    "U+2022", "U+2026", "U+25CC", "U+FB00-FB06", "U+FFFD",
]
ARABIC = ["U+0600-06FF", "U+0750-077F", "U+08A0-08FF", "U+FB50-FDFF", "U+FE70-FEFF", "U+0020", "U+00A0", "U+25CC"]
HEBREW = ["U+0590-05FF", "U+FB1D-FB4F", "U+0020", "U+00A0", "U+25CC"]
# Scripts HarfBuzz shapes (conjuncts, reordering, marks): each face's own blocks, and what their shaping needs
# (spaces, the joiners, the dotted circle, the dandas the Indic scripts share). Digits and punctuation come from
# Noto Sans.
SHAPED_COMMON = ["U+0020", "U+00A0", "U+200C", "U+200D", "U+25CC", "U+0964-0965"]
SHAPED = {
    "Devanagari": ["U+0900-097F", "U+A8E0-A8FF", "U+1CD0-1CFF", "U+20B9"],
    "Bengali": ["U+0980-09FF"],
    "Tamil": ["U+0B80-0BFF", "U+11FC0-11FFF"],
    "Telugu": ["U+0C00-0C7F"],
    "Gujarati": ["U+0A80-0AFF"],
    "Gurmukhi": ["U+0A00-0A7F"],
    "Thai": ["U+0E00-0E7F"],
    "Lao": ["U+0E80-0EFF"],
    "Khmer": ["U+1780-17FF", "U+19E0-19FF"],
    "Myanmar": ["U+1000-109F", "U+A9E0-A9FF", "U+AA60-AA7F"],
    "Sinhala": ["U+0D80-0DFF", "U+111E0-111FF"],
    "Ethiopic": ["U+1200-139F", "U+2D80-2DDF", "U+AB00-AB2F", "U+1E7E0-1E7FF"],
    "Georgian": ["U+10A0-10FF", "U+1C90-1CBF", "U+2D00-2D2F"],
    "Armenian": ["U+0530-058F", "U+FB13-FB17"],
}


def charset(encoding: str, lead: range, trail: range) -> set[int]:
    """Every character a double-byte legacy character set encodes: the ones names and places are written in."""
    found = set()
    for a in lead:
        for b in trail:
            try:
                found.update(ord(c) for c in bytes([a, b]).decode(encoding))
            except UnicodeDecodeError:
                pass
    return found


def hangul_unicodes() -> list[str]:
    """The 2,350 Hangul syllables of KS X 1001 (the ones in use) and the compatibility jamo."""
    chars = {c for c in charset("euc_kr", range(0xB0, 0xC9), range(0xA1, 0xFF)) if 0xAC00 <= c <= 0xD7A3}
    chars |= set(range(0x3131, 0x318F))
    return [f"U+{c:04X}" for c in sorted(chars)]


def cjk_unicodes() -> list[str]:
    chars = set()
    chars |= charset("gb2312", range(0xA1, 0xF8), range(0xA1, 0xFF))  # simplified Chinese, 6,763 hanzi
    chars |= charset("euc_jp", range(0xA1, 0xF5), range(0xA1, 0xFF))  # JIS X 0208: kanji, kana
    chars |= charset("big5", range(0xA4, 0xC7), range(0x40, 0xFF))  # traditional Chinese, the common level
    chars |= charset("euc_kr", range(0xA1, 0xFE), range(0xA1, 0xFF))  # KS X 1001: 2,350 Hangul and hanja
    chars |= set(range(0x3000, 0x3100)) | set(range(0x31F0, 0x3200)) | set(range(0xFF00, 0xFFF0))
    chars = {c for c in chars if c >= 0x2E80}  # Latin, Greek and Cyrillic come from Noto Sans
    return [f"U+{c:04X}" for c in sorted(chars)]


def pad_glyphs(target: pathlib.Path) -> None:
    """Pads each TrueType glyph to 4 bytes: fontkit, subsetting for pdf-lib, writes short loca offsets (half the
    byte offset), which an odd-sized glyph breaks (the glyphs after it come out empty)."""
    from fontTools.ttLib import TTFont

    font = TTFont(target)
    if "glyf" in font:
        font["glyf"].padding = 4
        font.save(target)


def subset(source: pathlib.Path, name: str, unicodes: list[str]) -> None:
    target = OUT / f"{name}.ttf"
    (OUT / "unicodes.tmp").write_text("\n".join(unicodes))
    subprocess.run(
        [
            sys.executable, "-m", "fontTools.subset", str(source),
            f"--unicodes-file={OUT / 'unicodes.tmp'}", "--layout-features=*", "--no-hinting",
            f"--output-file={target}", "--name-IDs=0,1,2,3,4,5,6,13,14",
        ],
        check=True,
    )
    (OUT / "unicodes.tmp").unlink()
    pad_glyphs(target)
    print(f"{target.relative_to(ROOT)}: {target.stat().st_size} bytes")


OUT.mkdir(parents=True, exist_ok=True)
for style in ("Regular", "Bold"):
    subset(NOTO / f"NotoSans-{style}.ttf", f"NotoSans-{style}", LATIN)
    subset(NOTO / f"NotoSerif-{style}.ttf", f"NotoSerif-{style}", LATIN)
    subset(NOTO / f"NotoSansMono-{style}.ttf", f"NotoSansMono-{style}", LATIN)
    subset(NOTO / f"NotoSansArabic-{style}.ttf", f"NotoSansArabic-{style}", ARABIC)
    subset(NOTO / f"NotoSansHebrew-{style}.ttf", f"NotoSansHebrew-{style}", HEBREW)
    for script, ranges in SHAPED.items():
        subset(NOTO / f"NotoSans{script}-{style}.ttf", f"NotoSans{script}-{style}", ranges + SHAPED_COMMON)
# One weight of CJK (bold text is drawn emboldened): its glyphs are most of the bytes.
subset(CJK, "DroidSansFallback", cjk_unicodes())
subset(HANGUL_SOURCE, "NanumGothic", hangul_unicodes())
