import { ArrowRight, Check, ChevronDown } from 'lucide-react';
import { Link } from 'react-router';
import { landingAnchors, paths } from '@/lib/paths';
import { Button } from '@/components/ui/button';
import { Container } from '@/components/ui/container';
import { HeroIllustration } from '@/features/landing/components/hero-illustration';
import { appConfig } from '@/lib/app-config';
import { scrollToSection } from '@/lib/scroll';

const highlights = ['Free to join', 'No money changes hands', 'Ratings after every exchange'];

export function Hero() {
  function handleLearnMore() {
    const section = scrollToSection(landingAnchors.howItWorks);
    // Move keyboard and screen-reader focus along with the scroll.
    section?.querySelector<HTMLElement>('h2')?.focus({ preventScroll: true });
  }

  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden bg-gradient-to-b from-brand-50 via-canvas to-canvas">
      <div aria-hidden="true" className="pointer-events-none absolute -top-40 -right-32 size-[28rem] rounded-full bg-brand-100/60 blur-3xl" />
      <Container size="wide" className="relative grid items-center gap-12 py-14 sm:py-20 lg:grid-cols-[1.05fr_1fr] lg:gap-8 lg:py-24">
        <div className="max-w-xl">
          <p className="inline-flex items-center gap-2 rounded-full border border-brand-200 bg-surface/80 px-3 py-1 text-sm font-medium text-brand-800">
            <span aria-hidden="true" className="size-2 rounded-full bg-brand-500" />
            Neighbors trading skills, not money
          </p>
          <h1 id="hero-title" className="mt-6 text-5xl font-bold tracking-tight text-balance text-fg sm:text-6xl">
            Ready to <span className="text-brand-700">{appConfig.appName}</span>?
          </h1>
          <p className="mt-4 text-xl font-medium text-brand-800 sm:text-2xl">Every exchange grows you.</p>
          <p className="mt-5 text-lg leading-relaxed text-pretty text-fg-muted">
            Teach what you know and learn what you don't. {appConfig.appName} connects you with people nearby
            who trade skills (guitar lessons for garden help, tax tips for a tidy website) with no money changing
            hands.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Button asChild size="lg">
              <Link to={paths.signup}>
                Get Started
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
            <Button variant="outline" size="lg" onClick={handleLearnMore}>
              Learn More
              <ChevronDown aria-hidden="true" />
            </Button>
          </div>
          <ul className="mt-8 flex flex-wrap gap-x-6 gap-y-2 text-sm text-fg-muted">
            {highlights.map((item) => (
              <li key={item} className="flex items-center gap-2">
                <Check aria-hidden="true" className="size-4 text-brand-600" />
                {item}
              </li>
            ))}
          </ul>
        </div>
        <HeroIllustration className="mx-auto w-full max-w-md lg:max-w-xl" />
      </Container>
    </section>
  );
}
