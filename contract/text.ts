// Names and short texts are shown to other people. Characters that show nothing (format characters, fillers,
// tags, variation selectors), that no font draws the same way twice (private use, unassigned code points) or that
// pile up over a letter (runs of combining marks) let one name pass for another or hide what a text says, so every
// name and text field refuses them (docs/decisions/004, "Text").

// Control characters (Cc), format characters (Cf: zero-width joiners and spaces, bidi marks, soft hyphen, the
// byte-order mark, the tag characters), private use (Co), unassigned code points (Cn, noncharacters included),
// lone surrogates (Cs), the line and paragraph separators (Zl, Zp), the Hangul and Braille fillers that draw as
// blanks, the whole tag block, and every Default_Ignorable_Code_Point: what a renderer is told to draw as nothing
// (the combining grapheme joiner U+034F, the variation selectors U+FE00–FE0F and U+E0100–E01EF, the Khmer
// inherent vowels U+17B4–17B5, the Mongolian variation selectors U+180B–180F, ...), Mn or not.
const UNUSUAL = String.raw`\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Cs}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}\u115f\u1160\u3164\uffa0\u2800\u{e0000}-\u{e007f}`;
const INVISIBLE = new RegExp(`[${UNUSUAL}]`, 'u');
// Longer texts (descriptions, bios, messages) keep line breaks and tabs, and the two invisible characters emoji
// are made of, only where an emoji needs them: a variation selector right after a pictograph ("❤️") or in a keycap
// ("1️⃣"), and a zero-width joiner between emoji ("👩‍🔧", "🏳️‍🌈"). Anywhere else they are as invisible as in a name.
const EMOJI_PARTS = String.raw`(?<=\p{Extended_Pictographic})[\ufe0e\ufe0f]|(?<=[#*0-9])\ufe0f(?=\u20e3)|(?<=[\p{Extended_Pictographic}\p{Emoji_Modifier}\ufe0f])\u200d(?=\p{Extended_Pictographic})`;
const INVISIBLE_IN_TEXT = new RegExp(`(?![\\n\\r\\t])(?!${EMOJI_PARTS})[${UNUSUAL}]`, 'u');
// Accents stack one or two deep in the world's scripts; three or more in a row is "Zalgo" text.
const MARK_PILE = /\p{M}{3,}/u;

export const CONTROL_CHAR_MESSAGE = 'Remove invisible or unusual characters.';

/** True for a one-line text (names, titles, tags, serial numbers) without invisible or unusual characters. */
export const isCleanLine = (value: string) => !INVISIBLE.test(value) && !MARK_PILE.test(value);

/** True for a longer text without invisible or unusual characters; line breaks, tabs and emoji sequences allowed. */
export const isCleanText = (value: string) => !INVISIBLE_IN_TEXT.test(value) && !MARK_PILE.test(value);
