import { PlaceholderPage } from './placeholder-page';

export function ForLuthiersPage() {
  return (
    <PlaceholderPage
      title="For Luthiers"
      intro="Tools for makers (build logs, certificates of authenticity and commission management) are coming soon."
      actions={['Join the waitlist', 'See the tools']}
    />
  );
}
