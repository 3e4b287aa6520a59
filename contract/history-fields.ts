/**
 * Every fact an edit or a correction records as a change `{field, from, to}` in a passport's history (the server
 * edits exactly these), with the words the history shows for it. A change is never shown by its key: a field
 * missing here fails to compile, and a key from elsewhere (an older event) is shown as "Another detail".
 */
export const HISTORY_FIELDS = [
  'name',
  'instrumentType',
  'category',
  'model',
  'serialNumber',
  'bodyWood',
  'neckWood',
  'fretboardWood',
  'finishType',
  'numberOfStrings',
  'scaleLength',
  'description',
  'yearMade',
  'estimatedValue',
  'estimatedValueCurrency',
  'condition',
] as const;
export type HistoryField = (typeof HISTORY_FIELDS)[number];

export const HISTORY_FIELD_LABELS: Readonly<Record<HistoryField, string>> = {
  name: 'Name',
  instrumentType: 'Type',
  category: 'Category',
  model: 'Model',
  serialNumber: 'Serial number',
  bodyWood: 'Body wood',
  neckWood: 'Neck wood',
  fretboardWood: 'Fretboard wood',
  finishType: 'Finish',
  numberOfStrings: 'Strings',
  scaleLength: 'Scale length (mm)',
  description: 'Description',
  yearMade: 'Year made',
  estimatedValue: 'Estimated value',
  estimatedValueCurrency: 'Currency of the estimated value',
  condition: 'Condition',
};

const isHistoryField = (field: string): field is HistoryField => Object.hasOwn(HISTORY_FIELD_LABELS, field);

/** The words for a changed field; never its key. */
export const historyFieldLabel = (field: string): string =>
  isHistoryField(field) ? HISTORY_FIELD_LABELS[field] : 'Another detail';
