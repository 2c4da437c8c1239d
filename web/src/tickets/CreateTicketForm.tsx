import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { ticketTexts } from './texts.ts';
import { TicketFields } from './TicketFields.tsx';
import { draftProblem, draftToInput, emptyDraft, failureText, type TicketDraft } from './ticketForm.ts';
import { createTicket, type Ticket } from './ticketsApi.ts';

const texts = ticketTexts.list;

export interface CreateTicketFormProps {
  id: string;
  userId: string;
  onCreated(ticket: Ticket): void;
  onCancel(): void;
}

/** The create form of the ticket list: title, project and description are required (spec section 5). */
export function CreateTicketForm({ id, userId, onCreated, onCancel }: CreateTicketFormProps) {
  const [draft, setDraft] = useState<TicketDraft>(emptyDraft);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = draftProblem(draft);
    if (problem !== null) {
      setError(problem);
      return;
    }
    setError(null);
    setSubmitting(true);
    try {
      const ticket = await createTicket(draftToInput(draft), userId);
      setDraft(emptyDraft());
      onCreated(ticket);
    } catch (failure) {
      setError(failureText(failure, texts.createFailed));
    } finally {
      setSubmitting(false);
    }
  };

  const headingId = `${id}-heading`;
  return (
    <Paper id={id} variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={headingId} variant="h2" sx={{ fontSize: '1.25rem', mb: 2.5 }}>
        {texts.createHeading}
      </Typography>
      {/* noValidate: the spec's own message, not the browser's, names missing required fields. */}
      <Stack component="form" noValidate onSubmit={submit} spacing={2.5} aria-labelledby={headingId}>
        {error !== null && <Alert severity="error">{error}</Alert>}
        <TicketFields
          draft={draft}
          disabled={submitting}
          onChange={(patch) => setDraft((current) => ({ ...current, ...patch }))}
        />
        <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
          <Button type="submit" variant="contained" disabled={submitting} sx={{ flexGrow: { xs: 1, sm: 0 } }}>
            {submitting ? texts.creating : texts.createSubmit}
          </Button>
          <Button onClick={onCancel} disabled={submitting} sx={{ flexGrow: { xs: 1, sm: 0 } }}>
            {texts.createCancel}
          </Button>
        </Box>
      </Stack>
    </Paper>
  );
}
