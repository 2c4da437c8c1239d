import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { failureText } from '../api/client.ts';
import { FormError } from '../ui/FormFields.tsx';
import { connectionsApi, type ConnectionInput } from './connectionsApi.ts';
import { connectionTexts } from './texts.ts';

const texts = connectionTexts.oauth;

export interface OAuthConnectProps {
  /** Whose sign-in it is ("GitHub"), as the server says. */
  provider: string;
  type: string;
  /** The saved connection to reconnect, or null for a new one made from `input()`. */
  connectionId: string | null;
  input(): ConnectionInput;
  disabled: boolean;
}

/**
 * "Connect with …" beside the token fields: the server keeps the sign-in and answers the vendor's page, where the
 * browser goes; the vendor sends it back to /connections/oauth/callback (OAuthCallbackPage).
 */
export function OAuthConnect({ provider, type, connectionId, input, disabled }: OAuthConnectProps) {
  const start = useMutation({
    mutationFn: () => connectionsApi.startOAuth(type, connectionId === null ? { connection: input() } : { connection_id: connectionId }),
    onSuccess: (url) => window.location.assign(url),
  });
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      <FormError error={start.isError ? failureText(start.error, texts.startFailed) : null} />
      <Typography variant="body2" color="textSecondary">
        {connectionId === null ? texts.hint(provider) : texts.reconnectHint(provider)}
      </Typography>
      <Button variant="outlined" disabled={disabled || start.isPending || start.isSuccess} onClick={() => start.mutate()}>
        {start.isPending || start.isSuccess ? texts.opening(provider) : connectionId === null ? texts.connect(provider) : texts.reconnect(provider)}
      </Button>
    </Stack>
  );
}
