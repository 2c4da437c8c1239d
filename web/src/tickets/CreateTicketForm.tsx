import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { failureText } from '../api/client.ts';
import { FormError } from '../ui/FormFields.tsx';
import { Panel } from '../ui/Panel.tsx';
import { useFormSubmit } from '../ui/useFormSubmit.ts';
import { ticketTexts } from './texts.ts';
import { TicketFields } from './TicketFields.tsx';
import { TicketFormActions } from './TicketFormActions.tsx';
import { draftProblem, draftToInput, emptyDraft, type TicketDraft } from './ticketForm.ts';
import { ticketsApi, type Ticket } from './ticketsApi.ts';

const texts = ticketTexts.list;

export interface CreateTicketFormProps {
  id: string;
  userId: string;
  onCreated(ticket: Ticket): void;
  onCancel(): void;
}

/** The create form of the ticket list: title, project and description are required (the spec's "Validation rules"). */
export function CreateTicketForm({ id, userId, onCreated, onCancel }: CreateTicketFormProps) {
  const [draft, setDraft] = useState<TicketDraft>(emptyDraft);
  const form = useFormSubmit({
    check: () => draftProblem(draft),
    run: () => ticketsApi.create(draftToInput(draft), userId),
    failure: (failure) => failureText(failure, texts.createFailed),
    onSuccess: (ticket) => {
      setDraft(emptyDraft());
      onCreated(ticket);
    },
  });

  const headingId = `${id}-heading`;
  return (
    <Panel id={headingId} sectionId={id} heading={texts.createHeading} dense>
      {/* noValidate: the spec's own message, not the browser's, names missing required fields. */}
      <Stack component="form" noValidate onSubmit={form.submit} spacing={2.5} aria-labelledby={headingId}>
        <FormError error={form.error} />
        <TicketFields draft={draft} disabled={form.busy} onChange={(patch) => setDraft((current) => ({ ...current, ...patch }))} />
        <TicketFormActions
          busy={form.busy}
          submitLabel={texts.createSubmit}
          busyLabel={texts.creating}
          cancelLabel={texts.createCancel}
          onCancel={onCancel}
        />
      </Stack>
    </Panel>
  );
}
