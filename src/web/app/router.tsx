import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { NotFoundPage } from '@/app/not-found-page';
import { OwnProfileRedirect } from '@/app/own-profile-redirect';
import { paths } from '@/lib/paths';
import { PublicLayout } from '@/app/public-layout';
import { RequireAuth } from '@/app/require-auth';
import { RootLayout, RouteFallback } from '@/app/root-layout';
import { SignedOutOnly } from '@/app/signed-out-only';

const loadSignUpPage = async () => ({ Component: (await import('@/features/auth/signup-page')).SignUpPage });
const loadLoginPage = async () => ({ Component: (await import('@/features/auth/login-page')).LoginPage });
const loadHomePage = async () => ({ Component: (await import('@/features/posts/home-page')).HomePage });

/*
 * Pages are lazy-loaded so the first load stays small; the shells and guards
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
              { path: paths.signup, lazy: loadSignUpPage },
              { path: paths.login, lazy: loadLoginPage },
              { path: paths.signin, lazy: loadLoginPage },
              {
                path: paths.forgotPassword,
                lazy: async () => ({
                  Component: (await import('@/features/auth/forgot-password-page')).ForgotPasswordPage,
                }),
              },
            ],
          },
          {
            path: paths.verifyEmail,
            lazy: async () => ({ Component: (await import('@/features/auth/verify-email-page')).VerifyEmailPage }),
          },
          {
            path: paths.resetPassword,
            lazy: async () => ({ Component: (await import('@/features/auth/reset-password-page')).ResetPasswordPage }),
          },
          {
            path: paths.authCallback,
            lazy: async () => ({ Component: (await import('@/features/auth/auth-callback-page')).AuthCallbackPage }),
          },
          {
            path: paths.terms,
            lazy: async () => ({ Component: (await import('@/features/legal/terms-page')).TermsPage }),
          },
          {
            path: paths.privacy,
            lazy: async () => ({ Component: (await import('@/features/legal/privacy-page')).PrivacyPage }),
          },
          {
            path: paths.unsubscribe,
            lazy: async () => ({ Component: (await import('@/features/unsubscribe/unsubscribe-page')).UnsubscribePage }),
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
            // The signed-in shell (top bar, menus, profile prompt) stays out of the landing page's bundle.
            lazy: async () => ({ Component: (await import('@/app/app-shell')).AppShell }),
            children: [
              {
                path: paths.completeProfile,
                lazy: async () => ({ Component: (await import('@/features/profile/complete-profile-page')).CompleteProfilePage }),
              },
              { path: paths.profile, element: <OwnProfileRedirect /> },
              {
                path: paths.profileEdit,
                lazy: async () => ({ Component: (await import('@/features/profile/edit-profile-page')).EditProfilePage }),
              },
              {
                path: paths.profileView,
                lazy: async () => ({ Component: (await import('@/features/profile/profile-page')).ProfilePage }),
              },
              { path: paths.home, lazy: loadHomePage },
              { path: paths.homeDatabase, lazy: loadHomePage },
              {
                path: paths.search,
                lazy: async () => ({ Component: (await import('@/features/posts/search-page')).SearchPage }),
              },
              {
                // One page for the list and each conversation (paths.messagesConversation), so the
                // list and its search stay put while the member moves between conversations.
                path: paths.messages,
                lazy: async () => ({ Component: (await import('@/features/messages/messages-page')).MessagesPage }),
                children: [{ index: true }, { path: ':id' }],
              },
              {
                path: paths.network,
                lazy: async () => ({ Component: (await import('@/features/network/network-page')).NetworkPage }),
              },
              {
                path: paths.notifications,
                lazy: async () => ({ Component: (await import('@/features/notifications/notifications-page')).NotificationsPage }),
              },
              {
                path: paths.settings,
                lazy: async () => ({ Component: (await import('@/features/settings/settings-page')).SettingsPage }),
              },
              {
                path: paths.verification,
                lazy: async () => ({ Component: (await import('@/features/verification/verification-page')).VerificationPage }),
              },
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
