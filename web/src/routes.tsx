import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { RedirectIfSignedIn, RequireAuth } from './auth/guards.tsx';
import { AppLayout, AuthLayout } from './layout/AppLayout.tsx';

// Every page is its own chunk, so the landing page loads only its own code. The landing page and the frame around
// every page are plain markup; the other pages are drawn with MUI, which comes with the first of them (MuiPages).
// The pages that read or send data share the query cache, which the public pages do without.
const MuiPages = lazy(() => import('./layout/MuiPages.tsx'));
const QueryLayout = lazy(() => import('./api/QueryLayout.tsx'));
const LandingPage = lazy(() => import('./landing/LandingPage.tsx'));
const HelpPage = lazy(() => import('./help/HelpPage.tsx'));
const TermsOfServicePage = lazy(() => import('./legal/TermsOfServicePage.tsx'));
const RefundPolicyPage = lazy(() => import('./legal/RefundPolicyPage.tsx'));
const LoginPage = lazy(() => import('./auth/LoginPage.tsx'));
const SignupPage = lazy(() => import('./auth/SignupPage.tsx'));
const VerifyEmailPage = lazy(() => import('./auth/VerifyEmailPage.tsx'));
const ResetPasswordPage = lazy(() => import('./auth/ResetPasswordPage.tsx'));
const DashboardPage = lazy(() => import('./dashboard/DashboardPage.tsx'));
const TranscriptsPage = lazy(() => import('./transcripts/TranscriptsPage.tsx'));
const TranscriptDetailPage = lazy(() => import('./transcripts/TranscriptDetailPage.tsx'));
const SettingsPage = lazy(() => import('./settings/SettingsPage.tsx'));
const TicketsPage = lazy(() => import('./tickets/TicketsPage.tsx'));
const TicketDetailPage = lazy(() => import('./tickets/TicketDetailPage.tsx'));
const ConnectionsPage = lazy(() => import('./connections/ConnectionsPage.tsx'));
const OAuthCallbackPage = lazy(() => import('./connections/OAuthCallbackPage.tsx'));
const BillingPage = lazy(() => import('./billing/BillingPage.tsx'));
const TokenUsagePage = lazy(() => import('./usage/TokenUsagePage.tsx'));

/** The route table of the spec's "Screens and routes". */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        <Route index element={<LandingPage />} />
        <Route element={<MuiPages />}>
          <Route path="help" element={<HelpPage />} />
          <Route path="terms-of-service" element={<TermsOfServicePage />} />
          <Route path="refund-policy" element={<RefundPolicyPage />} />
          <Route element={<QueryLayout />}>
            <Route element={<RequireAuth />}>
              <Route path="dashboard" element={<DashboardPage />} />
              <Route path="transcripts" element={<TranscriptsPage />} />
              <Route path="transcripts/:id" element={<TranscriptDetailPage />} />
              <Route path="settings" element={<SettingsPage />} />
              <Route path="tickets" element={<TicketsPage />} />
              <Route path="tickets/:id" element={<TicketDetailPage />} />
              <Route path="connections" element={<ConnectionsPage />} />
              <Route path="connections/oauth/callback" element={<OAuthCallbackPage />} />
              <Route path="billing" element={<BillingPage />} />
              <Route path="token-usage" element={<TokenUsagePage />} />
            </Route>
          </Route>
        </Route>
      </Route>
      <Route element={<AuthLayout />}>
        <Route element={<MuiPages />}>
          <Route element={<QueryLayout />}>
            <Route element={<RedirectIfSignedIn />}>
              <Route path="login" element={<LoginPage />} />
              <Route path="signup" element={<SignupPage />} />
            </Route>
            {/* The verification page redirects a signed-in user itself, after showing the outcome of a link. */}
            <Route path="verify-email" element={<VerifyEmailPage />} />
            <Route path="reset-password" element={<ResetPasswordPage />} />
          </Route>
        </Route>
      </Route>
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}
