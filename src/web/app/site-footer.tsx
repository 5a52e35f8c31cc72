import { AtSign, Camera, Mail, MessageCircle, Rss } from 'lucide-react';
import type { ComponentType, SVGProps } from 'react';
import { Link } from 'react-router';
import { landingAnchorPath, landingAnchors, paths } from '@/lib/paths';
import { BrandMark } from '@/components/brand-mark';
import { Container } from '@/components/ui/container';
import { PRERENDER_PLACEHOLDERS } from '@shared/prerender';
import { appConfig, isPrerendering } from '@/lib/app-config';
import { loadToast } from '@/lib/lazy-toast';

const linkGroups = [
  {
    heading: 'Explore',
    links: [
      { label: 'How It Works', to: landingAnchorPath(landingAnchors.howItWorks) },
      { label: 'Skills', to: landingAnchorPath(landingAnchors.skills) },
      { label: 'Benefits', to: landingAnchorPath(landingAnchors.benefits) },
      { label: 'Help', to: paths.help },
    ],
  },
  {
    heading: 'Account',
    links: [
      { label: 'Log In', to: paths.signin },
      { label: 'Sign Up', to: paths.signup },
      { label: 'Terms of Service', to: paths.terms },
      { label: 'Privacy Policy', to: paths.privacy },
    ],
  },
] as const;

interface SocialPlaceholder {
  name: string;
  Icon: ComponentType<SVGProps<SVGSVGElement>>;
}

const socialPlaceholders: SocialPlaceholder[] = [
  { name: 'Instagram', Icon: Camera },
  { name: 'Community forum', Icon: MessageCircle },
  { name: 'Newsletter', Icon: AtSign },
  { name: 'Blog', Icon: Rss },
];

/** Footer of the public pages: quick links, social placeholders, contact line, copyright. */
export function SiteFooter() {
  // Prerendered pages get the year they are served in from the server.
  const year = isPrerendering() ? PRERENDER_PLACEHOLDERS.year : new Date().getFullYear();
  return (
    <footer className="bg-brand-950 text-brand-50">
      <Container size="wide" className="py-12 sm:py-16">
        <div className="grid gap-10 md:grid-cols-[1.4fr_1fr_1fr]">
          <div className="max-w-sm">
            <Link to={paths.landing} aria-label={`${appConfig.appName} home`} className="inline-flex rounded-lg text-white">
              <BrandMark inverted />
            </Link>
            <p className="mt-4 text-sm leading-relaxed text-brand-100/80">
              Neighbors trading skills, not money. Every exchange grows you.
            </p>
            <p className="mt-5 flex items-center gap-2 text-sm text-brand-100/90">
              <Mail aria-hidden="true" className="size-4 shrink-0" />
              <span>
                Contact us at{' '}
                <a
                  href={`mailto:${appConfig.supportEmail}`}
                  className="font-medium text-white underline decoration-brand-300/60 underline-offset-4 hover:decoration-white"
                >
                  {appConfig.supportEmail}
                </a>
              </span>
            </p>
            <ul className="mt-6 flex gap-2" aria-label="Social media">
              {socialPlaceholders.map(({ name, Icon }) => (
                <li key={name}>
                  <button
                    type="button"
                    aria-label={`${name} (coming soon)`}
                    title={`${name}: coming soon`}
                    onClick={() => void loadToast().then((toast) => toast(`${name}: coming soon`))}
                    className="inline-flex size-10 items-center justify-center rounded-full bg-white/10 text-brand-50 transition-colors hover:bg-white/20 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-300"
                  >
                    <Icon aria-hidden="true" className="size-5" />
                  </button>
                </li>
              ))}
            </ul>
          </div>

          {linkGroups.map((group) => (
            <nav key={group.heading} aria-label={`Footer: ${group.heading}`}>
              <h2 className="text-sm font-semibold tracking-wide text-white uppercase">{group.heading}</h2>
              <ul className="mt-4 space-y-1">
                {group.links.map((link) => (
                  <li key={link.label}>
                    <Link
                      to={link.to}
                      className="inline-block rounded py-1.5 text-sm text-brand-100/85 transition-colors hover:text-white focus-visible:outline-brand-300"
                    >
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>

        <div className="mt-12 flex flex-col gap-2 border-t border-white/10 pt-6 text-sm text-brand-100/75 sm:flex-row sm:items-center sm:justify-between">
          <p>
            © {year} {appConfig.appName}. All rights reserved.
          </p>
          <p>Made for neighbors, with no money changing hands.</p>
        </div>
      </Container>
    </footer>
  );
}
