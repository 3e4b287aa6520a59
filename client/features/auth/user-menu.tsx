import { LogOut, Settings } from 'lucide-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { Button, buttonClasses } from '../../components/ui/button';
import { toast } from '../../components/ui/use-toast';
import { api } from '../../lib/api-client';
import { ME_KEY } from '../../lib/auth';
import { clearOnboardingDrafts } from '../../lib/onboarding-draft';

/** The signed-in person's header actions; its own chunk, since guests (most first visits) never need it. */
export function UserMenu() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const logout = useMutation({
    mutationFn: () => api('POST /api/auth/logout'),
    onSuccess: async () => {
      clearOnboardingDrafts();
      queryClient.clear();
      await queryClient.invalidateQueries({ queryKey: ME_KEY });
      await navigate('/');
    },
    onError: () =>
      toast({ title: 'Error', description: 'Could not log out. Please try again.', variant: 'destructive' }),
  });

  return (
    <>
      <Link to="/settings" className={buttonClasses('ghost', 'sm')}>
        <Settings aria-hidden />
        {/* Its word only where the header has room for it beside the page's name and the greeting. */}
        <span className="sr-only sm:not-sr-only lg:sr-only xl:not-sr-only">Settings</span>
      </Link>
      <Button variant="outline" size="sm" onClick={() => logout.mutate()} disabled={logout.isPending}>
        <LogOut aria-hidden />
        <span className="lg:sr-only xl:not-sr-only">Log out</span>
      </Button>
    </>
  );
}
