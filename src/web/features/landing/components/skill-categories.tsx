import { landingAnchors } from '@/lib/paths';
import { Container } from '@/components/ui/container';
import { SectionHeading } from '@/features/landing/components/section-heading';
import { skillCategories } from '@/features/landing/landing-content';

export function SkillCategories() {
  return (
    <section id={landingAnchors.skills} aria-labelledby="skills-title" className="bg-surface py-16 sm:py-24">
      <Container size="wide">
        <SectionHeading
          id="skills-title"
          eyebrow="Skills"
          title="Whatever you are good at, someone nearby needs it"
          description="A few of the categories members trade in. Everyday know-how counts as much as professional expertise."
        />
        <ul className="mt-12 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {skillCategories.map(({ Icon, name, examples }) => (
            <li
              key={name}
              className="group rounded-2xl border border-border bg-canvas p-5 transition-colors hover:border-brand-300 hover:bg-brand-50/60"
            >
              <div className="flex items-center gap-3">
                <span className="inline-flex size-10 items-center justify-center rounded-lg bg-surface text-brand-700 shadow-card">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <h3 className="font-semibold">{name}</h3>
              </div>
              <ul className="mt-4 flex flex-wrap gap-2" aria-label={`${name} examples`}>
                {examples.map((example) => (
                  <li key={example} className="rounded-full bg-surface px-2.5 py-1 text-xs font-medium text-fg-muted ring-1 ring-border">
                    {example}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}
