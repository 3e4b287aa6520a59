/**
 * Text written by people (names, messages) goes into mails as plain text that cannot pass for a link: control
 * characters go, and anything a mail client would turn into a link (a scheme, "www.", a bare domain, an address)
 * is defanged by bracketing its dots and colons. Links in mails are only ever built by the server from ids.
 */
const CONTROL = /(?![\n\t])[\p{Cc}\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/gu;

export function mailSafeText(text: string): string {
  return (
    text
      .replace(CONTROL, '')
      .replace(/:\/\//g, '[:]//')
      .replace(/www\./gi, 'www[.]')
      .replace(/@(?=[\w-])/g, '[at]')
      // A dot between a word and a letter is how every domain looks ("evil.example"); decimals stay as they are.
      .replace(/(?<=[\w-])\.(?=[a-z])/gi, '[.]')
  );
}
