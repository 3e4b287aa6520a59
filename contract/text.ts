// Names and short texts are shown to other people. Characters that show nothing (format characters, fillers,
// tags), that no font draws the same way twice (private use, unassigned code points) or that pile up over a
// letter (runs of combining marks) let one name pass for another or hide what a text says, so every name and
// text field refuses them (docs/decisions/004, "Text").

// Control characters (Cc), format characters (Cf: zero-width joiners and spaces, bidi marks, soft hyphen, the
// byte-order mark, the tag characters), private use (Co), unassigned code points (Cn, noncharacters included),
// lone surrogates (Cs), the Hangul and Braille fillers that draw as blanks, and the whole tag block.
const UNUSUAL = String.raw`\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Cs}\u115f\u1160\u3164\uffa0\u2800\u{e0000}-\u{e007f}`;
const INVISIBLE = new RegExp(`[${UNUSUAL}]`, 'u');
// The same, but line breaks and tabs are fine in longer texts (descriptions, bios).
const INVISIBLE_EXCEPT_LINES = new RegExp(`(?![\\n\\r\\t])[${UNUSUAL}]`, 'u');
// Accents stack one or two deep in the world's scripts; three or more in a row is "Zalgo" text.
const MARK_PILE = /\p{M}{3,}/u;

export const CONTROL_CHAR_MESSAGE = 'Remove invisible or unusual characters.';

/** True for a one-line text (names, titles, tags) without invisible or unusual characters. */
export const isCleanLine = (value: string) => !INVISIBLE.test(value) && !MARK_PILE.test(value);

/** True for a longer text without invisible or unusual characters; line breaks and tabs allowed. */
export const isCleanText = (value: string) => !INVISIBLE_EXCEPT_LINES.test(value) && !MARK_PILE.test(value);
