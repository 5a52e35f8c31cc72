import { Check, ChevronDown, Quote } from 'lucide-react';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { cn } from '@/lib/cn';
import { landingAnchors } from '@/lib/paths';
import { Container } from '@/components/ui/container';
import { SectionHeading } from '@/features/landing/components/section-heading';
import { howItWorksSteps } from '@/features/landing/landing-content';

/**
 * Moves the focus between the step buttons as in an accordion (WAI-ARIA): arrow keys to the
 * next or previous one, wrapping, Home and End to the first and last.
 */
function moveFocus(event: KeyboardEvent<HTMLElement>, buttons: (HTMLButtonElement | null)[]) {
  const current = buttons.indexOf(event.target as HTMLButtonElement);
  if (current < 0) return;
  const last = buttons.length - 1;
  const next = { ArrowDown: current === last ? 0 : current + 1, ArrowUp: current === 0 ? last : current - 1, Home: 0, End: last }[event.key];
  if (next === undefined) return;
  event.preventDefault();
  buttons[next]?.focus();
}

/**
 * Three expandable step cards; opening one closes the others (a single, collapsible accordion).
 * Built here rather than with Radix's Accordion: the landing page's first load stays within its
 * 100 KB of JavaScript (issue 14), and these three cards need only the disclosure pattern.
 */
export function HowItWorks() {
  const [open, setOpen] = useState<string | null>(howItWorksSteps[0]?.value ?? null);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const baseId = useId();
  return (
    <section id={landingAnchors.howItWorks} aria-labelledby="how-it-works-title" className="py-16 sm:py-24">
      <Container>
        <SectionHeading
          id="how-it-works-title"
          eyebrow="How It Works"
          title="Three steps to your first swap"
          description="No money, no complicated rules. Open a step to see what it looks like in practice."
        />
        <div className="mx-auto mt-12 max-w-3xl space-y-4" onKeyDown={(event) => moveFocus(event, buttons.current)}>
          {howItWorksSteps.map((step, index) => {
            const isOpen = open === step.value;
            const state = isOpen ? 'open' : 'closed';
            const buttonId = `${baseId}-${step.value}-button`;
            const panelId = `${baseId}-${step.value}-panel`;
            return (
              <div
                key={step.value}
                data-state={state}
                data-testid="how-it-works-step"
                className="rounded-2xl border border-border bg-surface shadow-card transition-shadow data-[state=open]:border-brand-200 data-[state=open]:shadow-raised"
              >
                <h3 className="flex">
                  <button
                    ref={(element) => {
                      buttons.current[index] = element;
                    }}
                    type="button"
                    id={buttonId}
                    aria-expanded={isOpen}
                    aria-controls={panelId}
                    data-state={state}
                    onClick={() => setOpen(isOpen ? null : step.value)}
                    className={cn(
                      'group flex flex-1 items-center justify-between gap-4 px-5 py-5 text-left text-lg font-semibold transition-colors sm:px-6',
                      'hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
                    )}
                  >
                    <span className="flex items-center gap-4">
                      <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-700 text-white">
                        <step.Icon aria-hidden="true" className="size-5" />
                      </span>
                      <span className="flex flex-col">
                        <span className="text-sm font-medium text-brand-700">Step {index + 1}</span>
                        <span>{step.title}</span>
                      </span>
                    </span>
                    <ChevronDown
                      aria-hidden="true"
                      className="size-5 shrink-0 text-fg-subtle transition-transform duration-200 group-data-[state=open]:rotate-180 motion-reduce:transition-none"
                    />
                  </button>
                </h3>
                <p className="-mt-2 px-5 pb-5 pl-20 text-fg-muted sm:px-6 sm:pl-[5.25rem]">{step.summary}</p>
                {/* Open and close by animating the row from 0fr to 1fr: no height to measure. Closed, it is hidden (visibility) once shut. */}
                <div
                  id={panelId}
                  role="region"
                  aria-labelledby={buttonId}
                  data-state={state}
                  className={cn(
                    'grid transition-[grid-template-rows,visibility] duration-200 ease-out motion-reduce:transition-none',
                    isOpen ? 'visible grid-rows-[1fr]' : 'invisible grid-rows-[0fr]',
                  )}
                >
                  <div className="overflow-hidden">
                    <div className="px-5 pb-6 text-fg-muted sm:px-6">
                      <div className="border-t border-border pt-5">
                        <p className="leading-relaxed text-fg">{step.description}</p>
                        <div className="mt-6 grid gap-6 md:grid-cols-2">
                          <div>
                            <h4 className="text-sm font-semibold tracking-wide text-fg uppercase">Examples</h4>
                            <ul className="mt-3 space-y-2">
                              {step.examples.map((example) => (
                                <li key={example} className="flex gap-2 text-fg-muted">
                                  <Check aria-hidden="true" className="mt-1 size-4 shrink-0 text-brand-600" />
                                  {example}
                                </li>
                              ))}
                            </ul>
                          </div>
                          <figure className="rounded-xl bg-brand-50 p-5">
                            <Quote aria-hidden="true" className="size-5 text-brand-600" />
                            <h4 className="mt-2 text-sm font-semibold tracking-wide text-brand-800 uppercase">Sample story</h4>
                            <blockquote className="mt-2 leading-relaxed text-fg">{step.story.text}</blockquote>
                            <figcaption className="mt-3 text-sm font-medium text-brand-800">{step.story.author}</figcaption>
                          </figure>
                        </div>
                      </div>
                    </div>
                  </div>
                </div>
              </div>
            );
          })}
        </div>
      </Container>
    </section>
  );
}
