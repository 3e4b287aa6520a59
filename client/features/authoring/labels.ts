/** A stored value as a person reads it: "beginner" → "Beginner". */
export const label = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);
