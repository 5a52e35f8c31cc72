import { Link } from 'react-router';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/lib/paths';

/** The Notifications tab: what members are told about, and where. */
export function NotificationsTab() {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Notifications</CardTitle>
      </CardHeader>
      <CardContent>
        <p className="text-sm text-fg-muted">
          New exchange requests, answers to your requests, messages and ratings appear on your{' '}
          <Link to={paths.notifications} className="font-medium text-brand-700 underline-offset-4 hover:underline">
            Notifications
          </Link>{' '}
          page as they happen.
        </p>
      </CardContent>
    </Card>
  );
}
