import { useState, type FormEvent } from 'react';
import type { InstrumentDetail } from '../../../contract/registry';
import {
  ACQUISITION_METHODS,
  CATEGORIES_BY_TYPE,
  CONDITIONS,
  OWNER_FIELDS,
  categoryFits,
  describeKind,
  typeLabel,
  wrongCategoryMessage,
  type InstrumentCategory,
  type InstrumentType,
} from '../../../contract/registry-values';
import { InstrumentDrawing } from '../../components/instrument-drawing';
import { Button } from '../../components/ui/button';
import { FieldError, Input, Label, Select, Textarea } from '../../components/ui/input';
import { capitalize } from './format';
import { MoneyField } from './money-field';
import { TypeOptions, ValueOptions } from './value-options';

const TEXT_FIELDS = [
  ['model', 'Model'],
  ['serialNumber', 'Serial number'],
  ['bodyWood', 'Body wood'],
  ['neckWood', 'Neck wood'],
  ['fretboardWood', 'Fretboard wood'],
  ['finishType', 'Finish'],
] as const;
const NUMBER_FIELDS = [
  ['numberOfStrings', 'Number of strings'],
  ['scaleLength', 'Scale length (mm)'],
  ['yearMade', 'Year made'],
] as const;
const NUMERIC = new Set<string>([...NUMBER_FIELDS.map(([k]) => k), 'estimatedValue']);

type Values = Record<string, string>;

/**
 * A new passport has a type to start from but no category: a preselected one (it was "classical" for a guitar) was
 * kept unnoticed and became a fact of the passport. The maker picks it; the form says which ones fit.
 */
function initial(i?: InstrumentDetail): Values {
  const v: Values = {
    instrumentType: 'guitar',
    category: '',
    condition: '',
    firstOwnerMethod: 'commission',
  };
  if (!i) return { ...v, yearMade: String(new Date().getFullYear()) };
  for (const key of [
    'name',
    'instrumentType',
    'category',
    'description',
    'condition',
    ...TEXT_FIELDS.map(([k]) => k),
    ...NUMBER_FIELDS.map(([k]) => k),
    'estimatedValue',
    'estimatedValueCurrency',
  ]) {
    const value = (i as unknown as Record<string, unknown>)[key];
    v[key] = typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  }
  return v;
}

const isOwnerField = (k: string) => (OWNER_FIELDS as readonly string[]).includes(k);

/** Form values to the API body: numbers as numbers; empty optional fields are null on edit and left out on create. */
function toBody(values: Values, mode: 'create' | 'edit', ownerFields: boolean): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [k, raw] of Object.entries(values)) {
    if ((k === 'firstOwner' || k === 'firstOwnerMethod') && mode === 'edit') continue;
    if (!ownerFields && isOwnerField(k)) continue;
    // The currency goes with a value only: without one it means nothing (and null clears a stored one).
    if (k === 'estimatedValueCurrency' && !values.estimatedValue?.trim()) {
      if (mode === 'edit') body[k] = null;
      continue;
    }
    const v = k === 'estimatedValue' ? raw.replace(/[\s,]/g, '') : raw.trim();
    if (!v) {
      if (mode === 'edit' && k !== 'name' && k !== 'yearMade') body[k] = null;
      continue;
    }
    body[k] = NUMERIC.has(k) ? Number(v) : v;
  }
  if (mode === 'create' && !values.firstOwner?.trim()) delete body.firstOwnerMethod;
  return body;
}

/**
 * Register or edit build details: required name, type, category and year. Condition and estimated value are the
 * current owner's: a maker who no longer owns the instrument edits without them.
 */
