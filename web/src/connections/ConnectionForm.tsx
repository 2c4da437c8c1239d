import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { failureText } from '../api/client.ts';
import { TicketFormActions } from '../tickets/TicketFormActions.tsx';
import { FormError } from '../ui/FormFields.tsx';
import { Panel } from '../ui/Panel.tsx';
import { useFormSubmit } from '../ui/useFormSubmit.ts';
import { ConnectionFields } from './ConnectionFields.tsx';
import { OAuthConnect } from './OAuthConnect.tsx';
import { draftFromConnection, draftProblem, draftToInput, emptyDraft, type ConnectionDraft } from './connectionForm.ts';
import { connectionsApi, type Connection, type SavedConnection } from './connectionsApi.ts';
import { typeLabel } from './connectionTypes.ts';
import { ProjectMappingEditor } from './ProjectMappingEditor.tsx';
import { connectionTexts } from './texts.ts';
import { useConnectionTypes } from './useConnectionTypes.ts';
import { UserMappingEditor } from './UserMappingEditor.tsx';
import { formSearchTarget } from './userSearch.ts';

const texts = connectionTexts.form;

export interface ConnectionFormProps {
  id: string;
  /** The connection to edit; null adds a new one. */
  connection: Connection | null;
  onSaved(saved: SavedConnection): void;
  onCancel(): void;
}

/**
 * The add and edit form (the spec's "States and transitions": create mode or edit mode), with the fields of the types
 * the server offers
 * (GET /api/connections/types). The server verifies the credentials on every save; a connection that does not work
 * yet is saved all the same, and the page says why it does not work.
 */
export function ConnectionForm({ id, connection, onSaved, onCancel }: ConnectionFormProps) {
  const mode = connection === null ? 'create' : 'edit';
  const saved = connection?.credentials ?? {};
  const [draft, setDraft] = useState<ConnectionDraft>(() => (connection === null ? emptyDraft() : draftFromConnection(connection)));
  const { query: typesQuery, types, formOf } = useConnectionTypes();
  const fields = formOf(draft.connectionType, saved);
  const typeOptions = types.map((type) => ({ value: type.id, label: typeLabel(type.id, type) }));
  // Offered where the tracker has a sign-in and the server's operator set up its app.
  const oauth = types.find((type) => type.id === draft.connectionType)?.oauth;
  const form = useFormSubmit({
    check: () => draftProblem(draft, mode, fields),
    run: () => (connection === null ? connectionsApi.create(draftToInput(draft, fields)) : connectionsApi.update(connection.id, draftToInput(draft, fields))),
    failure: (failure) => failureText(failure, connectionTexts.saveFailed),
    onSuccess: onSaved,
  });
  const change = (patch: Partial<ConnectionDraft>) => setDraft((current) => ({ ...current, ...patch }));

  const headingId = `${id}-heading`;
  return (
    <Panel id={headingId} sectionId={id} heading={connection === null ? texts.addHeading : texts.editHeading(connection.name)} dense>
      {/* noValidate: the spec's own messages, not the browser's, name what is missing. */}
      <Stack component="form" noValidate onSubmit={form.submit} spacing={3} aria-labelledby={headingId}>
        <FormError error={form.error} />
        {typesQuery.isError && <Alert severity="error">{failureText(typesQuery.error, connectionTexts.typesFailed)}</Alert>}
        <ConnectionFields
          draft={draft} mode={mode} form={fields} typeOptions={typeOptions} saved={saved} signedInWith={connection?.connectedWith}
          disabled={form.busy} onChange={change}
        />
        {oauth && (
          <OAuthConnect
            provider={oauth.provider}
            type={draft.connectionType}
            connectionId={connection?.connectionType === draft.connectionType ? connection.id : null}
            input={() => draftToInput(draft, fields)}
            disabled={form.busy}
          />
        )}
        <ProjectMappingEditor projects={draft.projectMappings} disabled={form.busy} onChange={(projectMappings) => change({ projectMappings })} />
        <UserMappingEditor
          rows={draft.userMappings}
          disabled={form.busy}
          onChange={(userMappings) => change({ userMappings })}
          searchTarget={formSearchTarget(draft, fields, connection)}
        />
        <TicketFormActions busy={form.busy} submitLabel={texts.save} busyLabel={texts.saving} cancelLabel={texts.cancel} onCancel={onCancel} />
      </Stack>
    </Panel>
  );
}
