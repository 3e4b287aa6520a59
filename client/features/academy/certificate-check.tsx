import { useEffect, useState } from 'react';
import { ShieldAlert, ShieldCheck } from 'lucide-react';
import { algorithmName, verifyCertificateJwt, type JwtCheck } from '../../../contract/certificate-jwt';
import { revokedKeyMessage, type Jwks } from '../../../contract/certificates';
import { errorText } from '../../lib/api';
import { certificateDate } from './certificate-date';

/** What the signed credential itself says: the page shows these once the signature holds. */
function signedFacts(payload: Record<string, unknown>) {
  const subject = payload.credentialSubject as
    { name?: unknown; achievement?: { name?: unknown; creator?: { name?: unknown } } } | undefined;
  const issuer = payload.issuer as { name?: unknown } | undefined;
  return {
    learner: typeof subject?.name === 'string' ? subject.name : null,
    course: typeof subject?.achievement?.name === 'string' ? subject.achievement.name : null,
    /** A course written by a luthier of the registry names them as the achievement's creator. */
    author: typeof subject?.achievement?.creator?.name === 'string' ? subject.achievement.creator.name : null,
    validFrom: typeof payload.validFrom === 'string' ? payload.validFrom : null,
    issuer: typeof issuer?.name === 'string' ? issuer.name : null,
  };
}

/** Checks the certificate's signature in this browser with the academy's published keys. */
export function useBrowserCheck(jwt: string, keys: Jwks | undefined): JwtCheck | null {
  const [check, setCheck] = useState<JwtCheck | null>(null);
  useEffect(() => {
    if (!keys) return;
    let live = true;
    void verifyCertificateJwt(jwt, keys).then((result) => {
      if (live) setCheck(result);
    });
    return () => {
      live = false;
    };
  }, [jwt, keys]);
  return check;
}

export function VerifyStatus({
  check,
  keysError,
  keyRevokedAt,
}: {
  check: JwtCheck | null;
  keysError: unknown;
  keyRevokedAt: string | null;
}) {
  // The academy withdrew the key: its signature proves nothing, whatever the browser's check says.
  if (keyRevokedAt)
    return (
      <div role="alert" className="flex gap-2 rounded-lg bg-red-50 p-3 text-red-900">
        <ShieldAlert className="size-5 shrink-0" aria-hidden />
        <p>
          <span className="font-semibold">This certificate does not verify.</span>{' '}
          {revokedKeyMessage(keyRevokedAt)}
        </p>
      </div>
    );
  if (keysError)
    return (
      <p role="alert" className="text-red-800">
        {errorText(keysError, 'The academy’s keys could not be fetched, so the signature was not checked.')}
      </p>
    );
  if (!check) return <p className="text-stone-700">Checking the signature in your browser…</p>;
  if (!check.ok)
    return (
      <div role="alert" className="flex gap-2 rounded-lg bg-red-50 p-3 text-red-900">
        <ShieldAlert className="size-5 shrink-0" aria-hidden />
        <p>
          <span className="font-semibold">This certificate does not verify.</span> {check.reason}
        </p>
      </div>
    );
  const facts = signedFacts(check.payload);
  return (
    <div className="flex gap-2 rounded-lg bg-emerald-50 p-3 text-emerald-950">
      <ShieldCheck className="size-5 shrink-0 text-emerald-800" aria-hidden />
      <div>
        <p className="font-semibold">Signature verified in your browser.</p>
        <p className="mt-1">
          Signed by {facts.issuer ?? 'the academy'} ({algorithmName(check.header.alg)}, key{' '}
          <span className="font-mono break-all">{check.header.kid}</span>): {facts.learner} completed “
          {facts.course}” on {facts.validFrom ? certificateDate(facts.validFrom) : 'an unknown date'}.
          {facts.author && ` The course was written by ${facts.author}.`}
        </p>
      </div>
    </div>
  );
}
