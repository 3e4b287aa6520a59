import type { SelectHTMLAttributes } from 'react';
import { CURRENCY_CHOICES } from '../../../contract/currencies';
import { FieldError, Input, Label, Select } from '../../components/ui/input';
import { useMyRegistry } from './api';

/** Every ISO 4217 code, the common ones first: the one currency menu of prices, values and costs. */
export function CurrencySelect(props: SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <Select {...props}>
      {CURRENCY_CHOICES.map((c) => (
        <option key={c} value={c}>
          {c}
        </option>
      ))}
    </Select>
  );
}

/**
 * The currency a new amount starts in: the one the person usually prices in (GET /api/registry/me), else US
 * dollars, what every amount meant before currencies. `enabled` false asks nothing (a form not shown).
 */
export function useUsualCurrency(enabled = true): string {
  return useMyRegistry(enabled).data?.usualCurrency ?? 'USD';
}

/** A whole amount beside its currency, each with its own error; `id` names the amount, `${id}-currency` the menu. */
export function MoneyField({
  id,
  label,
  hint,
  amount,
  currency,
  onAmount,
  onCurrency,
  amountError,
  currencyError,
}: {
  id: string;
  label: string;
  hint?: string;
  amount: string;
  currency: string;
  onAmount: (value: string) => void;
  onCurrency: (value: string) => void;
  amountError?: string;
  currencyError?: string;
}) {
  const described = amountError ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className="grid gap-1.5">
      <div className="grid grid-cols-[1fr_auto] gap-2">
        <div className="grid gap-1.5">
          <Label htmlFor={id}>{label}</Label>
          <Input
            id={id}
            inputMode="numeric"
            value={amount}
            onChange={(e) => onAmount(e.target.value)}
            aria-invalid={amountError ? true : undefined}
            aria-describedby={described}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-currency`}>Currency</Label>
          <CurrencySelect
            id={`${id}-currency`}
            value={currency}
            onChange={(e) => onCurrency(e.target.value)}
            aria-invalid={currencyError ? true : undefined}
            aria-describedby={currencyError ? `${id}-currency-error` : undefined}
          />
        </div>
      </div>
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-stone-600">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`} message={amountError} />
      <FieldError id={`${id}-currency-error`} message={currencyError} />
    </div>
  );
}

/** A typed amount as the API takes it: "12 000" and "12,000" are 12000; empty is none. */
export const amountOf = (typed: string): number | null => {
  const v = typed.trim().replace(/[\s,]/g, '');
  return v ? Number(v) : null;
};
