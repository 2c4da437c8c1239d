import Alert, { type AlertColor } from '@mui/material/Alert';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { failureText } from '../api/client.ts';
import { queryKeys } from '../api/queryKeys.ts';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { PageHeading } from '../ui/PageHeading.tsx';
import { PageHeadingWithToggle } from '../ui/PageHeadingWithToggle.tsx';
import { PageLoader } from '../ui/PageLoader.tsx';
import { useConfirmation } from '../ui/useConfirmation.ts';
import { SUCCESS_BANNER_MS, useTimedMessage } from '../ui/useTimedMessage.ts';
import { connectionActions, type ConnectionActions } from '../workspaces/permissions.ts';
import { useCurrentWorkspace } from '../workspaces/workspacesApi.ts';
import { ConnectionCard } from './ConnectionCard.tsx';
import { ConnectionForm } from './ConnectionForm.tsx';
import type { OAuthOutcome } from './OAuthCallbackPage.tsx';
import { connectionsApi, type Connection, type SavedConnection } from './connectionsApi.ts';
import { connectionTexts as texts } from './texts.ts';
import { useConnectionTypes } from './useConnectionTypes.ts';
import { savedVerificationSentence } from './verification.ts';

const FORM_ID = 'connection-form';

/** What the form is open for: a new connection (null) or the one being edited. */
interface OpenForm {
  connection: Connection | null;
}

/** The outcome of the last save: saved either way, and working or not. */
interface SaveOutcome {
  ok: boolean;
  text: string;
}

/** A banner to show, when there is a text. */
function notice(key: string, severity: AlertColor, text: string | null, close: () => void) {
  return text === null ? [] : [{ key, severity, text, close }];
}

/** While the role is being read, nothing that changes connections is offered, and no note says why. */
const UNTIL_ROLE_KNOWN: ConnectionActions = { add: false, edit: false, delete: false, verify: true };
/** Should the role not load, everything stays offered: the server still refuses a member. */
const ROLE_UNKNOWN: ConnectionActions = { add: true, edit: true, delete: true, verify: true };

/**
 * The Project Connections page (/connections): the list, the add and edit form, verify and delete. A member of a
 * team workspace sees the connections and may verify them; adding, editing and deleting are an admin's or the
 * owner's, so a member is offered none of them and a line under the heading says so.
 */
