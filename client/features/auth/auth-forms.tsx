import { useState, type FormEvent } from 'react';
import { loginSchema, registerSchema, requestResetSchema, type User } from '../../../contract/auth';
import { Button } from '../../components/ui/button';
import { useRequestReset, useSignIn, useSignUp } from './api';
import { Field, FormError, formText } from '../../components/form-parts';
import { useSchemaSubmit } from '../../lib/use-schema-submit';
import { RoleChoice } from './role-choice';

const read = (event: FormEvent<HTMLFormElement>) => {
  event.preventDefault();
  const data = new FormData(event.currentTarget);
  return (name: string) => formText(data, name);
};

export function SignInForm({
  onSuccess,
  onForgot,
}: {
  onSuccess: (user: User) => void;
  onForgot: () => void;
}) {
  const signIn = useSchemaSubmit(loginSchema, useSignIn());
  const { fields } = signIn;
  return (
    <form
      className="grid gap-4"
      noValidate
      onSubmit={(event) => {
        const get = read(event);
        signIn.submit({ email: get('email'), password: get('password') }, { onSuccess });
      }}
    >
      <FormError error={signIn.error} />
      <Field
        id="signin-email"
        name="email"
        type="email"
        label="Email"
        autoComplete="email"
        required
        error={fields.email}
      />
      <Field
        id="signin-password"
        name="password"
        type="password"
        label="Password"
        autoComplete="current-password"
        required
        error={fields.password}
      />
      <button
        type="button"
        className="justify-self-start text-sm text-wood-700 underline-offset-4 hover:underline"
        onClick={onForgot}
      >
        Forgot password?
      </button>
      <Button type="submit" disabled={signIn.isPending}>
        {signIn.isPending ? 'Signing in...' : 'Sign in'}
      </Button>
    </form>
  );
}

export function SignUpForm({
  onSuccess,
  initialRole = 'user',
}: {
  onSuccess: (user: User) => void;
  initialRole?: 'user' | 'luthier';
}) {
  const signUp = useSchemaSubmit(registerSchema, useSignUp());
  const [role, setRole] = useState<'user' | 'luthier'>(initialRole);
  const { fields } = signUp;
  return (
    <form
      className="grid gap-4"
      noValidate
      onSubmit={(event) => {
        const get = read(event);
        signUp.submit(
          { displayName: get('displayName'), email: get('email'), password: get('password'), role },
          { onSuccess },
        );
      }}
    >
      <FormError error={signUp.error} />
      <Field
        id="signup-name"
        name="displayName"
        label="Display name"
        autoComplete="name"
        required
        error={fields.displayName}
      />
      <Field
        id="signup-email"
        name="email"
        type="email"
        label="Email"
        autoComplete="email"
        required
        error={fields.email}
      />
      <Field
        id="signup-password"
        name="password"
        type="password"
        label="Password"
        autoComplete="new-password"
        required
        error={fields.password}
      />
      <RoleChoice value={role} onChange={setRole} error={fields.role} />
      <Button type="submit" disabled={signUp.isPending}>
        {signUp.isPending ? 'Creating account...' : 'Create account'}
      </Button>
    </form>
  );
}

export function ResetRequestForm() {
  const reset = useSchemaSubmit(requestResetSchema, useRequestReset());
  const { fields } = reset;
  return (
    <form
      className="grid gap-4"
      noValidate
      onSubmit={(event) => {
        const get = read(event);
        reset.submit({ email: get('email') });
      }}
    >
      <p className="text-sm text-stone-600">
        Enter the email of your account and we will send you a link to choose a new password.
      </p>
      <FormError error={reset.error} />
      {reset.isSuccess && (
        <p
          role="status"
          className="rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900"
        >
          Check your email for a reset link.
        </p>
      )}
      <Field
        id="reset-email"
        name="email"
        type="email"
        label="Email"
        autoComplete="email"
        required
        error={fields.email}
      />
      <Button type="submit" disabled={reset.isPending}>
        {reset.isPending ? 'Sending reset link...' : 'Send reset link'}
      </Button>
    </form>
  );
}
