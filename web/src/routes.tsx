import { lazy, type ComponentType } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { RedirectIfSignedIn, RequireAuth } from './auth/guards.tsx';
import { AppLayout, AuthLayout } from './layout/AppLayout.tsx';

/**
 * A page drawn with MUI: its code and the MUI theme load together, in one round trip, and only with such a page.
 * The landing page and the frame around every page are plain markup and CSS (layout/frame.css).
 */
function muiPage(load: () => Promise<{ default: ComponentType }>) {
  return lazy(async () => {
    const [{ default: Page }, { default: MuiTheme }] = await Promise.all([load(), import('./layout/MuiTheme.tsx')]);
    return {
      default: function ThemedPage() {
        return (
          <MuiTheme>
            <Page />
          </MuiTheme>
        );
      },
    };
  });
}

// Every page is its own chunk, so the landing page loads only its own code.
// The pages that read or send data share the query cache, which the public pages do without.
const QueryLayout = lazy(() => import('./api/QueryLayout.tsx'));
const LandingPage = lazy(() => import('./landing/LandingPage.tsx'));
const HelpPage = muiPage(() => import('./help/HelpPage.tsx'));
const TermsOfServicePage = muiPage(() => import('./legal/TermsOfServicePage.tsx'));
const RefundPolicyPage = muiPage(() => import('./legal/RefundPolicyPage.tsx'));
const LoginPage = muiPage(() => import('./auth/LoginPage.tsx'));
const SignupPage = muiPage(() => import('./auth/SignupPage.tsx'));
const VerifyEmailPage = muiPage(() => import('./auth/VerifyEmailPage.tsx'));
const ResetPasswordPage = muiPage(() => import('./auth/ResetPasswordPage.tsx'));
const DashboardPage = muiPage(() => import('./dashboard/DashboardPage.tsx'));
const TranscriptsPage = muiPage(() => import('./transcripts/TranscriptsPage.tsx'));
const TranscriptDetailPage = muiPage(() => import('./transcripts/TranscriptDetailPage.tsx'));
const SettingsPage = muiPage(() => import('./settings/SettingsPage.tsx'));
const TicketsPage = muiPage(() => import('./tickets/TicketsPage.tsx'));
const TicketDetailPage = muiPage(() => import('./tickets/TicketDetailPage.tsx'));
const ConnectionsPage = muiPage(() => import('./connections/ConnectionsPage.tsx'));
const OAuthCallbackPage = muiPage(() => import('./connections/OAuthCallbackPage.tsx'));
const BillingPage = muiPage(() => import('./billing/BillingPage.tsx'));
const TokenUsagePage = muiPage(() => import('./usage/TokenUsagePage.tsx'));
const MembersPage = muiPage(() => import('./workspaces/MembersPage.tsx'));
const InvitationPage = muiPage(() => import('./workspaces/InvitationPage.tsx'));

/** The route table of the spec's "Screens and routes". */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        <Route index element={<LandingPage />} />
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
            <Route path="workspace/members" element={<MembersPage />} />
          </Route>
        </Route>
      </Route>
      <Route element={<AuthLayout />}>
        <Route element={<QueryLayout />}>
          <Route element={<RedirectIfSignedIn />}>
            <Route path="login" element={<LoginPage />} />
            <Route path="signup" element={<SignupPage />} />
          </Route>
          {/* The verification page redirects a signed-in user itself, after showing the outcome of a link. */}
          <Route path="verify-email" element={<VerifyEmailPage />} />
          <Route path="reset-password" element={<ResetPasswordPage />} />
          {/* Open to anyone with the link: what it shows depends on who is signed in, if anyone. */}
          <Route path="invitations/:token" element={<InvitationPage />} />
        </Route>
      </Route>
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}
