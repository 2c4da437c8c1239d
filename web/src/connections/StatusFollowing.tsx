import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { failureText } from '../api/client.ts';
import { queryKeys } from '../api/queryKeys.ts';
import { connectionsApi, type Connection } from './connectionsApi.ts';
import { followingSentence, statusTexts as texts, webhookWords } from './statusFollowing.ts';

/** A value to copy, in a monospace line that wraps anywhere. */
function Copyable({ label, value }: { label: string; value: string }) {
  return (
    <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
      {label}:{' '}
      <Box component="code" sx={{ fontFamily: 'monospace', fontWeight: 600 }}>
        {value}
      </Box>
    </Typography>
  );
}

/**
 * A connection's "Status" section: how its tickets follow their items, and for a tracker with a webhook, the address to
 * register and the secret to make (shown this once, with the steps in the tracker's words).
 */
export function StatusFollowing({ connection, trackerName, canManage }: { connection: Connection; trackerName: string; canManage: boolean }) {
  const queryClient = useQueryClient();
  const making = useMutation({
    mutationFn: () => connectionsApi.makeWebhookSecret(connection.id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.connections.all }),
  });
  const sentence = followingSentence(connection, trackerName);
  const webhook = connection.statusFollowing?.webhook ?? null;
  const words = webhookWords(connection.connectionType);
  if (!sentence && !webhook) return null;
  const made = making.data;
  return (
    <Box component="section" aria-label={`${texts.heading}: ${connection.name}`} sx={{ mt: 2 }}>
      <Typography variant="subtitle2" component="h4">
        {texts.heading}
      </Typography>
      {sentence && <Typography variant="body2">{sentence}</Typography>}
      {webhook && (
        <Box sx={{ mt: 1.5, display: 'grid', gap: 0.5 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {texts.webhookHeading}
          </Typography>
          <Typography variant="body2" color="textSecondary">
            {webhook.instructions}
          </Typography>
          <Copyable label={words.url} value={webhook.url} />
          {words.contentType && <Copyable label={texts.contentType} value={words.contentType} />}
          {words.username && <Copyable label={texts.username} value={words.username} />}
          {made ? (
            <Alert severity="warning" role="status" data-testid="webhook-secret">
              <Copyable label={words.secret} value={made.secret} />
              {texts.shownOnce}
            </Alert>
          ) : (
            <Typography variant="body2">{webhook.secretSet ? texts.secretSet : texts.secretMissing}</Typography>
          )}
          {making.isError && <Alert severity="error">{failureText(making.error, texts.makeFailed)}</Alert>}
          {canManage ? (
            <Box>
              <Button variant="outlined" size="small" disabled={making.isPending} onClick={() => making.mutate()}>
                {making.isPending ? texts.making : webhook.secretSet || made ? texts.makeNewSecret : texts.makeSecret}
              </Button>
            </Box>
          ) : (
            !webhook.secretSet && <Typography variant="body2" color="textSecondary">{texts.adminOnly}</Typography>
          )}
        </Box>
      )}
    </Box>
  );
}
