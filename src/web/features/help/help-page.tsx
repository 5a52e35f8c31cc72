import { Check, Clock, Mail, MessageSquareText, Search, SearchX } from 'lucide-react';
import { useDeferredValue, useMemo, useState, type FormEvent } from 'react';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '@/components/ui/accordion';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Container } from '@/components/ui/container';
import { Input } from '@/components/ui/input';
import { ContactForm } from '@/features/help/components/contact-form';
import { faqEntries, guides, liveChatHours, responseTimes } from '@/features/help/help-content';
import { matchesQuery, nodeText, queryWords } from '@/features/help/help-search';
import { appConfig } from '@/lib/app-config';
import { useDocumentTitle } from '@/lib/use-document-title';

/** The FAQ and guides with their words as plain text, computed once. */
const searchableFaq = faqEntries.map((entry) => ({ entry, texts: [entry.question, nodeText(entry.answer)] }));
const searchableGuides = guides.map((guide) => ({ guide, texts: [guide.title, guide.description, ...guide.tips] }));

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** /help: help for members and for visitors who cannot sign in; the search box filters the FAQ and guides as one types. */
export function HelpPage() {
  useDocumentTitle('Help & Support');
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const words = useMemo(() => queryWords(deferredQuery), [deferredQuery]);
  const searching = words.length > 0;
  const faqShown = searchableFaq.filter(({ texts }) => matchesQuery(words, texts)).map(({ entry }) => entry);
  const guidesShown = searchableGuides.filter(({ texts }) => matchesQuery(words, texts)).map(({ guide }) => guide);
  const nothingFound = searching && faqShown.length === 0 && guidesShown.length === 0;

  function handleSearch(event: FormEvent<HTMLFormElement>) {
    // The list filters as one types: Enter has nothing left to do but must not reload the page.
    event.preventDefault();
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
              autoComplete="off"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Escape' && query) {
                  event.preventDefault();
                  setQuery('');
                }
              }}
              aria-controls="help-results"
              className="h-12 rounded-full pl-12 shadow-card"
            />
          </form>
          <p role="status" className="mt-3 min-h-6 text-sm text-fg-muted">
            {searching && !nothingFound
              ? `${plural(faqShown.length, 'question', 'questions')} and ${plural(guidesShown.length, 'guide', 'guides')} match your search.`
              : ''}
          </p>
        </Container>
      </section>

      <Container size="default" className="space-y-16 py-12 sm:space-y-20 sm:py-16">
        <div id="help-results" className="space-y-16 sm:space-y-20">
          {nothingFound ? (
            <section aria-labelledby="no-results-title" className="mx-auto flex max-w-xl flex-col items-center text-center">
              <span className="inline-flex size-12 items-center justify-center rounded-full bg-surface-muted text-fg-muted">
                <SearchX aria-hidden="true" className="size-6" />
              </span>
              <h2 id="no-results-title" className="mt-4 text-xl font-semibold">
                No results
              </h2>
              <p className="mt-2 text-fg-muted">
                Nothing in our questions and guides matches “{deferredQuery.trim()}”. Try other words, or send us a message
                below.
              </p>
              <Button variant="outline" className="mt-5" onClick={() => setQuery('')}>
                Clear search
              </Button>
            </section>
          ) : null}

          {faqShown.length > 0 ? (
            <section aria-labelledby="faq-title" className="mx-auto max-w-3xl">
              <h2 id="faq-title" className="text-2xl font-semibold tracking-tight sm:text-3xl">
                Frequently Asked Questions
              </h2>
              <Accordion type="single" collapsible className="mt-6 rounded-2xl border border-border bg-surface px-5 shadow-card sm:px-6">
                {faqShown.map((entry) => (
                  <AccordionItem key={entry.value} value={entry.value} className="last:border-b-0">
                    <AccordionTrigger className="text-base">{entry.question}</AccordionTrigger>
                    <AccordionContent className="leading-relaxed">{entry.answer}</AccordionContent>
                  </AccordionItem>
                ))}
              </Accordion>
            </section>
          ) : null}

          {guidesShown.length > 0 ? (
            <section aria-labelledby="guides-title">
              <h2 id="guides-title" className="text-2xl font-semibold tracking-tight sm:text-3xl">
                Guides
              </h2>
              <ul className="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
                {guidesShown.map(({ Icon, title, description, tips }) => (
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
          ) : null}
        </div>

        <section id="contact" aria-labelledby="contact-title" className="scroll-mt-24">
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
