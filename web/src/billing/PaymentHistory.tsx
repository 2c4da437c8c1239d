import CircularProgress from '@mui/material/CircularProgress';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Panel } from '../ui/Panel.tsx';
import { StatusBadge } from '../ui/StatusBadge.tsx';
import { HistoryTable } from '../usage/HistoryTable.tsx';
import type { Payment } from './api.ts';
import { formatDay, formatMoney, paymentStatus } from './format.ts';
import { LoadFailed } from './LoadFailed.tsx';
import { billingTexts as texts } from './texts.ts';

const HEADING_ID = 'payment-history-heading';
const COLUMNS = [{ label: texts.date }, { label: texts.amount, align: 'right' }, { label: texts.description }, { label: texts.status }] as const;

function Amount({ payment }: { payment: Payment }) {
  const partlyRefunded = payment.amountRefunded > 0 && payment.status !== 'refunded';
  return (
    <>
      {formatMoney(payment.amount, payment.currency)}
      {partlyRefunded && (
        <Typography component="span" variant="body2" color="textSecondary" sx={{ display: 'block' }}>
          {texts.refunded(formatMoney(payment.amountRefunded, payment.currency))}
        </Typography>
      )}
    </>
  );
}

/**
 * The payments recorded for the user, newest first (the spec's "Screens and routes": Date, Amount, Description,
 * Status).
 */
export function PaymentHistory({ payments, failed }: { payments: Payment[] | undefined; failed: boolean }) {
  let content;
  if (payments === undefined) content = failed ? <LoadFailed /> : <CircularProgress aria-label={texts.historyHeading} />;
  else if (payments.length === 0) content = <Typography color="textSecondary">{texts.noPayments}</Typography>;
  else {
    content = (
      <HistoryTable labelledBy={HEADING_ID} columns={COLUMNS}>
        {payments.map((payment) => {
          const status = paymentStatus(payment.status);
          return (
            <TableRow key={payment.id}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDay(payment.date)}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                <Amount payment={payment} />
              </TableCell>
              <TableCell sx={{ minWidth: 180 }}>{payment.description}</TableCell>
              <TableCell>
                <StatusBadge status={payment.status} label={status.label} tone={status.tone} />
              </TableCell>
            </TableRow>
          );
        })}
      </HistoryTable>
    );
  }
  return (
    <Panel id={HEADING_ID} heading={texts.historyHeading} headingGap={1.5}>
      {content}
    </Panel>
  );
}
