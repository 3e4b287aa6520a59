/** First and last name from a display name: the first word, then the rest ("Ana María Ruiz" → "Ana", "María Ruiz"). */
export function splitName(displayName: string): { firstName: string; lastName: string } {
  const [first = '', ...rest] = displayName.trim().split(/\s+/);
  return { firstName: first, lastName: rest.join(' ') };
}