export default function ConnectionsPage() {
  const queryClient = useQueryClient();
  const workspace = useCurrentWorkspace();
  const may = workspace.data ? connectionActions(workspace.data.role) : workspace.isError ? ROLE_UNKNOWN : UNTIL_ROLE_KNOWN;
  const memberView = workspace.data !== undefined && !may.add;
  const connections = useQuery({ queryKey: queryKeys.connections.list, queryFn: connectionsApi.list });
  // Asked for with the list, so the form has its types when it opens.
  const { formOf } = useConnectionTypes();
  const [form, setForm] = useState<OpenForm | null>(null);
  // A "Connect with …" sign-in just came back (OAuthCallbackPage): its outcome is shown like a save's.
  const location = useLocation();
  const navigate = useNavigate();
  const signIn = (location.state as Partial<OAuthOutcome> | null)?.oauth;
  const [outcome, setOutcome] = useState<SaveOutcome | null>(signIn?.saved ? { ok: signIn.ok, text: signIn.text } : null);
  const [failure, setFailure] = useState<string | null>(signIn && !signIn.saved ? signIn.text : null);
  useEffect(() => {
    // Shown once: a reload or a step back does not show it again.
    if (signIn) void navigate(location.pathname, { replace: true, state: null });
  }, [signIn, navigate, location.pathname]);
  const success = useTimedMessage(SUCCESS_BANNER_MS);
  /** After a change: the list and the project checks, and the request log of the connection that sent requests. */
  const refresh = (sentRequests?: Connection) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.connections.list }),
      queryClient.invalidateQueries({ queryKey: queryKeys.connections.projects }),
      sentRequests && queryClient.invalidateQueries({ queryKey: queryKeys.connections.deliveries(sentRequests.id) }),
    ]);

  const clearMessages = () => {
    success.clear();
    setOutcome(null);
    setFailure(null);
  };
  const openForm = (connection: Connection | null) => {
    clearMessages();
    setForm({ connection });
  };
  const onSaved = ({ connection, verification }: SavedConnection) => {
    success.show(form?.connection ? texts.updated : texts.created);
    setOutcome({ ok: verification.ok, text: `${connection.name}: ${savedVerificationSentence(verification, connection.connectionType)}` });
    setForm(null);
    void refresh(connection);
  };

  const verify = useMutation({
    mutationFn: (connection: Connection) => connectionsApi.verify(connection.id),
    onMutate: clearMessages,
    onError: (error) => setFailure(failureText(error, texts.verifyFailed)),
    onSettled: (_verification, _error, connection) => refresh(connection),
  });

  const deletion = useConfirmation<Connection>(async (connection) => {
    clearMessages();
    try {
      const revocation = await connectionsApi.remove(connection.id);
      success.show(texts.deleted);
      if (revocation) setOutcome({ ok: false, text: revocation });
      if (form?.connection?.id === connection.id) setForm(null);
    } catch (error) {
      setFailure(failureText(error, texts.deleteFailed));
    }
    await refresh();
  });

  // What happened last: the success text (cleared after 3 s), whether a saved connection works, what failed.
  const notices = [
    ...notice('success', 'success', success.message, success.clear),
    ...notice('outcome', outcome?.ok ? 'success' : 'warning', outcome?.text ?? null, () => setOutcome(null)),
    ...notice('failure', 'error', failure, () => setFailure(null)),
  ];
  const verifyingId = verify.isPending ? verify.variables.id : null;
  const list = connections.data ?? [];

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 4, md: 6 } }}>
      {may.add ? (
        <PageHeadingWithToggle
          title={texts.pageTitle}
          heading={texts.heading}
          intro={texts.intro}
          toggleLabel={texts.add}
          expanded={form !== null && form.connection === null}
          controls={form !== null ? FORM_ID : undefined}
          onToggle={() => (form !== null && form.connection === null ? setForm(null) : openForm(null))}
        />
      ) : (
        <>
          <PageHeading title={texts.pageTitle} heading={texts.heading} intro={texts.intro} gap={memberView ? 1 : 3} />
          {memberView && (
            <Typography variant="body2" color="textSecondary" sx={{ mb: 3 }}>
              {texts.memberNote}
            </Typography>
          )}
        </>
      )}

      <Stack spacing={2.5}>
        {notices.map((notice) => (
          <Alert key={notice.key} severity={notice.severity} onClose={notice.close} sx={{ overflowWrap: 'anywhere' }}>
            {notice.text}
          </Alert>
        ))}
        {form !== null && (form.connection === null ? may.add : may.edit) && (
          <ConnectionForm
            // Another connection, or add after edit, starts a fresh form.
            key={form.connection?.id ?? 'new'}
            id={FORM_ID}
            connection={form.connection}
            onSaved={onSaved}
            onCancel={() => setForm(null)}
          />
        )}

        {connections.isError && <Alert severity="error">{failureText(connections.error, texts.fetchFailed)}</Alert>}
        {connections.isPending ? (
          <PageLoader />
        ) : (
          connections.isSuccess &&
          (list.length === 0 ? (
            <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
              <Typography>{texts.list.empty}</Typography>
              <Typography variant="body2" color="textSecondary" sx={{ mt: 1 }}>
                {memberView ? texts.list.emptyHintMember : texts.list.emptyHint}
              </Typography>
            </Paper>
          ) : (
            <Stack component="ul" aria-label={texts.list.label} spacing={2} sx={{ m: 0, p: 0 }}>
              {list.map((connection) => (
                <ConnectionCard
                  key={connection.id}
                  connection={connection}
                  form={formOf(connection.connectionType, connection.credentials)}
                  verifying={verifyingId === connection.id}
                  busy={deletion.busy}
                  onVerify={() => verify.mutate(connection)}
                  onEdit={may.edit ? () => openForm(connection) : undefined}
                  onDelete={may.delete ? () => deletion.ask(connection) : undefined}
                />
              ))}
            </Stack>
          ))
        )}
      </Stack>

      <ConfirmDialog
        {...deletion.dialog}
        title={texts.deleteDialog.title}
        message={texts.deleteDialog.message(deletion.item?.name ?? '')}
        confirmLabel={texts.deleteDialog.confirm}
        cancelLabel={texts.deleteDialog.cancel}
      />
    </Container>
  );
}
