// Names and short texts are shown to other people; control characters and invisible direction/width marks would
// let a name rewrite how the text around it reads (a right-to-left override, a line break in a mail header).

// Control characters, zero-width and bidirectional override/isolate marks, the byte-order mark.
const INVISIBLE = /[\p{Cc}\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/u;
// The same, but line breaks and tabs are fine in longer texts (descriptions, bios).
const INVISIBLE_EXCEPT_LINES = /(?![\n\r\t])[\p{Cc}\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/u;

export const CONTROL_CHAR_MESSAGE = 'Remove control characters and invisible marks.';

/** True for a one-line text (names, titles, tags) without control characters or invisible marks. */
export const isCleanLine = (value: string) => !INVISIBLE.test(value);

/** True for a longer text without control characters or invisible marks; line breaks and tabs allowed. */
export const isCleanText = (value: string) => !INVISIBLE_EXCEPT_LINES.test(value);
