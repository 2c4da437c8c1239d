import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { Panel } from '../ui/Panel.tsx';
import { StatusBadge } from '../ui/StatusBadge.tsx';
import { dashboardTexts as texts } from './texts.ts';

export interface RecentItem {
  id: string;
  to: string;
  title: string;
  detail: string;
  status: string;
}

export interface RecentListProps {
  id: string;
  heading: string;
  /** Undefined while loading. */
  items: RecentItem[] | undefined;
  /** The data could not be loaded: the page's error banner explains, so no empty text is shown. */
  failed: boolean;
  empty: string;
  viewAllLabel: string;
  viewAllTo: string;
}

function RecentRow({ item }: { item: RecentItem }) {
  return (
    <Box
      component="li"
      sx={{ display: 'flex', alignItems: 'center', gap: 1.5, py: 1.25, borderBottom: 1, borderColor: 'divider', '&:last-of-type': { borderBottom: 0 } }}
    >
      <Box sx={{ minWidth: 0, flexGrow: 1 }}>
        <Link component={RouterLink} to={item.to} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {item.title}
        </Link>
        {item.detail !== '' && (
          <Typography variant="body2" color="textSecondary" sx={{ overflowWrap: 'anywhere' }}>
            {item.detail}
          </Typography>
        )}
      </Box>
      <StatusBadge status={item.status} />
    </Box>
  );
}

/** One of the dashboard's lists of the newest items, with a link to the whole list. */
export function RecentList({ id, heading, items, failed, empty, viewAllLabel, viewAllTo }: RecentListProps) {
  let content = null;
  if (failed) {
    // The page's error banner says what went wrong.
  } else if (items === undefined) {
    content = (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
        <CircularProgress size={28} aria-label={`${texts.loading} ${heading}`} />
      </Box>
    );
  } else if (items.length === 0) {
    content = (
      <Typography color="textSecondary" sx={{ py: 1 }}>
        {empty}
      </Typography>
    );
  } else {
    content = (
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {items.map((item) => (
          <RecentRow key={item.id} item={item} />
        ))}
      </Box>
    );
  }
  return (
    <Panel id={id} heading={heading} headingGap={1.5} sx={{ display: 'flex', flexDirection: 'column', minWidth: 0 }}>
      {content}
      <Box sx={{ mt: 'auto', pt: 2 }}>
        <Link component={RouterLink} to={viewAllTo}>
          {viewAllLabel}
        </Link>
      </Box>
    </Panel>
  );
}
