import { hydrateOwnPage } from '@/app/hydrate-own-page';
import { SignInApp } from '@/app/sign-in-app';

/** sign-in-main.tsx's last step: the sign-in page, hydrated. */
void hydrateOwnPage(<SignInApp />);
