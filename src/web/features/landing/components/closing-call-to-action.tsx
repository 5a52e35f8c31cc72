import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { Button } from '@/components/ui/button';
import { Container } from '@/components/ui/container';

export function ClosingCallToAction() {
  return (
    <section aria-labelledby="closing-title" className="pb-16 sm:pb-24">
      <Container size="wide">
        <div className="relative overflow-hidden rounded-3xl bg-brand-700 px-6 py-12 text-center sm:px-12 sm:py-16">
          <div aria-hidden="true" className="absolute -top-24 -left-24 size-72 rounded-full bg-brand-500/40 blur-2xl" />
          <div aria-hidden="true" className="absolute -right-20 -bottom-28 size-72 rounded-full bg-accent-300/30 blur-2xl" />
          <div className="relative mx-auto max-w-2xl">
            <h2 id="closing-title" className="text-3xl font-semibold tracking-tight text-balance text-white sm:text-4xl">
              Your neighbors are ready when you are
            </h2>
            <p className="mt-4 text-lg text-brand-50/90">
              Joining is free. List one skill, ask for one thing, and make your first swap this week.
            </p>
            <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
              <Button asChild size="lg" className="bg-white text-brand-800 hover:bg-brand-50 focus-visible:outline-white">
                <Link to={paths.signup}>
                  Get Started
                  <ArrowRight aria-hidden="true" />
                </Link>
              </Button>
              <Button
                asChild
                size="lg"
                variant="ghost"
                className="text-white hover:bg-white/10 focus-visible:outline-white"
              >
                <Link to={paths.signin}>I already have an account</Link>
              </Button>
            </div>
          </div>
        </div>
      </Container>
    </section>
  );
}
