import { hydrateOwnPage } from '@/app/hydrate-own-page';
import { LandingApp } from '@/app/landing-app';

/** landing-main.tsx's last step: the landing page, hydrated. */
void hydrateOwnPage(<LandingApp />);
