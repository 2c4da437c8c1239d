import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import { useProjectConnection } from './projectConnection.ts';
import { connectionTexts } from './texts.ts';

const texts = connectionTexts.ticket;

/**
 * The spec's "Screens and routes": the ticket page warns, with a link to /connections, when the ticket's project has no
 * connection.
 */
export function MissingConnectionWarning({ project }: { project: string }) {
  const { data } = useProjectConnection(project);
  if (data === undefined || data.exists) return null;
  return (
    <Alert severity="warning" sx={{ overflowWrap: 'anywhere' }}>
      {texts.missing(project)}{' '}
      <Link component={RouterLink} to="/connections" color="inherit" sx={{ fontWeight: 600 }}>
        {texts.setUp}
      </Link>
    </Alert>
  );
}
