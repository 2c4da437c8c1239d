import Container from '@mui/material/Container';
import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { failureText } from '../api/client.ts';
import { PageLoader } from '../ui/PageLoader.tsx';
import { connectionsApi } from './connectionsApi.ts';
import { connectionTexts } from './texts.ts';

const texts = connectionTexts.oauth;

/** States handed over already: React may run an effect twice in development, and a state works once. */
const handedOver = new Set<string>();

/** What the Connections page is told after a sign-in: the saved connection's outcome, or why nothing was saved. */
export interface OAuthOutcome {
  oauth: { ok: boolean; text: string; saved: boolean };
}

/**
 * /connections/oauth/callback, where the vendor sends the browser back after "Connect with …": hands the state and
 * code (or the vendor's error) to the server under the user's session, then returns to the Connections page, which
 * says what happened.
 */
export default function OAuthCallbackPage() {
  const [params] = useSearchParams();
  const complete = useMutation({ mutationFn: () => connectionsApi.completeOAuth(Object.fromEntries(params)) });
  const { mutate } = complete;
  const state = params.get('state') ?? '';
  useEffect(() => {
    if (handedOver.has(state)) return;
    handedOver.add(state);
    mutate();
  }, [mutate, state]);

  if (complete.isSuccess) {
    const { connection, verification } = complete.data;
    const text = verification.ok ? `${texts.connected(connection.name, connection.connectedWith ?? '')} ${verification.message}` : `${connection.name}: ${verification.message}`;
    const outcome: OAuthOutcome = { oauth: { ok: verification.ok, text, saved: true } };
    return <Navigate to="/connections" replace state={outcome} />;
  }
  if (complete.isError) {
    const outcome: OAuthOutcome = { oauth: { ok: false, text: failureText(complete.error, texts.completeFailed), saved: false } };
    return <Navigate to="/connections" replace state={outcome} />;
  }
  return (
    <Container maxWidth="sm" sx={{ py: 6 }} aria-label={texts.completing}>
      <PageLoader />
    </Container>
  );
}
