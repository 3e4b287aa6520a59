import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../components/ui/button';
import { useCheck } from '../features/public-passport/api';
import { CheckResultView } from '../features/public-passport/check-result';
import { errorText } from '../lib/api';
import { useDocumentTitle } from '../lib/use-document-title';

/** One box for a passport code or a serial number: before buying, anyone can ask whether it is stolen. */
export function CheckPage() {
  useDocumentTitle('Check an instrument');
  const [params, setParams] = useSearchParams();
  const q = params.get('q')?.trim() ?? '';
  const [value, setValue] = useState(q);
  const { data, dataUpdatedAt, error, isFetching } = useCheck(q);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (value.trim()) setParams({ q: value.trim() });
  };
  return (
    <div className="mx-auto max-w-xl px-4 py-12">
      <h1 className="font-serif text-4xl font-bold text-wood-900">Check an instrument</h1>
      <p className="mt-2 text-stone-700">
        Before you buy, insure or repair a handmade instrument, enter its passport code or its serial number.
      </p>
      <form onSubmit={submit} className="mt-6 flex gap-2" role="search">
        <label htmlFor="check-q" className="sr-only">
          Passport code or serial number
        </label>
        <input
          id="check-q"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          maxLength={64}
          placeholder="LR-7KQ2-M9XD or a serial number"
          className="h-10 flex-1 rounded-md border border-stone-300 px-3"
        />
        <Button type="submit" disabled={isFetching}>
          Check
        </Button>
      </form>
      <div aria-live="polite" className="mt-6">
        {error && (
          <p role="alert" className="rounded-lg bg-red-50 p-3 text-red-900">
            {errorText(error, 'The check could not be made. Try again in a minute.')}
          </p>
        )}
        {data && <CheckResultView data={data} checkedAt={new Date(dataUpdatedAt)} />}
      </div>
    </div>
  );
}
