import { Check, Quote } from 'lucide-react';
import { Accordion as AccordionPrimitive } from 'radix-ui';
import { landingAnchors } from '@/lib/paths';
import { AccordionContent, AccordionTrigger } from '@/components/ui/accordion';
import { Container } from '@/components/ui/container';
import { SectionHeading } from '@/features/landing/components/section-heading';
import { howItWorksSteps } from '@/features/landing/landing-content';

/** Three expandable step cards; opening one closes the others. */
export function HowItWorks() {
  const firstStep = howItWorksSteps[0]?.value ?? '';
  return (
    <section id={landingAnchors.howItWorks} aria-labelledby="how-it-works-title" className="py-16 sm:py-24">
      <Container>
        <SectionHeading
          id="how-it-works-title"
          eyebrow="How It Works"
          title="Three steps to your first swap"
          description="No money, no complicated rules. Open a step to see what it looks like in practice."
        />
        <AccordionPrimitive.Root type="single" collapsible defaultValue={firstStep} className="mx-auto mt-12 max-w-3xl space-y-4">
          {howItWorksSteps.map((step, index) => (
            <AccordionPrimitive.Item
              key={step.value}
              value={step.value}
              data-testid="how-it-works-step"
              className="rounded-2xl border border-border bg-surface shadow-card transition-shadow data-[state=open]:border-brand-200 data-[state=open]:shadow-raised"
            >
              <AccordionTrigger className="gap-4 px-5 py-5 text-lg font-semibold sm:px-6">
                <span className="flex items-center gap-4">
                  <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-700 text-white">
                    <step.Icon aria-hidden="true" className="size-5" />
                  </span>
                  <span className="flex flex-col">
                    <span className="text-sm font-medium text-brand-700">Step {index + 1}</span>
                    <span>{step.title}</span>
                  </span>
                </span>
              </AccordionTrigger>
              <p className="-mt-2 px-5 pb-5 pl-20 text-fg-muted sm:px-6 sm:pl-[5.25rem]">{step.summary}</p>
              <AccordionContent className="px-5 pb-6 sm:px-6">
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
              </AccordionContent>
            </AccordionPrimitive.Item>
          ))}
        </AccordionPrimitive.Root>
      </Container>
    </section>
  );
}
