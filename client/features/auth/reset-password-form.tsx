import { CheckCircle2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { openAuthDialog } from '../../lib/auth';
import { useResetPassword } from './api';
import { resetPasswordSchema } from '../../../contract/auth';
import { Field, FormError, formText } from '../../components/form-parts';
import { useSchemaSubmit } from '../../lib/use-schema-submit';

/** Chooses the new password for a mailed reset link; afterwards the person signs in with it. */
export function ResetPasswordForm({ token }: { token: string }) {
  const reset = useSchemaSubmit(resetPasswordSchema, useResetPassword());
  const [mismatch, setMismatch] = useState(false);
  const { fields } = reset;
  if (reset.isSuccess) {
    return (
      <div className="grid gap-4 text-center">
        <CheckCircle2 className="mx-auto size-10 text-emerald-700" aria-hidden />
        <p role="status" className="text-stone-800">
          Your password has been changed. Every other sign-in was ended; sign in again with your new password.
        </p>
        <Button onClick={() => openAuthDialog('signin', '/dashboard')}>Sign in</Button>
      </div>
    );
  }
  return (
    <form
      className="grid gap-4"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const data = new FormData(event.currentTarget);
        const password = formText(data, 'password');
        const same = password === formText(data, 'confirm');
        setMismatch(!same);
        if (same) reset.submit({ token, password });
      }}
    >
      <FormError error={reset.error} />
      <Field
        id="new-password"
        name="password"
        type="password"
        label="New password"
        autoComplete="new-password"
        required
        minLength={8}
        error={fields.password}
      />
      <Field
        id="confirm-password"
        name="confirm"
        type="password"
        label="Repeat the new password"
        autoComplete="new-password"
        required
        error={mismatch ? 'The two passwords are not the same.' : undefined}
      />
      <Button type="submit" disabled={reset.isPending}>
        {reset.isPending ? 'Saving...' : 'Set new password'}
      </Button>
      {Boolean(reset.error) && fields.token && (
        <Button type="button" variant="outline" onClick={() => openAuthDialog('reset')}>
          Send a new reset link
        </Button>
      )}
    </form>
  );
}
