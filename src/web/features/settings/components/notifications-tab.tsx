import { Link } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { SettingSwitches, type SettingRow } from '@/features/settings/components/setting-switches';
import { paths } from '@/lib/paths';

const NOTIFICATION_ROWS: readonly SettingRow[] = [
  {
    key: 'emailNotifications',
    label: 'Email Notifications',
    description: 'E-mails about exchange requests, their answers and completed exchanges.',
  },
  { key: 'newMessages', label: 'New Messages', description: 'An e-mail when a member messages you while you are away.' },
  { key: 'weeklyDigest', label: 'Weekly Digest', description: 'A weekly e-mail with new posts near you that match your skills.' },
];

/** The Notifications tab: which e-mails the member gets (the Notifications page itself always lists everything). */
export function NotificationsTab() {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Notifications</CardTitle>
        <CardDescription>
          Everything also appears on your{' '}
          <Link to={paths.notifications} className="font-medium text-brand-700 underline-offset-4 hover:underline">
            Notifications
          </Link>{' '}
          page as it happens.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <SettingSwitches rows={NOTIFICATION_ROWS} label="E-mail notifications" />
      </CardContent>
    </Card>
  );
}
