import { landingAnchors } from '@/lib/paths';
import { Container } from '@/components/ui/container';
import { SectionHeading } from '@/features/landing/components/section-heading';
import { benefits } from '@/features/landing/landing-content';

export function Benefits() {
  return (
    <section id={landingAnchors.benefits} aria-labelledby="benefits-title" className="bg-brand-900 py-16 sm:py-24">
      <Container size="wide">
        <SectionHeading
          id="benefits-title"
          eyebrow="Benefits"
          title="Good for you, good for your neighborhood"
          inverted
        />
        <ul className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {benefits.map(({ Icon, title, description }) => (
            <li key={title} data-testid="benefit" className="rounded-2xl bg-white/5 p-6 ring-1 ring-white/10">
              <span className="inline-flex size-12 items-center justify-center rounded-xl bg-accent-300 text-brand-950">
                <Icon aria-hidden="true" className="size-6" />
              </span>
              <h3 className="mt-5 text-lg font-semibold text-white">{title}</h3>
              <p className="mt-2 leading-relaxed text-brand-100/85">{description}</p>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}
