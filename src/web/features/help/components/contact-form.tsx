import { Mail } from 'lucide-react';
import type { FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { appConfig } from '@/lib/app-config';

function readField(data: FormData, name: string): string {
  const value = data.get(name);
  return typeof value === 'string' ? value.trim() : '';
}

/**
 * The help page's contact form. It does not send anything (there is no contact endpoint):
 * submitting explains that messages go by e-mail and offers to open one, pre-filled.
 */
export function ContactForm() {
  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const name = readField(data, 'name');
    const subject = readField(data, 'subject') || `${appConfig.appName} support request`;
    const message = readField(data, 'message');
    const body = name ? `${message}\n\n${name}` : message;
    const mailto = `mailto:${appConfig.supportEmail}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;

    toast.info('Messages are sent by e-mail', {
      description: `This form does not send messages. Please e-mail ${appConfig.supportEmail} and we will reply within 24 hours.`,
      duration: 10_000,
      action: {
        label: 'Open e-mail',
        onClick: () => {
          window.location.href = mailto;
        },
      },
    });
  }

  return (
    <form onSubmit={handleSubmit} className="space-y-4" aria-labelledby="contact-form-title" noValidate>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="space-y-1.5">
          <Label htmlFor="contact-name">Name</Label>
          <Input id="contact-name" name="name" autoComplete="name" />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="contact-email">Email</Label>
          <Input id="contact-email" name="email" type="email" autoComplete="email" />
        </div>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="contact-subject">Subject</Label>
        <Input id="contact-subject" name="subject" />
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="contact-message">Message</Label>
        <Textarea id="contact-message" name="message" rows={5} />
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-fg-muted">
          Messages are answered by e-mail from{' '}
          <a href={`mailto:${appConfig.supportEmail}`} className="font-medium text-brand-700 underline underline-offset-4">
            {appConfig.supportEmail}
          </a>
          .
        </p>
        <Button type="submit">
          <Mail aria-hidden="true" />
          Send Message
        </Button>
      </div>
    </form>
  );
}
