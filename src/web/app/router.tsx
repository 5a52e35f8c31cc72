import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { AppShell } from '@/app/app-shell';
import { NotFoundPage } from '@/app/not-found-page';
import { OwnProfileRedirect } from '@/app/own-profile-redirect';
import { paths } from '@/app/paths';
import { PublicLayout } from '@/app/public-layout';
import { RequireAuth } from '@/app/require-auth';
import { RootLayout, RouteFallback } from '@/app/root-layout';
import { SignedOutOnly } from '@/app/signed-out-only';
import { ComingSoon } from '@/components/coming-soon';
import { appConfig } from '@/lib/app-config';

/** A screen that a later issue builds; the title is the spec's. */
function placeholder(path: string, title: string): RouteObject {
  return { path, element: <ComingSoon title={title} /> };
}

/*
 * Pages are lazy-loaded so the first load stays small; the shells, guards and placeholders
 * above are tiny and load with the entry.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    hydrateFallbackElement: <RouteFallback />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          {
            index: true,
            lazy: async () => ({ Component: (await import('@/features/landing/landing-route')).LandingRoute }),
          },
          {
            element: <SignedOutOnly />,
            children: [
              placeholder(paths.signup, `Join the ${appConfig.appName} Community`),
              placeholder(paths.login, 'Welcome Back'),
              placeholder(paths.signin, 'Welcome Back'),
              placeholder(paths.forgotPassword, "Can't log in?"),
            ],
          },
          placeholder(paths.verifyEmail, 'Check Your Email'),
          placeholder(paths.resetPassword, 'Choose a new password'),
          placeholder(paths.authCallback, 'Verifying your account...'),
          {
            path: paths.terms,
            lazy: async () => ({ Component: (await import('@/features/legal/terms-page')).TermsPage }),
          },
          {
            path: paths.privacy,
            lazy: async () => ({ Component: (await import('@/features/legal/privacy-page')).PrivacyPage }),
          },
          {
            path: paths.help,
            lazy: async () => ({ Component: (await import('@/features/help/help-page')).HelpPage }),
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      {
        element: <RequireAuth />,
        children: [
          {
            element: <AppShell />,
            children: [
              placeholder(paths.completeProfile, 'Complete Your Profile'),
              { path: paths.profile, element: <OwnProfileRedirect /> },
              placeholder(paths.profileEdit, 'Edit Profile'),
              placeholder(paths.profileView, 'Profile'),
              placeholder(paths.home, 'Discover and Connect'),
              placeholder(paths.homeDatabase, 'Discover and Connect'),
              placeholder(paths.search, 'Find Skills & Services'),
              placeholder(paths.messages, 'Messages'),
              placeholder(paths.network, 'My Network'),
              placeholder(paths.notifications, 'Notifications'),
              placeholder(paths.settings, 'Account Settings'),
              placeholder(paths.verification, 'Verification & Settings'),
            ],
          },
        ],
      },
      { path: paths.dashboard, element: <Navigate to={paths.home} replace /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
