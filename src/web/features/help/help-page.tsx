import { Check, Clock, Mail, MessageSquareText, Search } from 'lucide-react';
import type { FormEvent } from 'react';
import { toast } from 'sonner';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '@/components/ui/accordion';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Container } from '@/components/ui/container';
import { Input } from '@/components/ui/input';
import { ContactForm } from '@/features/help/components/contact-form';
import { faqEntries, guides, liveChatHours, responseTimes } from '@/features/help/help-content';
import { appConfig } from '@/lib/app-config';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /help: static help for members and for visitors who cannot sign in. */
export function HelpPage() {
  useDocumentTitle('Help & Support');

  function handleSearch(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Search is not built yet (the spec's box is non-functional); say so rather than show no results.
    toast.info('Help search is not available yet', { description: 'Browse the questions and guides below.' });
  }

  return (
    <>
      <section aria-labelledby="help-title" className="bg-gradient-to-b from-brand-50 to-canvas">
        <Container size="default" className="py-12 text-center sm:py-16">
          <h1 id="help-title" className="text-4xl font-semibold tracking-tight sm:text-5xl">
            Help & Support
          </h1>
          <p className="mx-auto mt-3 max-w-xl text-lg text-fg-muted">
            Answers, guides and ways to reach the {appConfig.appName} team.
          </p>
          <form role="search" onSubmit={handleSearch} className="relative mx-auto mt-8 max-w-xl">
            <label htmlFor="help-search" className="sr-only">
              Search help
            </label>
            <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-4 size-5 -translate-y-1/2 text-fg-subtle" />
            <Input
              id="help-search"
              type="search"
              placeholder="Search for answers..."
              className="h-12 rounded-full pl-12 shadow-card"
            />
          </form>
        </Container>
      </section>

      <Container size="default" className="space-y-16 py-12 sm:space-y-20 sm:py-16">
        <section aria-labelledby="faq-title" className="mx-auto max-w-3xl">
          <h2 id="faq-title" className="text-2xl font-semibold tracking-tight sm:text-3xl">
            Frequently Asked Questions
          </h2>
          <Accordion type="single" collapsible className="mt-6 rounded-2xl border border-border bg-surface px-5 shadow-card sm:px-6">
            {faqEntries.map((entry) => (
              <AccordionItem key={entry.value} value={entry.value} className="last:border-b-0">
                <AccordionTrigger className="text-base">{entry.question}</AccordionTrigger>
                <AccordionContent className="leading-relaxed">{entry.answer}</AccordionContent>
              </AccordionItem>
            ))}
          </Accordion>
        </section>

        <section aria-labelledby="guides-title">
          <h2 id="guides-title" className="text-2xl font-semibold tracking-tight sm:text-3xl">
            Guides
          </h2>
          <ul className="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
            {guides.map(({ Icon, title, description, tips }) => (
              <li key={title}>
                <Card className="h-full">
                  <CardHeader>
                    <span className="mb-2 inline-flex size-11 items-center justify-center rounded-xl bg-brand-100 text-brand-700">
                      <Icon aria-hidden="true" className="size-5" />
                    </span>
                    <CardTitle>{title}</CardTitle>
                    <CardDescription>{description}</CardDescription>
                  </CardHeader>
                  <CardContent>
                    <ul className="space-y-2 text-sm">
                      {tips.map((tip) => (
                        <li key={tip} className="flex gap-2">
                          <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-600" />
                          {tip}
                        </li>
                      ))}
                    </ul>
                  </CardContent>
                </Card>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="contact-title">
          <h2 id="contact-title" className="text-2xl font-semibold tracking-tight sm:text-3xl">
            Contact Support
          </h2>
          <div className="mt-6 grid gap-5 lg:grid-cols-[1fr_1.4fr]">
            <div className="space-y-5">
              <Card>
                <CardHeader className="flex-row items-start gap-4">
                  <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-100 text-brand-700">
                    <Mail aria-hidden="true" className="size-5" />
                  </span>
                  <div>
                    <CardTitle>Email</CardTitle>
                    <a
                      href={`mailto:${appConfig.supportEmail}`}
                      className="mt-1 inline-block font-medium break-all text-brand-700 underline underline-offset-4 hover:text-brand-800"
                    >
                      {appConfig.supportEmail}
                    </a>
                  </div>
                </CardHeader>
              </Card>
              <Card>
                <CardHeader className="flex-row items-start gap-4">
                  <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-100 text-brand-700">
                    <MessageSquareText aria-hidden="true" className="size-5" />
                  </span>
                  <div>
                    <CardTitle>Live chat</CardTitle>
                    <p className="mt-1 text-fg-muted">{liveChatHours}</p>
                  </div>
                </CardHeader>
              </Card>
              <Card>
                <CardHeader className="flex-row items-start gap-4">
                  <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-100 text-brand-700">
                    <Clock aria-hidden="true" className="size-5" />
                  </span>
                  <div className="flex-1">
                    <CardTitle>Response times</CardTitle>
                    <dl className="mt-2 divide-y divide-border text-sm">
                      {responseTimes.map(({ channel, time }) => (
                        <div key={channel} className="flex justify-between gap-4 py-2">
                          <dt className="text-fg-muted">{channel}</dt>
                          <dd className="font-medium text-fg">{time}</dd>
                        </div>
                      ))}
                    </dl>
                  </div>
                </CardHeader>
              </Card>
            </div>
            <Card>
              <CardHeader>
                <CardTitle id="contact-form-title">Send us a message</CardTitle>
                <CardDescription>Tell us what you need help with and how we can reach you.</CardDescription>
              </CardHeader>
              <CardContent>
                <ContactForm />
              </CardContent>
            </Card>
          </div>
        </section>
      </Container>
    </>
  );
}
