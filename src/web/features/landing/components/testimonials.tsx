import { Star } from 'lucide-react';
import { Container } from '@/components/ui/container';
import { SectionHeading } from '@/features/landing/components/section-heading';
import { testimonials } from '@/features/landing/landing-content';

function initials(name: string): string {
  return name
    .split(/\s+/)
    .slice(0, 2)
    .map((word) => word.charAt(0))
    .join('')
    .toUpperCase();
}

export function Testimonials() {
  return (
    <section id="testimonials" aria-labelledby="testimonials-title" className="py-16 sm:py-24">
      <Container size="wide">
        <SectionHeading
          id="testimonials-title"
          eyebrow="Stories"
          title="What neighbors are saying"
          description="Sample stories that show the kind of swaps members make."
        />
        <ul className="mt-12 grid gap-5 md:grid-cols-2 xl:grid-cols-4">
          {testimonials.map((testimonial) => (
            <li key={testimonial.name} data-testid="testimonial">
              <figure className="flex h-full flex-col rounded-2xl border border-border bg-surface p-6 shadow-card">
                <div className="flex gap-0.5 text-accent-400" aria-hidden="true">
                  {[0, 1, 2, 3, 4].map((star) => (
                    <Star key={star} className="size-4 fill-current" />
                  ))}
                </div>
                <blockquote className="mt-4 flex-1 leading-relaxed text-fg">“{testimonial.quote}”</blockquote>
                <figcaption className="mt-6 flex items-center gap-3">
                  <span
                    aria-hidden="true"
                    className="inline-flex size-10 items-center justify-center rounded-full bg-brand-100 text-sm font-semibold text-brand-800"
                  >
                    {initials(testimonial.name)}
                  </span>
                  <span className="flex flex-col text-sm">
                    <span className="font-semibold text-fg">{testimonial.name}</span>
                    <span className="text-fg-muted">{testimonial.neighborhood}</span>
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}
