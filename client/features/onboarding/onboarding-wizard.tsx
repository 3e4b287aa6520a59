import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { User } from '../../../contract/auth';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { Input, Label } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import { useFreshAccount } from '../../lib/account';
import { errorText } from '../../lib/api';
import { safeNextPath, setSignedInUser } from '../../lib/auth';
import { claimHandle, reserveHandle, saveOnboarding } from './api';
import { HandlePicker } from '../../components/handle-picker';
import { AboutStep, CraftStep, FirstInstrumentStep, InterestsStep } from './steps';
import { handleCheckKey, useHandleCheck } from '../../lib/use-handle-check';
import {
  answersFrom,
  changedAnswers,
  fromAccount,
  hasAnswers,
  normalizeAnswers,
  readDraft,
  removeDraft,
  sameAnswers,
  writeDraft,
  type OnboardingAnswers,
  type WizardState,
} from '../../lib/onboarding-draft';
import { ACCOUNT_KEY } from '../../lib/account';

const LUTHIER_STEPS = ['About you', 'Your craft', 'Your first instrument', 'Your shop handle'];
const USER_STEPS = ['About you', 'Your music', 'Your handle'];

/** Onboarding: 4 steps for a luthier, 3 for others; finishing reserves, claims and saves. */
export function OnboardingWizard({ user }: { user: User }) {
  // The server is the source of truth where this tab has no draft or an older one: the account is read afresh
  // (not from a cache another tab's saves left behind), and a draft made from other answers than it holds now
  // is dropped, so the wizard resumes from the account at the step its answers reached (decision 028).
  const account = useFreshAccount();
  if (!account.isFetchedAfterMount && !account.isError) return <Spinner />;
  const steps = (user.role === 'luthier' ? LUTHIER_STEPS : USER_STEPS).length;
  const saved = answersFrom(account.data ?? undefined);
  const stored = readDraft(user.id, steps);
  const current = stored && sameAnswers(stored.saved, saved) ? stored : null;
  return (
    <Wizard
      user={user}
      initial={current ?? fromAccount(user, account.data ?? undefined)}
      restored={current !== null || hasAnswers(saved)}
    />
  );
}

