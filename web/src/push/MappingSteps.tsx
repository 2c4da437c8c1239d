import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { failureText } from '../api/client.ts';
import { typeLabel } from '../connections/connectionTypes.ts';
import { TrackerUserInput } from '../connections/TrackerUserInput.tsx';
import { SelectField, type SelectOption } from '../ui/ListControls.tsx';
import { pushTexts } from './texts.ts';
import type { PushWizardState } from './usePushWizard.ts';
import { projectsWithoutConnection } from './wizard.ts';

const texts = pushTexts.mapConnections;

/** Map-connections: a connection (or none) for each project that has none; Continue adds it to the connection's projects. */
export function MapConnectionsStep({ wizard }: { wizard: PushWizardState }) {
  const { state, connections, dispatch } = wizard;
  const projects = state.analysis ? projectsWithoutConnection(state.analysis) : [];
  const options: SelectOption<string>[] = [
    { value: '', label: texts.none },
    ...(connections.data ?? []).map((connection) => ({
      value: connection.id,
      label: `${connection.name} (${typeLabel(connection.connectionType)}, ${connection.projectIdentifier})`,
    })),
  ];

  let fields;
  if (connections.isPending) fields = <CircularProgress size={28} aria-label={texts.loading} />;
  else if (connections.isError) fields = <Alert severity="error">{failureText(connections.error, texts.loadFailed)}</Alert>;
  else {
    fields = (
      <>
        {connections.data.length === 0 && (
          <Alert severity="info">
            {texts.noConnections}{' '}
            <Link component={RouterLink} to="/connections" color="inherit" sx={{ fontWeight: 600 }}>
              {texts.setUp}
            </Link>
          </Alert>
        )}
        {projects.map((entry) => (
          <Box key={entry.project}>
            <Typography variant="subtitle2" component="p" sx={{ mb: 1, overflowWrap: 'anywhere' }}>
              {texts.tickets(entry.project, entry.ticketIds.length)}
            </Typography>
            <SelectField
              label={texts.label(entry.project)}
              value={state.choices[entry.project] ?? ''}
              options={options}
              onChange={(connectionId) => dispatch({ type: 'choose-connection', project: entry.project, connectionId })}
              size="medium"
              fullWidth
              disabled={wizard.saving}
            />
          </Box>
        ))}
      </>
    );
  }

  return (
    <Stack spacing={2.5}>
      <Typography>{texts.intro}</Typography>
      {fields}
      {state.problem !== null && <Alert severity="error">{state.problem}</Alert>}
      {wizard.unmappedWarning !== null && <Alert severity="warning">{wizard.unmappedWarning}</Alert>}
      {wizard.saveError !== null && <Alert severity="error">{wizard.saveError}</Alert>}
    </Stack>
  );
}

/**
 * Map-users: a tracker username for each assignee a connection has no mapping for. Fields may stay empty: those
 * tickets are pushed without an assignee. Each list scrolls once it is taller than 8rem (the spec's "Screens and
 * routes").
 */
export function MapUsersStep({ wizard }: { wizard: PushWizardState }) {
  const { state, dispatch } = wizard;
  const groups = (state.analysis?.connections ?? []).filter((entry) => (state.usernames[entry.connection.id] ?? null) !== null);
  return (
    <Stack spacing={2.5}>
      <Typography>{pushTexts.mapUsers.intro}</Typography>
      {groups.map(({ connection }) => {
        const listLabel = pushTexts.mapUsers.listLabel(`${connection.name} (${typeLabel(connection.connectionType)})`);
        return (
          <Box key={connection.id} component="section" aria-label={listLabel}>
            <Typography variant="subtitle2" component="h3" sx={{ mb: 1, overflowWrap: 'anywhere' }}>
              {listLabel}
            </Typography>
            <Stack
              component="ul"
              spacing={2}
              sx={{ listStyle: 'none', m: 0, p: 0, pt: 1, pr: 1, maxHeight: '8rem', overflowY: 'auto' }}
            >
              {Object.entries(state.usernames[connection.id] ?? {}).map(([assignee, username]) => (
                <Box component="li" key={assignee}>
                  <TrackerUserInput
                    label={pushTexts.mapUsers.label(assignee)}
                    value={username}
                    target={{ connection_id: connection.id }}
                    onChange={(next) => dispatch({ type: 'username', connectionId: connection.id, assignee, username: next })}
                    size="small"
                  />
                </Box>
              ))}
            </Stack>
          </Box>
        );
      })}
    </Stack>
  );
}
