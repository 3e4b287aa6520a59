import type { User } from '../../../contract/auth';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import type { AuthMode, SignUpRole } from '../../lib/auth';
import { ResetRequestForm, SignInForm, SignUpForm } from './auth-forms';

/** The open sign-in dialog: three tabs. State and redirects live in AuthDialog. */
export function AuthDialogView({
  mode,
  role,
  title,
  onModeChange,
  onClose,
  onClosed,
  onSignedIn,
}: {
  mode: AuthMode;
  /** The sign-up form's preselected role. */
  role: SignUpRole;
  title: string;
  onModeChange: (mode: string) => void;
  onClose: () => void;
  /** After the dialog is gone: puts focus back where it was (Radix alone would return it to a trigger). */
  onClosed: () => void;
  onSignedIn: (user: User) => void;
}) {
  return (
    <Dialog open onOpenChange={(value) => !value && onClose()}>
      <DialogContent
        aria-describedby="auth-dialog-description"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          onClosed();
        }}
      >
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription id="auth-dialog-description">
          Your luthier pages, instrument passports and free courses in one account.
        </DialogDescription>
        <Tabs value={mode} onValueChange={onModeChange} className="mt-4">
          <TabsList className="grid w-full grid-cols-3" aria-label="Account">
            <TabsTrigger value="signin">Sign in</TabsTrigger>
            <TabsTrigger value="signup">Sign up</TabsTrigger>
            <TabsTrigger value="reset">Reset</TabsTrigger>
          </TabsList>
          <TabsContent value="signin">
            <SignInForm onSuccess={onSignedIn} onForgot={() => onModeChange('reset')} />
          </TabsContent>
          <TabsContent value="signup">
            <SignUpForm key={role} initialRole={role} onSuccess={onSignedIn} />
          </TabsContent>
          <TabsContent value="reset">
            <ResetRequestForm />
          </TabsContent>
        </Tabs>
      </DialogContent>
    </Dialog>
  );
}
