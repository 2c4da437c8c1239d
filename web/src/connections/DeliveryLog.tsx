import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { queryKeys } from '../api/queryKeys.ts';
import { formatDateTime } from '../ui/dates.ts';
import { connectionsApi, type Connection, type Delivery } from './connectionsApi.ts';
import { connectionTexts } from './texts.ts';

const texts = connectionTexts.list;

/** One request in a line: what was asked, what came back and how long it took. */
function deliveryLine(delivery: Delivery): string {
  const outcome = delivery.error ?? String(delivery.status ?? '');
  return `${delivery.method} ${delivery.url} → ${outcome} · ${delivery.durationMs} ms · ${delivery.purpose}`;
}

/**
 * The requests the server sent to the tracker for this connection, newest first, loaded when opened: what a
 * person needs to see why a connection does not work.
 */
export function DeliveryLog({ connection }: { connection: Connection }) {
  const [open, setOpen] = useState(false);
  const regionId = useId();
  const deliveries = useQuery({
    queryKey: queryKeys.connections.deliveries(connection.id),
    queryFn: () => connectionsApi.deliveries(connection.id),
    enabled: open,
  });

  let content;
  if (deliveries.isPending) content = <CircularProgress size={20} aria-label={texts.deliveries} />;
  else if (deliveries.isError) content = <Typography variant="body2" color="error">{texts.deliveriesFailed}</Typography>;
  else if (deliveries.data.length === 0) content = <Typography variant="body2" color="textSecondary">{texts.noDeliveries}</Typography>;
  else {
    content = (
      <Box component="ol" sx={{ m: 0, pl: 2.5, display: 'grid', gap: 0.75 }}>
        {deliveries.data.map((delivery, index) => (
          <Typography component="li" variant="body2" key={`${delivery.at}-${index}`} sx={{ overflowWrap: 'anywhere' }}>
            <Box component="span" sx={{ color: delivery.error !== null || (delivery.status ?? 0) >= 400 ? 'error.dark' : 'text.primary' }}>
              {deliveryLine(delivery)}
            </Box>{' '}
            <Box component="span" sx={{ color: 'text.secondary' }}>
              {formatDateTime(delivery.at)}
            </Box>
          </Typography>
        ))}
      </Box>
    );
  }

  return (
    <Box sx={{ mt: 1.5 }}>
      <Button
        size="small"
        aria-expanded={open}
        aria-controls={open ? regionId : undefined}
        aria-label={texts.deliveriesOf(connection.name)}
        endIcon={open ? <ExpandLessIcon /> : <ExpandMoreIcon />}
        onClick={() => setOpen((shown) => !shown)}
        sx={{ ml: -1 }}
      >
        {texts.deliveries}
      </Button>
      {open && (
        <Box id={regionId} role="region" aria-label={texts.deliveriesOf(connection.name)} sx={{ mt: 1 }}>
          {content}
        </Box>
      )}
    </Box>
  );
}
