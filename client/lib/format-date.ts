/** A date as people read it, by default "March 2024". */
export const formatDate = (
  iso: string,
  options: Intl.DateTimeFormatOptions = { month: 'long', year: 'numeric' },
) => new Intl.DateTimeFormat('en', options).format(new Date(iso));
