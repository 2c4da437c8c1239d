import Alert from '@mui/material/Alert';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { ApiError, failureText } from '../api/client.ts';
import { queryKeys } from '../api/queryKeys.ts';
import { MissingConnectionWarning } from '../connections/MissingConnectionWarning.tsx';
import { PushWizard } from '../push/PushWizard.tsx';
import { BackLink } from '../ui/BackLink.tsx';
import { PageLoader } from '../ui/PageLoader.tsx';
import { SUCCESS_BANNER_MS, useTimedMessage } from '../ui/useTimedMessage.ts';
import { ticketTexts } from './texts.ts';
import { TicketEditForm } from './TicketEditForm.tsx';
import { TicketHeader } from './TicketHeader.tsx';
import { ticketsApi, type Ticket } from './ticketsApi.ts';
import { TicketView } from './TicketView.tsx';

const texts = ticketTexts.detail;

/** The ticket shown, or edited: Edit opens the form on a copy, Cancel drops it (the spec's "Screens and routes"). */
function TicketScreen({ ticket }: { ticket: Ticket }) {
  const [editing, setEditing] = useState(false);
  const [pushing, setPushing] = useState(false);
  const saved = useTimedMessage(SUCCESS_BANNER_MS);
  const edit = () => {
    saved.clear();
    setEditing(true);
  };

  return (
    <Stack spacing={3}>
      <title>{texts.pageTitle(ticket.title)}</title>
      <TicketHeader ticket={ticket} onEdit={editing ? undefined : edit} onPush={editing ? undefined : () => setPushing(true)} />
      {pushing && <PushWizard ticketIds={[ticket.id]} onClose={() => setPushing(false)} />}
      <MissingConnectionWarning project={ticket.project} />
      {editing ? (
        <TicketEditForm
          ticket={ticket}
          onSaved={() => {
            setEditing(false);
            saved.show(texts.saved);
          }}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <>
          {saved.message !== null && (
            <Alert severity="success" onClose={saved.clear}>
              {saved.message}
            </Alert>
          )}
          <TicketView ticket={ticket} />
        </>
      )}
    </Stack>
  );
}

/** Loads the ticket; a ticket that is not there (or not the user's) is not found. */
function TicketDetail({ id }: { id: string }) {
  const { data: ticket, error } = useQuery({ queryKey: queryKeys.tickets.detail(id), queryFn: () => ticketsApi.get(id) });
  if (ticket !== undefined) return <TicketScreen ticket={ticket} />;
  return (
    <>
      <title>{texts.loadingTitle}</title>
      {error === null ? (
        <PageLoader />
      ) : (
        <Alert severity="error">
          {error instanceof ApiError && error.status === 404 ? texts.notFound : failureText(error, texts.loadFailed)}
        </Alert>
      )}
    </>
  );
}

/** The ticket detail page (/tickets/{id}). */
export default function TicketDetailPage() {
  const { id } = useParams();
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <BackLink to="/tickets" label={texts.back} gap={2.5} />
      {id === undefined || id.trim() === '' ? (
        <>
          <title>{texts.loadingTitle}</title>
          <Alert severity="error">{texts.missingId}</Alert>
        </>
      ) : (
        // A new id (a dependency chip) starts a fresh screen: nothing of the last ticket's edit is kept.
        <TicketDetail key={id} id={id} />
      )}
    </Container>
  );
}
