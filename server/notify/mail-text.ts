/**
 * Text written by people (names, messages) goes into mails as plain text that cannot pass for a link: control
 * and invisible characters go, and anything a mail client would turn into a link (a scheme, "www.", a bare domain,
 * an address) is defanged by bracketing its dots and colons. Links in mails are only ever built by the server from
 * ids. Mail clients and IDNA read "evil．com", "https：//" and "pay＠evil。com" as the ASCII they look like, so the
 * text is folded first (NFKC, and the ideographic full stops IDNA takes for a dot), then defanged.
 */
const INVISIBLE = /(?![\n\t])[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}]/gu;
// UTS 46 label separators besides '.': U+3002 ideographic, U+FF0E fullwidth, U+FF61 halfwidth ideographic full
// stop. One followed by a letter or digit is where a domain's dot would be; one ending a sentence stays as written.
const IDNA_DOT = /[\u3002\uff0e\uff61](?=[\p{L}\p{N}])/gu;
// A letter, digit or mark of any script: "пример.рф" and "例え.テスト" are domains too.
const WORD = String.raw`[\p{L}\p{N}\p{M}_-]`;
const AT = new RegExp(`@(?=${WORD})`, 'gu');
// A dot between a word and a letter is how every domain looks ("evil.example"); decimals stay as they are.
const DOMAIN_DOT = new RegExp(`(?<=${WORD})\\.(?=\\p{L})`, 'gu');

export function mailSafeText(text: string): string {
  return text
    .replace(INVISIBLE, '')
    .normalize('NFKC')
    .replace(IDNA_DOT, '.')
    .replace(INVISIBLE, '')
    .replace(/:\/\//g, '[:]//')
    .replace(/www\./gi, 'www[.]')
    .replace(AT, '[at]')
    .replace(DOMAIN_DOT, '[.]');
}
