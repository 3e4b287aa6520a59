import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { Input, Label } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/use-toast';
import { errorText } from '../../lib/api';
import { setVerification, useAdminQueue, type VerifiableKind } from './api';
import { formatDay } from '../../lib/format-date';

function Statement({ v }: { v: { adminName: string; at: string; note: string } }) {
  return (
    <p className="text-xs text-stone-600">
      Verified by {v.adminName} on {formatDay(v.at)}: {v.note}
    </p>
  );
}

/** A badge that went without an admin's decision: what changed, so the admin knows what to check again. */
function Recheck({ reason }: { reason: string }) {
  return (
    <p className="mt-1 text-sm text-amber-800">
      <span className="font-medium">Needs a new check:</span> {reason}
    </p>
  );
}

/** The verification queue: shops and instruments, unverified by default, with verify / unverify. */
export function AdminQueuePanel() {
  const [showVerified, setShowVerified] = useState(false);
  // What the admin checked: required to verify, shown on the badge with their name and the date.
  const [note, setNote] = useState('');
  const client = useQueryClient();
  const query = useAdminQueue(showVerified);
  const verify = useMutation({
    mutationFn: ({ kind, id, verified }: { kind: VerifiableKind; id: string; verified: boolean }) =>
      setVerification(kind, id, verified ? { verified, note } : { verified }),
    onSuccess: async (_r, v) => {
      toast({ title: v.verified ? 'Verified' : 'Verification withdrawn' });
      if (v.verified) setNote('');
      await client.invalidateQueries();
    },
    onError: (error) => toast({ title: 'Error', description: errorText(error), variant: 'destructive' }),
  });
  const action = showVerified ? 'Unverify' : 'Verify';
  return (
    <div className="flex flex-col gap-6">
      <div role="group" aria-label="Queue" className="flex gap-2">
        <Button
          variant={showVerified ? 'ghost' : 'secondary'}
          aria-pressed={!showVerified}
          onClick={() => setShowVerified(false)}
        >
          Waiting for verification
        </Button>
        <Button
          variant={showVerified ? 'secondary' : 'ghost'}
          aria-pressed={showVerified}
          onClick={() => setShowVerified(true)}
        >
          Verified
        </Button>
      </div>
      {!showVerified && (
        <div>
          <Label htmlFor="verification-note">What did you check?</Label>
          <Input
            id="verification-note"
            value={note}
            maxLength={1000}
            placeholder="e.g. Saw the label and serial number; matched the workshop book"
            onChange={(e) => setNote(e.target.value)}
          />
          <p className="mt-1 text-xs text-stone-600">
            Required to verify. The badge shows this note with your name and today&rsquo;s date.
          </p>
        </div>
      )}
      {query.isPending ? (
        <Spinner />
      ) : query.isError ? (
        <p role="alert" className="text-red-700">
          {errorText(query.error, 'Failed to load the queue')}
        </p>
      ) : (
        <div className="grid gap-6 lg:grid-cols-2">
          <section aria-labelledby="q-shops" className="rounded-xl border border-stone-200 bg-white p-5">
            <h2 id="q-shops" className="font-serif text-xl font-semibold text-wood-900">
              Shops ({query.data.shops.length})
            </h2>
            <ul className="mt-3 divide-y divide-stone-100">
              {query.data.shops.map((s) => (
                <li key={s.id} className="flex items-center justify-between gap-3 py-2">
                  <div>
                    <Link to={`/l/${s.slug}`} className="font-medium text-wood-800 hover:underline">
                      {s.name}
                    </Link>
                    <p className="text-sm text-stone-600">
                      {s.ownerName}
                      {s.location ? ` · ${s.location}` : ''}
                    </p>
                    {s.verification && <Statement v={s.verification} />}
                    {s.recheckReason && <Recheck reason={s.recheckReason} />}
                  </div>
                  <Button
                    size="sm"
                    variant={showVerified ? 'outline' : 'default'}
                    aria-label={`${action} ${s.name}`}
                    disabled={verify.isPending}
                    onClick={() => verify.mutate({ kind: 'shops', id: s.id, verified: !showVerified })}
                  >
                    {action}
                  </Button>
                </li>
              ))}
              {!query.data.shops.length && <li className="py-2 text-sm text-stone-600">Nothing here.</li>}
            </ul>
          </section>
          <section
            aria-labelledby="q-instruments"
            className="rounded-xl border border-stone-200 bg-white p-5"
          >
            <h2 id="q-instruments" className="font-serif text-xl font-semibold text-wood-900">
              Instruments ({query.data.instruments.length})
            </h2>
            <ul className="mt-3 divide-y divide-stone-100">
              {query.data.instruments.map((i) => (
                <li key={i.id} className="flex items-center justify-between gap-3 py-2">
                  <div>
                    <Link to={`/instruments/${i.id}`} className="font-medium text-wood-800 hover:underline">
                      {i.name}
                    </Link>
                    <p className="text-sm text-stone-600">
                      {i.passportCode} · {i.makerName ?? 'Unknown maker'} · {i.yearMade}
                    </p>
                    {i.verification && <Statement v={i.verification} />}
                    {i.recheckReason && <Recheck reason={i.recheckReason} />}
                  </div>
                  <Button
                    size="sm"
                    variant={showVerified ? 'outline' : 'default'}
                    aria-label={`${action} ${i.name}`}
                    disabled={verify.isPending}
                    onClick={() => verify.mutate({ kind: 'instruments', id: i.id, verified: !showVerified })}
                  >
                    {action}
                  </Button>
                </li>
              ))}
              {!query.data.instruments.length && (
                <li className="py-2 text-sm text-stone-600">Nothing here.</li>
              )}
            </ul>
          </section>
        </div>
      )}
    </div>
  );
}
