import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { Spinner } from '../components/ui/spinner';
import { useAccount } from '../features/settings/api';
import { AvatarSection } from '../features/settings/avatar-section';
import { DeleteSection } from '../features/settings/delete-section';
import { PrivacySection } from '../features/settings/privacy-section';
import { ProfileSection } from '../features/settings/profile-section';
import { NotificationPreferencesSection } from '../features/notifications/preferences-section';
import { HandleSection } from '../features/settings/handle-section';
import { EmailSection, PasswordSection } from '../features/settings/security-section';
import { SessionsSection } from '../features/settings/sessions-section';
import { ShopSection } from '../features/settings/shop-section';
import { ShopCoverSection } from '../features/settings/shop-cover-section';
import { OpenShopSection, ShopNextSteps } from '../features/settings/open-shop-section';
import { errorText } from '../lib/api';
import { useDocumentTitle } from '../lib/use-document-title';

/** /settings (signed in; guests are stopped by the account gate). */
export function SettingsPage() {
  useDocumentTitle('Settings');
  const { data: account, isLoading, error } = useAccount();
  const { hash } = useLocation();
  const loaded = Boolean(account);
  // A link to one card (/settings#shop, #notification-mail) lands on it once the cards exist, not at the top.
  useEffect(() => {
    if (loaded && hash.length > 1)
      document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView?.();
  }, [loaded, hash]);
  if (isLoading) return <Spinner />;
  if (error || !account)
    return (
      <p role="alert" className="p-8 text-center text-stone-700">
        {errorText(error, 'Could not load your settings. Please refresh the page.')}
      </p>
    );
  return (
    <div className="mx-auto grid max-w-3xl gap-6 px-4 py-10">
      <h1 className="font-serif text-3xl font-bold text-wood-900">Settings</h1>
      <AvatarSection account={account} />
      <ProfileSection account={account} />
      {account.handle && <HandleSection account={{ ...account, handle: account.handle }} />}
      <ShopNextSteps account={account} />
      {account.shop && <ShopSection shop={account.shop} />}
      {account.shop && <ShopCoverSection shop={account.shop} />}
      <OpenShopSection account={account} />
      <PrivacySection />
      <EmailSection account={account} />
      <PasswordSection />
      <NotificationPreferencesSection />
      <SessionsSection />
      <DeleteSection />
    </div>
  );
}
