import { BellOff, LinkIcon, LoaderCircle } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { UNSUBSCRIBE_MESSAGES } from '@shared/schemas/unsubscribe';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Container } from '@/components/ui/container';
import { useUnsubscribe } from '@/features/unsubscribe/api/unsubscribe';
import { paths } from '@/lib/paths';
import { useDocumentTitle } from '@/lib/use-document-title';

const NOTIFICATION_SETTINGS = `${paths.settings}?tab=notifications`;

/**
 * /unsubscribe?token=…: where the unsubscribe link of a member e-mail lands. Turns the setting
 * off as soon as it opens (no sign-in needed: the token is signed for one member and one
 * setting), then says which setting is now off and links to Settings to turn it back on.
 */
export function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { mutate, data, isError } = useUnsubscribe();
  // Once per page, even when effects run twice in development (doing it twice would be harmless).
  const started = useRef(false);

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    mutate(token);
  }, [token, mutate]);

  const failed = !token || isError;
  const title = failed ? 'Invalid unsubscribe link' : data ? 'You are unsubscribed' : 'Unsubscribing...';
  useDocumentTitle(title);

  return (
    <Container size="narrow" className="flex justify-center py-10 sm:py-16">
      <Card className="w-full max-w-md" data-testid="unsubscribe-result">
        <CardHeader>
          <span
            aria-hidden="true"
            className={
              failed
                ? 'mb-2 flex size-12 items-center justify-center rounded-full bg-danger-50 text-danger-700'
                : 'mb-2 flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700'
            }
          >
            {failed ? <LinkIcon className="size-6" /> : data ? <BellOff className="size-6" /> : <LoaderCircle className="size-6 animate-spin motion-reduce:animate-none" />}
          </span>
          <h1 className="text-xl font-semibold tracking-tight text-balance">{title}</h1>
          <CardDescription role={failed ? 'alert' : 'status'}>
            {failed
              ? UNSUBSCRIBE_MESSAGES.token
              : data
                ? `${data.label} is now off. You will not get these e-mails any more.`
                : 'One moment while we update your e-mail settings.'}
          </CardDescription>
        </CardHeader>
        {failed || data ? (
          <CardContent className="space-y-4">
            {data ? <p className="text-sm text-fg-muted">Changed your mind? You can turn {data.label} back on in Settings at any time.</p> : null}
            <Button asChild size="lg" className="w-full">
              <Link to={NOTIFICATION_SETTINGS}>Open Settings</Link>
            </Button>
          </CardContent>
        ) : null}
      </Card>
    </Container>
  );
}
