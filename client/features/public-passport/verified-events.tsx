import { describePassportEvent, eventDay } from '../../../presentation/passport-history';
import type { VerifiedEvent } from '../../../contract/log/verify-passport';
import { formatDay } from '../../lib/format-date';

/**
 * Beside the Verify panel's verdict: each event the browser checked against the signed log, in plain words, and
 * what such a check does not cover, said plainly whether or not it has run.
 */
export function VerifiedEvents({ events }: { events: VerifiedEvent[] | null }) {
  return (
    <div className="mt-4 text-sm text-stone-800">
      {events && (
        <>
          <h3 className="font-semibold text-wood-900">Checked against the log</h3>
          <ol className="mt-2 list-decimal space-y-1 pl-5">
            {events.map((e) => (
              <li key={e.index}>
                {formatDay(eventDay(e.type, e.leaf.data, e.at))}:{' '}
                {describePassportEvent(e.type, e.leaf.data) ?? e.type.replaceAll('_', ' ')}{' '}
                <span className="text-stone-500">(log entry {e.index.toLocaleString()})</span>
              </li>
            ))}
          </ol>
        </>
      )}
      <h3 className="mt-4 font-semibold text-wood-900">What this check does not cover</h3>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-stone-700">
        <li>
          It proves these events are in the registry’s signed log, unchanged and in order. It does not prove
          the facts are true, nor that the instrument in front of you is this one: compare the serial number,
          the label and the photos.
        </li>
        <li>
          Prices, notes, private owners’ names and other private values are in the log only as sealed
          commitments: the check confirms they were not changed, not what they say.
        </li>
        <li>
          Offers that were made and not accepted are not in the public log. Anything that happened to the
          instrument and was never recorded here is not covered.
        </li>
      </ul>
    </div>
  );
}
