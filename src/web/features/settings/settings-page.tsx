import { useSearchParams } from 'react-router';
import { Container } from '@/components/ui/container';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { AccountTab } from '@/features/settings/components/account-tab';
import { NotificationsTab } from '@/features/settings/components/notifications-tab';
import { PrivacyTab } from '@/features/settings/components/privacy-tab';
import { useDocumentTitle } from '@/lib/use-document-title';

const TABS = ['account', 'notifications', 'privacy'] as const;
type SettingsTab = (typeof TABS)[number];

const isTab = (value: string | null): value is SettingsTab => TABS.some((tab) => tab === value);

/** /settings: tabs Account, Notifications and Privacy; `?tab=privacy` opens one directly. */
export function SettingsPage() {
  useDocumentTitle('Account Settings');
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: SettingsTab = isTab(requested) ? requested : 'account';

  function handleTabChange(next: string) {
    if (!isTab(next)) return;
    setParams(next === 'account' ? {} : { tab: next }, { replace: true });
  }

  return (
    <Container size="narrow" className="py-6 sm:py-8">
      <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">Account Settings</h1>
      <Tabs value={tab} onValueChange={handleTabChange} className="mt-6">
        <TabsList aria-label="Settings">
          <TabsTrigger value="account">Account</TabsTrigger>
          <TabsTrigger value="notifications">Notifications</TabsTrigger>
          <TabsTrigger value="privacy">Privacy</TabsTrigger>
        </TabsList>
        <TabsContent value="account">
          <AccountTab />
        </TabsContent>
        <TabsContent value="notifications">
          <NotificationsTab />
        </TabsContent>
        <TabsContent value="privacy">
          <PrivacyTab />
        </TabsContent>
      </Tabs>
    </Container>
  );
}