function Wizard({ user, initial, restored }: { user: User; initial: WizardState; restored: boolean }) {
  // Whether this visit resumed answers from before is decided once, when the wizard opens: the draft this visit
  // writes and the answers its own Next saves are not "what you entered before".
  const [resumed] = useState(restored);
  // Where the person was going when they signed up (a course to enrol in, a maker to write to): back there after.
  const [params] = useSearchParams();
  const next = safeNextPath(params.get('next'), '/');
  const isLuthier = user.role === 'luthier';
  const kind = isLuthier ? 'luthier' : 'user';
  const titles = isLuthier ? LUTHIER_STEPS : USER_STEPS;
  const last = titles.length - 1;
  const [step, setStep] = useState(initial.step);
  const [draft, setDraft] = useState<OnboardingAnswers>(initial.draft);
  const [handleInput, setHandleInput] = useState(initial.handleInput);
  const [shopName, setShopName] = useState(initial.shopName);
  // The answers the account holds (as of the last read or save): Next sends only what differs from them.
  const [saved, setSaved] = useState<OnboardingAnswers>(initial.saved);
  const finished = useRef(false);
  useEffect(() => {
    if (!finished.current) writeDraft(user.id, { step, draft, saved, handleInput, shopName });
  }, [user.id, step, draft, saved, handleInput, shopName]);
  const [phase, setPhase] = useState<'idle' | 'next' | 'claiming' | 'saving'>('idle');
  const [error, setError] = useState<string | null>(null);
  const check = useHandleCheck(handleInput, kind);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const update = (patch: Partial<OnboardingAnswers>) => setDraft((d) => ({ ...d, ...patch }));

  // Next and Back move focus to the new step's heading, so keyboard and screen reader users start reading
  // the step from its top (the button they pressed may no longer exist, or be disabled on the first step).
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const focusStep = useRef(false);
  const goTo = (next: number) => {
    focusStep.current = true;
    setStep(next);
  };
  useEffect(() => {
    if (!focusStep.current) return;
    focusStep.current = false;
    stepHeading.current?.focus();
  }, [step]);

  // Next keeps the answers on the account (onboarding stays unfinished), so they outlive this tab: a reload,
  // another tab or another device starts from them. A failed save stays on the step and says so.
  // A field emptied since the last save is sent blank, which clears it on the server.
  const saveAndNext = async () => {
    setError(null);
    const changes = changedAnswers(draft, saved);
    if (Object.keys(changes).length > 0) {
      try {
        setPhase('next');
        const me = await saveOnboarding(changes);
        setSaved(normalizeAnswers(draft));
        setSignedInUser(queryClient, me);
        await queryClient.invalidateQueries({ queryKey: ACCOUNT_KEY });
      } catch (err) {
        setError(`Your answers could not be saved: ${errorText(err)}`);
        return;
      } finally {
        setPhase('idle');
      }
    }
    goTo(step + 1);
  };

  const finish = async () => {
    setError(null);
    const slug = check.handle;
    try {
      setPhase('claiming');
      await reserveHandle(kind, slug);
      await claimHandle({ kind, slug, displayName: user.displayName, ...(isLuthier ? { shopName } : {}) });
      setPhase('saving');
      const me = await saveOnboarding({ ...changedAnswers(draft, saved), slug, onboardingComplete: true });
      finished.current = true;
      removeDraft(user.id);
      setSignedInUser(queryClient, me);
      await navigate(next, { replace: true });
    } catch (err) {
      setError(errorText(err));
      setPhase('idle');
      await queryClient.invalidateQueries({ queryKey: handleCheckKey(kind, slug) });
    }
  };

  const busy = phase !== 'idle';
  const finalLabel =
    phase === 'claiming'
      ? 'Claiming...'
      : phase === 'saving'
        ? 'Saving...'
        : check.status === 'checking'
          ? 'Checking...'
          : 'Complete Setup';
  const percent = Math.round(((step + 1) / titles.length) * 100);

  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <h1 className="font-serif text-3xl font-bold text-wood-900">Set up your profile</h1>
      <p className="mt-1 text-stone-600">
        Step {step + 1} of {titles.length}: {titles[step]}
      </p>
      {resumed && (
        <p role="status" className="mt-2 text-sm text-stone-600">
          Welcome back to your setup: what you entered before is still here.
        </p>
      )}
      <div
        role="progressbar"
        aria-label="Setup progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="mt-4 h-2 overflow-hidden rounded-full bg-stone-200"
      >
        <div className="h-full bg-wood-600 transition-all" style={{ width: `${percent}%` }} />
      </div>
      <Card className="mt-6">
        <CardContent className="grid gap-5 pt-5">
          <h2 ref={stepHeading} tabIndex={-1} className="font-serif text-xl font-semibold text-stone-900">
            {titles[step]}
          </h2>
          {step === 0 && <AboutStep draft={draft} update={update} />}
          {step === 1 &&
            (isLuthier ? (
              <CraftStep draft={draft} update={update} />
            ) : (
              <InterestsStep draft={draft} update={update} />
            ))}
          {isLuthier && step === 2 && <FirstInstrumentStep />}
          {step === last && (
            <>
              {isLuthier && (
                <div className="grid gap-1.5">
                  <Label htmlFor="shop-name">Workshop name</Label>
                  <Input
                    id="shop-name"
                    value={shopName}
                    maxLength={120}
                    onChange={(e) => setShopName(e.target.value)}
                  />
                </div>
              )}
              <HandlePicker kind={kind} value={handleInput} onChange={setHandleInput} {...check} />
            </>
          )}
          {error && (
            <p
              role="alert"
              className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
            >
              {error}
            </p>
          )}
          <div className="flex justify-between gap-3 border-t border-stone-200 pt-4">
            <Button variant="outline" onClick={() => goTo(step - 1)} disabled={step === 0 || busy}>
              Back
            </Button>
            {step < last ? (
              <Button onClick={() => void saveAndNext()} disabled={busy}>
                {phase === 'next' ? 'Saving...' : 'Next'}
              </Button>
            ) : (
              <Button
                onClick={() => void finish()}
                disabled={busy || check.status !== 'available' || (isLuthier && !shopName.trim())}
              >
                {finalLabel}
              </Button>
            )}
          </div>
        </CardContent>
      </Card>
    </div>
  );
}
