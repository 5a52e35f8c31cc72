import { landingAnchors } from '@/lib/paths';
import { Container } from '@/components/ui/container';
import { SectionHeading } from '@/features/landing/components/section-heading';
import { sellingPoints } from '@/features/landing/landing-content';
import { appConfig } from '@/lib/app-config';

export function SellingPoints() {
  return (
    <section id={landingAnchors.community} aria-labelledby="community-title" className="bg-surface py-16 sm:py-24">
      <Container size="wide">
        <SectionHeading
          id="community-title"
          eyebrow="Community"
          title="A neighborhood you can count on"
          description={`${appConfig.appName} is built around trust, so swapping with someone new feels as easy as borrowing a cup of sugar.`}
        />
        <ul className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {sellingPoints.map(({ Icon, title, description }) => (
            <li key={title} className="rounded-2xl border border-border bg-canvas p-6">
              <span className="inline-flex size-12 items-center justify-center rounded-xl bg-brand-100 text-brand-700">
                <Icon aria-hidden="true" className="size-6" />
              </span>
              <h3 className="mt-5 text-lg font-semibold">{title}</h3>
              <p className="mt-2 leading-relaxed text-fg-muted">{description}</p>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}
