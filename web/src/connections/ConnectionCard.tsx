import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/Edit';
import VerifiedIcon from '@mui/icons-material/VerifiedOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { formatDateTime } from '../ui/dates.ts';
import { SpreadRow } from '../ui/SpreadRow.tsx';
import { StatusBadge } from '../ui/StatusBadge.tsx';
import type { Connection } from './connectionsApi.ts';
import type { TypeForm } from './connectionTypes.ts';
import { DeliveryLog } from './DeliveryLog.tsx';
import { StatusFollowing } from './StatusFollowing.tsx';
import { connectionTexts } from './texts.ts';
import { stateLabel, verificationSentence, verificationState } from './verification.ts';

const texts = connectionTexts.list;
const stateTone = { never: 'default', working: 'success', failing: 'error' } as const;

export interface ConnectionCardProps {
  connection: Connection;
  /** The fields of its type, for their labels. */
  form: TypeForm;
  verifying: boolean;
  /** While another action runs, the buttons wait. */
  busy: boolean;
  onVerify(): void;
  /** Absent where the viewer may not edit (a member of a team workspace): no "Edit" button. */
  onEdit?: () => void;
  /** Absent where the viewer may not delete: no "Delete" button. */
  onDelete?: () => void;
}

/** The saved credential fields by their labels, e.g. 'API Token: saved'; values never leave the server. */
function credentialSummary({ credentials }: Connection, form: TypeForm): string {
  const labels = new Map(form.credentials.map(({ field, label }) => [field, label]));
  const named = [...new Set([...labels.keys(), ...Object.keys(credentials)])];
  if (named.length === 0) return texts.noCredentials;
  return named.map((field) => (credentials[field] ? texts.credentialSet : texts.credentialMissing)(labels.get(field) ?? field)).join(' · ');
}

/** Label and value pairs, side by side where there is room and stacked on phones. */
function Facts({ rows }: { rows: { label: string; value: ReactNode }[] }) {
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1 }}>
      {rows.map((row) => (
        <Box key={row.label} sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2 }}>
          <Typography component="dt" variant="body2" color="textSecondary" sx={{ flex: { xs: '1 0 100%', sm: '0 0 9.5rem' } }}>
            {row.label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, flex: '1 1 0', minWidth: 0, fontWeight: 600, overflowWrap: 'anywhere' }}>
            {row.value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** One connection in the list: what it connects, which credentials it has, whether it works, and its actions. */
export function ConnectionCard({ connection, form, verifying, busy, onVerify, onEdit, onDelete }: ConnectionCardProps) {
  const { name, settings, lastVerification } = connection;
  const state = verificationState(lastVerification);
  const headingId = `connection-${connection.id}`;
  const mappingCount = Object.keys(settings.userMappings).length;

  return (
    <Paper component="li" variant="outlined" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 }, listStyle: 'none' }}>
      <SpreadRow>
        <Box sx={{ minWidth: 0 }}>
          <Typography id={headingId} variant="h3" sx={{ fontSize: '1.15rem', overflowWrap: 'anywhere' }}>
            {name}
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}>
            <Chip size="small" variant="outlined" label={form.name} />
            <StatusBadge status={state} label={stateLabel[state]} tone={stateTone[state]} />
          </Box>
        </Box>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start', flexShrink: 0 }}>
          <Button variant="outlined" size="small" startIcon={<VerifiedIcon />} aria-label={texts.verifyConnection(name)} disabled={busy || verifying} onClick={onVerify}>
            {verifying ? texts.verifying : texts.verify}
          </Button>
          {onEdit && (
            <Button variant="outlined" size="small" startIcon={<EditIcon />} aria-label={texts.editConnection(name)} disabled={busy} onClick={onEdit}>
              {texts.edit}
            </Button>
          )}
          {onDelete && (
            <Button variant="outlined" size="small" color="error" startIcon={<DeleteOutlineIcon />} aria-label={texts.deleteConnection(name)} disabled={busy} onClick={onDelete}>
              {texts.delete}
            </Button>
          )}
        </Box>
      </SpreadRow>

      <Box sx={{ mt: 2 }}>
        <Facts
          rows={[
            { label: texts.target, value: connection.projectIdentifier },
            { label: texts.credentials, value: credentialSummary(connection, form) },
            { label: texts.extraProjects, value: settings.projectMappings.length === 0 ? texts.none : settings.projectMappings.join(', ') },
            { label: texts.userMappings, value: mappingCount === 0 ? texts.none : texts.mappingCount(mappingCount) },
          ]}
        />
      </Box>

      {lastVerification !== null && (
        <Typography role="status" variant="body2" color={lastVerification.ok ? 'success.dark' : 'error.dark'} sx={{ mt: 2, overflowWrap: 'anywhere' }}>
          {verificationSentence(lastVerification, connection.connectionType)}{' '}
          <Box component="span" sx={{ color: 'text.secondary' }}>
            {connectionTexts.verification.checkedAt(formatDateTime(lastVerification.at))}
          </Box>
        </Typography>
      )}
      <StatusFollowing connection={connection} trackerName={form.name} canManage={onEdit !== undefined} />
      <DeliveryLog connection={connection} />
    </Paper>
  );
}