export function InstrumentForm({
  mode,
  instrument,
  prefill,
  ownerFields = true,
  defaultCurrency = 'USD',
  pending,
  fieldErrors,
  onSubmit,
}: {
  mode: 'create' | 'edit';
  instrument?: InstrumentDetail;
  /** Values a new passport starts from (a course's instrument). */
  prefill?: Record<string, string>;
  ownerFields?: boolean;
  /** The estimated value's currency until one is chosen (or stored): the person's usual one. */
  defaultCurrency?: string;
  pending: boolean;
  fieldErrors: Record<string, string>;
  onSubmit: (body: Record<string, unknown>) => void;
}) {
  const [values, setValues] = useState<Values>(() => ({ ...initial(instrument), ...prefill }));
  const set = (k: string) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [k]: e.target.value }));
  // The category follows the type: one that fits the new type stays, any other is cleared to be chosen again.
  const setType = (e: { target: { value: string } }) =>
    setValues((v) => {
      const type = e.target.value as InstrumentType;
      const category = v.category ?? '';
      return { ...v, instrumentType: type, category: categoryFits(type, category) ? category : '' };
    });
  const type = values.instrumentType as InstrumentType;
  const categories = CATEGORIES_BY_TYPE[type] ?? [];
  // A missing category is told with the type's own choices, not only "Choose a category."
  const errors =
    fieldErrors.category && !values.category
      ? { ...fieldErrors, category: wrongCategoryMessage(type) }
      : fieldErrors;
  const err = (k: string) => ({
    'aria-invalid': Boolean(errors[k]) || undefined,
    'aria-describedby': errors[k] ? `${k}-error` : undefined,
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit(
      toBody(
        { ...values, estimatedValueCurrency: values.estimatedValueCurrency || defaultCurrency },
        mode,
        ownerFields,
      ),
    );
  };
  const field = (k: string, label: string, input: React.ReactNode) => (
    <div className="flex flex-col gap-1" key={k}>
      <Label htmlFor={`f-${k}`}>{label}</Label>
      {input}
      <FieldError id={`${k}-error`} message={errors[k]} />
    </div>
  );
  return (
    <form onSubmit={submit} className="flex flex-col gap-6" noValidate>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 font-serif text-lg font-semibold text-wood-900">Instrument</legend>
        {field(
          'name',
          'Name (required)',
          <Input id="f-name" required value={values.name ?? ''} onChange={set('name')} {...err('name')} />,
        )}
        {field(
          'instrumentType',
          'Type',
          <Select
            id="f-instrumentType"
            value={values.instrumentType}
            onChange={setType}
            {...err('instrumentType')}
          >
            <TypeOptions />
          </Select>,
        )}
        {field(
          'category',
          'Category (required)',
          <Select
            id="f-category"
            required
            value={values.category}
            onChange={set('category')}
            {...err('category')}
          >
            <option value="" disabled>
              Choose a category
            </option>
            <ValueOptions values={categories} />
          </Select>,
        )}
        {ownerFields &&
          field(
            'condition',
            'Condition',
            <Select
              id="f-condition"
              value={values.condition}
              onChange={set('condition')}
              {...err('condition')}
            >
              <option value="">Not stated</option>
              <ValueOptions values={CONDITIONS} />
            </Select>,
          )}
        {categories.length > 0 && (
          <div className="flex items-center gap-3 rounded-lg bg-wood-50 px-3 py-2 sm:col-span-2">
            <InstrumentDrawing
              type={type}
              category={values.category as InstrumentCategory}
              className="h-20 w-28 shrink-0"
            />
            <p className="text-sm text-stone-700" aria-live="polite">
              {values.category
                ? describeKind(type, values.category)
                : `${capitalize(typeLabel(type))}: choose its category.`}
            </p>
          </div>
        )}
      </fieldset>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 font-serif text-lg font-semibold text-wood-900">Build details</legend>
        {TEXT_FIELDS.map(([k, label]) =>
          field(k, label, <Input id={`f-${k}`} value={values[k] ?? ''} onChange={set(k)} {...err(k)} />),
        )}
        {NUMBER_FIELDS.filter(([k]) => ownerFields || !isOwnerField(k)).map(([k, label]) =>
          field(
            k,
            k === 'yearMade' ? `${label} (required)` : label,
            <Input
              id={`f-${k}`}
              type="number"
              inputMode="numeric"
              value={values[k] ?? ''}
              onChange={set(k)}
              {...err(k)}
            />,
          ),
        )}
        {ownerFields && (
          <div className="sm:col-span-2">
            <MoneyField
              id="f-estimatedValue"
              label="Estimated value (optional, private)"
              hint="A whole amount. Only you see it; the passport log keeps it sealed."
              amount={values.estimatedValue ?? ''}
              currency={values.estimatedValueCurrency || defaultCurrency}
              onAmount={(v) => setValues((s) => ({ ...s, estimatedValue: v }))}
              onCurrency={(v) => setValues((s) => ({ ...s, estimatedValueCurrency: v }))}
              amountError={errors.estimatedValue}
              currencyError={errors.estimatedValueCurrency}
            />
          </div>
        )}
        <div className="sm:col-span-2">
          {field(
            'description',
            'Description',
            <Textarea
              id="f-description"
              value={values.description ?? ''}
              onChange={set('description')}
              {...err('description')}
            />,
          )}
        </div>
      </fieldset>
      {mode === 'create' && (
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-2 font-serif text-lg font-semibold text-wood-900">First owner</legend>
          <p className="text-sm text-stone-600 sm:col-span-2">
            Leave empty to keep the instrument yourself. A person without an account receives an offer by
            email that waits for them.
          </p>
          {field(
            'firstOwner',
            'Email or handle',
            <Input
              id="f-firstOwner"
              value={values.firstOwner ?? ''}
              onChange={set('firstOwner')}
              {...err('firstOwner')}
            />,
          )}
          {field(
            'firstOwnerMethod',
            'Acquisition',
            <Select
              id="f-firstOwnerMethod"
              value={values.firstOwnerMethod}
              onChange={set('firstOwnerMethod')}
            >
              <ValueOptions values={ACQUISITION_METHODS} />
            </Select>,
          )}
        </fieldset>
      )}
      <div className="flex justify-end">
        <Button type="submit" disabled={pending}>
          {pending ? 'Saving...' : mode === 'create' ? 'Register instrument' : 'Save changes'}
        </Button>
      </div>
    </form>
  );
}
