import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/use-toast';
import { deleteAccountSchema } from '../../../contract/account';
import { Field, FormError, formText } from '../../components/form-parts';
import { useSchemaSubmit } from '../../lib/use-schema-submit';
import { useDeleteAccount } from './api';
import { SettingsCard } from './settings-card';

export function DeleteSection() {
  const remove = useSchemaSubmit(deleteAccountSchema, useDeleteAccount());
  const navigate = useNavigate();
  const { fields } = remove;
  return (
    <SettingsCard
      title="Delete account"
      description="Your profile, shop and sessions are removed. Instruments you owned keep their history, shown as a former owner."
    >
      <form
        className="grid gap-4"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const data = new FormData(event.currentTarget);
          remove.submit(
            { password: formText(data, 'password') },
            {
              onSuccess: () => {
                toast({ title: 'Account deleted', description: 'Thank you for being part of the registry.' });
                void navigate('/', { replace: true });
              },
            },
          );
        }}
      >
        <FormError error={remove.error} />
        <Field
          id="del-password"
          name="password"
          type="password"
          label="Password"
          autoComplete="current-password"
          error={fields.password}
        />
        <Button
          type="submit"
          variant="destructive"
          className="justify-self-start"
          disabled={remove.isPending}
        >
          {remove.isPending ? 'Deleting...' : 'Delete my account'}
        </Button>
      </form>
    </SettingsCard>
  );
}
