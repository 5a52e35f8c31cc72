import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { Benefits } from '@/features/landing/components/benefits';
import { ClosingCallToAction } from '@/features/landing/components/closing-call-to-action';
import { Hero } from '@/features/landing/components/hero';
import { HowItWorks } from '@/features/landing/components/how-it-works';
import { SellingPoints } from '@/features/landing/components/selling-points';
import { SkillCategories } from '@/features/landing/components/skill-categories';
import { Testimonials } from '@/features/landing/components/testimonials';
import { scrollToSection } from '@/lib/scroll';
import { useDocumentTitle } from '@/lib/use-document-title';

/** Scrolls to `/#section` links, also when they are followed from another page. */
function useScrollToHash() {
  const { hash, key } = useLocation();
  useEffect(() => {
    if (hash.length > 1) scrollToSection(decodeURIComponent(hash.slice(1)));
  }, [hash, key]);
}

export function LandingPage() {
  useDocumentTitle();
  useScrollToHash();
  return (
    <>
      <Hero />
      <SellingPoints />
      <HowItWorks />
      <SkillCategories />
      <Benefits />
      <Testimonials />
      <ClosingCallToAction />
    </>
  );
}
