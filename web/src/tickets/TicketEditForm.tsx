import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { failureText } from '../api/client.ts';
import { queryKeys, refreshTickets } from '../api/queryKeys.ts';
import { FormError } from '../ui/FormFields.tsx';
import { Panel } from '../ui/Panel.tsx';
import { useFormSubmit } from '../ui/useFormSubmit.ts';
import { DependencyChips, DependencySearch } from './Dependencies.tsx';
import { ticketTexts } from './texts.ts';
import { TicketFields } from './TicketFields.tsx';
import { TicketFormActions } from './TicketFormActions.tsx';
import { draftFromTicket, draftProblem, draftToInput, type TicketDraft } from './ticketForm.ts';
import { ticketsApi, type Ticket } from './ticketsApi.ts';
import { useDependencyTitles } from './useDependencyTitles.ts';

const texts = ticketTexts.detail;

export interface TicketEditFormProps {
  ticket: Ticket;
  onSaved(): void;
  /** The spec's "Screens and routes": Cancel drops every change. */
  onCancel(): void;
}

/** The edit form of the ticket page: every field, and the dependencies to add and remove. */
export function TicketEditForm({ ticket, onSaved, onCancel }: TicketEditFormProps) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<TicketDraft>(() => draftFromTicket(ticket));
  const [titles, rememberTitle] = useDependencyTitles(draft.dependencies);
  const form = useFormSubmit({
    check: () => draftProblem(draft),
    run: () => ticketsApi.update(ticket.id, draftToInput(draft), ticket.updatedAt),
    failure: (failure) => failureText(failure, texts.updateFailed),
    onSuccess: (updated) => {
      queryClient.setQueryData(queryKeys.tickets.detail(updated.id), updated);
      void refreshTickets(queryClient);
      onSaved();
    },
  });
  const change = (patch: Partial<TicketDraft>) => setDraft((current) => ({ ...current, ...patch }));

  return (
    <Panel id="edit-heading" heading={texts.editHeading} dense>
      <Stack component="form" noValidate onSubmit={form.submit} spacing={2.5} aria-labelledby="edit-heading">
        <FormError error={form.error} />
        <TicketFields draft={draft} extended disabled={form.busy} onChange={change} />
        <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
          <Typography component="legend" variant="h3" sx={{ fontSize: '1.05rem', mb: 1.5, p: 0 }}>
            {texts.dependenciesHeading}
          </Typography>
          <Stack spacing={2}>
            <DependencyChips
              ids={draft.dependencies}
              titles={titles}
              onRemove={(removed) => change({ dependencies: draft.dependencies.filter((id) => id !== removed) })}
            />
            <DependencySearch
              exclude={new Set([ticket.id, ...draft.dependencies])}
              onAdd={(added) => {
                rememberTitle(added);
                setDraft((current) =>
                  current.dependencies.includes(added.id) ? current : { ...current, dependencies: [...current.dependencies, added.id] },
                );
              }}
            />
          </Stack>
        </Box>
        <TicketFormActions busy={form.busy} submitLabel={texts.save} busyLabel={texts.saving} cancelLabel={texts.cancel} onCancel={onCancel} />
      </Stack>
    </Panel>
  );
}
