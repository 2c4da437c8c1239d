import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';

/** The link from a detail page back to its list, e.g. 'Back to Tickets'. */
export function BackLink({ to, label, gap = 2 }: { to: string; label: string; gap?: number }) {
  return (
    <Link component={RouterLink} to={to} sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: gap }}>
      <ArrowBackIcon fontSize="small" aria-hidden="true" />
      {label}
    </Link>
  );
}
