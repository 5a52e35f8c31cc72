import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useSession } from '@/lib/auth';

/** The Account tab: the member's e-mail, read-only (spec: 'Email cannot be changed here...'). */
export function AccountTab() {
  const { data: session } = useSession();
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Account</CardTitle>
      </CardHeader>
      <CardContent className="space-y-2">
        <Label htmlFor="settings-email">Email</Label>
        <Input id="settings-email" type="email" value={session?.user.email ?? ''} readOnly aria-describedby="settings-email-hint" />
        <p id="settings-email-hint" className="text-sm text-fg-muted">
          Email cannot be changed here. Contact support if needed.
        </p>
      </CardContent>
    </Card>
  );
}
