import { changeEmailSchema, changePasswordSchema, type Account } from '../../../contract/account';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/use-toast';
import { Field, FormError, formText } from '../../components/form-parts';
import { useSchemaSubmit } from '../../lib/use-schema-submit';
import { useChangeEmail, useChangePassword } from './api';
import { SettingsCard } from './settings-card';

export function PasswordSection() {
  const change = useSchemaSubmit(changePasswordSchema, useChangePassword());
  const { fields } = change;
  return (
    <SettingsCard
      title="Password"
      description="Changing it signs you out everywhere else and cancels every link we mailed before: email changes, confirmations and password resets."
    >
      <form
        className="grid gap-4"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const form = event.currentTarget;
          const data = new FormData(form);
          change.submit(
            {
              currentPassword: formText(data, 'currentPassword'),
              newPassword: formText(data, 'newPassword'),
            },
            {
              onSuccess: () => {
                form.reset();
                toast({
                  title: 'Password changed',
                  description: 'Your other sessions were ended and earlier mailed links no longer work.',
                });
              },
            },
          );
        }}
      >
        <FormError error={change.error} />
        <Field
          id="pw-current"
          name="currentPassword"
          type="password"
          label="Current password"
          autoComplete="current-password"
          error={fields.currentPassword}
        />
        <Field
          id="pw-new"
          name="newPassword"
          type="password"
          label="New password"
          autoComplete="new-password"
          error={fields.newPassword}
        />
        <Button type="submit" className="justify-self-start" disabled={change.isPending}>
          {change.isPending ? 'Saving...' : 'Change password'}
        </Button>
      </form>
    </SettingsCard>
  );
}

export function EmailSection({ account }: { account: Account }) {
  const change = useSchemaSubmit(changeEmailSchema, useChangeEmail());
  const { fields } = change;
  return (
    <SettingsCard
      title="Email"
      description={`You sign in with ${account.email}. A new address takes effect once you open the link we send to it; ${account.email} then gets a link to undo the change for 7 days.`}
    >
      <form
        className="grid gap-4"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const form = event.currentTarget;
          const data = new FormData(form);
          change.submit(
            { email: formText(data, 'email'), password: formText(data, 'password') },
            {
              onSuccess: () => {
                form.reset();
                toast({
                  title: 'Check your new inbox',
                  description:
                    'We sent a link to the new address. Your email changes once you open it; until then you keep signing in with the current one.',
                });
              },
            },
          );
        }}
      >
        <FormError error={change.error} />
        <Field
          id="em-new"
          name="email"
          type="email"
          label="New email"
          autoComplete="email"
          error={fields.email}
        />
        <Field
          id="em-password"
          name="password"
          type="password"
          label="Password"
          autoComplete="current-password"
          error={fields.password}
        />
        <Button type="submit" className="justify-self-start" disabled={change.isPending}>
          {change.isPending ? 'Saving...' : 'Change email'}
        </Button>
      </form>
    </SettingsCard>
  );
}
