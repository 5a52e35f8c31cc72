import { Download } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/** The address of the signed-in member's data export (one JSON file, served as a download). */
export const ACCOUNT_EXPORT_URL = '/api/account/export';

/** "Your data": download everything SkillSwap holds about the member as one JSON file. */
export function DownloadDataCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Your data</CardTitle>
        <CardDescription>
          Download a copy of your profile, posts, requests, messages, ratings and settings as one JSON file.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex justify-end">
        <Button asChild variant="outline" className="w-full sm:w-auto">
          <a href={ACCOUNT_EXPORT_URL} download>
            <Download aria-hidden="true" />
            Download my data
          </a>
        </Button>
      </CardContent>
    </Card>
  );
}
