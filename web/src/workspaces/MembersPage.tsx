import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { failureText } from '../api/client.ts';
import { queryKeys } from '../api/queryKeys.ts';
import { useAuth } from '../auth/AuthContext.tsx';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { PageHeading } from '../ui/PageHeading.tsx';
import { PageLoader } from '../ui/PageLoader.tsx';
import { Panel } from '../ui/Panel.tsx';
import { useConfirmation } from '../ui/useConfirmation.ts';
import { SUCCESS_BANNER_MS, useTimedMessage } from '../ui/useTimedMessage.ts';
import { CreateWorkspaceDialog } from './CreateWorkspaceDialog.tsx';
import { InvitationList, MemberList } from './MemberList.tsx';
import { workspaceActions } from './permissions.ts';
import { workspaceTexts } from './texts.ts';
import { useLeaveWorkspace } from './useWorkspace.ts';
import { InviteForm, WorkspaceNameForm } from './WorkspaceForms.tsx';
import {
  refreshWorkspaces, useCurrentWorkspace, useMembers, workspacesApi, type Invitation, type Member, type MemberRole, type WorkspaceSummary,
} from './workspacesApi.ts';

const texts = workspaceTexts.members;
const dialogs = workspaceTexts.dialogs;
const fullWidthOnPhones = { width: { xs: '100%', sm: 'auto' } } as const;

/** A personal workspace has nobody to invite: the way to a team workspace instead. */
function PersonalWorkspacePanel() {
  const [creating, setCreating] = useState(false);
  return (
    <Panel id="personal-heading" heading={texts.personalHeading}>
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Typography color="textSecondary">{texts.personalText}</Typography>
        <Button variant="contained" onClick={() => setCreating(true)} sx={fullWidthOnPhones}>
          {texts.createTeam}
        </Button>
      </Stack>
      <CreateWorkspaceDialog open={creating} onClose={() => setCreating(false)} />
    </Panel>
  );
}

/** Leaving (anyone but the owner) or deleting (the owner) a team workspace, each after a confirmation. */
function LeaveOrDeletePanel({ workspace, onFailure }: { workspace: WorkspaceSummary; onFailure(text: string): void }) {
  const { user } = useAuth();
  const leaveWorkspace = useLeaveWorkspace();
  const may = workspaceActions(workspace);
  const leaving = useConfirmation(async (_workspace: WorkspaceSummary) => {
    try {
      await workspacesApi.removeMember(user?.id ?? '');
      leaveWorkspace('left');
    } catch (error) {
      onFailure(failureText(error, texts.leaveFailed));
    }
  });
  const deletion = useConfirmation(async (_workspace: WorkspaceSummary) => {
    try {
      await workspacesApi.remove();
      leaveWorkspace('deleted');
    } catch (error) {
      onFailure(failureText(error, texts.deleteFailed));
    }
  });
  if (!may.leave && !may.delete) return null;

  return (
    <Panel id="leave-heading" heading={may.delete ? texts.deleteHeading : texts.leaveHeading}>
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Typography color="textSecondary">{may.delete ? texts.deleteText : texts.leaveText}</Typography>
        {may.delete && <Typography color="textSecondary">{texts.ownerCannotLeave}</Typography>}
        <Button
          variant="outlined"
          color="error"
          onClick={() => (may.delete ? deletion.ask(workspace) : leaving.ask(workspace))}
          sx={fullWidthOnPhones}
        >
          {may.delete ? texts.delete : texts.leave}
        </Button>
      </Stack>
      <ConfirmDialog
        {...leaving.dialog}
        title={dialogs.leaveTitle}
        message={dialogs.leaveMessage(workspace.name)}
        confirmLabel={dialogs.leave}
        busyLabel={dialogs.leaving}
        cancelLabel={dialogs.cancel}
      />
      <ConfirmDialog
        {...deletion.dialog}
        title={dialogs.deleteTitle}
        message={dialogs.deleteMessage(workspace.name)}
        confirmLabel={dialogs.delete}
        busyLabel={dialogs.deleting}
        cancelLabel={dialogs.cancel}
      />
    </Panel>
  );
}

/**
 * The members page (/workspace/members) of the tab's workspace: its name (admins rename it), the members with their
 * role and joined date (admins change roles and remove members; the owner hands the workspace over), the pending
 * invitations (admins revoke them) and the invite form; anyone but the owner may leave a team workspace, the owner
 * may delete it. A personal workspace says so and offers a team workspace instead of the invite form.
 */
export default function MembersPage() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const workspace = useCurrentWorkspace();
  const people = useMembers();
  const success = useTimedMessage(SUCCESS_BANNER_MS);
  const [failure, setFailure] = useState<string | null>(null);

  const refresh = () => refreshWorkspaces(queryClient);
  const report = (text: string) => {
    success.clear();
    setFailure(text);
  };
  const succeed = (text: string) => {
    setFailure(null);
    success.show(text);
  };

  const roleChange = useMutation({
    mutationFn: ({ member, role }: { member: Member; role: MemberRole }) => workspacesApi.setRole(member.userId, role),
    onMutate: () => setFailure(null),
    onSuccess: (changed) => succeed(texts.roleChanged(changed.name, changed.role)),
    onError: (error) => report(failureText(error, texts.roleFailed)),
    onSettled: refresh,
  });
  /** A confirmed change: what it did or the server's words for why not, then the lists load again. */
  const confirmed =
    <T,>(run: (item: T) => Promise<unknown>, done: (item: T) => string, failed: string) =>
    async (item: T) => {
      try {
        await run(item);
        succeed(done(item));
      } catch (error) {
        report(failureText(error, failed));
      }
      await refresh();
    };
  const removal = useConfirmation(
    confirmed((member: Member) => workspacesApi.removeMember(member.userId), (member) => texts.removed(member.name), texts.removeFailed),
  );
  const handover = useConfirmation(
    confirmed((member: Member) => workspacesApi.transfer(member.userId), (member) => texts.transferred(member.name), texts.transferFailed),
  );
  const revocation = useConfirmation(
    confirmed((invitation: Invitation) => workspacesApi.revoke(invitation.id), (invitation) => texts.revoked(invitation.email), texts.revokeFailed),
  );

  if (!user) return null;
  const current = workspace.data;
  const name = current?.name ?? '';
  const may = current ? workspaceActions(current) : null;

  return (
    <Container maxWidth="md" sx={{ py: { xs: 4, md: 6 } }}>
      <PageHeading
        title={texts.pageTitle}
        heading={current?.name ?? texts.heading}
        intro={current?.personal ? texts.personalIntro : texts.teamIntro}
      />
      <Stack spacing={3}>
        <Box aria-live="polite">
          {success.message !== null && (
            <Alert severity="success" onClose={success.clear} slotProps={{ closeButton: { 'aria-label': texts.dismiss } }}>
              {success.message}
            </Alert>
          )}
        </Box>
        {failure !== null && (
          <Alert severity="error" onClose={() => setFailure(null)} slotProps={{ closeButton: { 'aria-label': texts.dismiss } }} sx={{ overflowWrap: 'anywhere' }}>
            {failure}
          </Alert>
        )}
        {workspace.isError && <Alert severity="error">{failureText(workspace.error, texts.loadFailed)}</Alert>}
        {workspace.isPending && <PageLoader />}

        {current && may && (
          <>
            {may.rename && (
              <Panel id="workspace-name-heading" heading={texts.settingsHeading}>
                <WorkspaceNameForm
                  key={current.name}
                  workspace={current}
                  onRenamed={(renamed) => {
                    succeed(texts.renamed);
                    queryClient.setQueryData(queryKeys.workspaces.current, renamed);
                    void refresh();
                  }}
                />
              </Panel>
            )}

            <Panel id="members-heading" heading={texts.listHeading(people.data?.members.length ?? 0)}>
              {people.isError ? (
                <Alert severity="error">{failureText(people.error, texts.membersFailed)}</Alert>
              ) : people.data ? (
                <MemberList
                  members={people.data.members}
                  viewer={{ userId: user.id, role: current.role }}
                  changingRoleOf={roleChange.isPending ? roleChange.variables.member.userId : null}
                  onRoleChange={(member, role) => roleChange.mutate({ member, role })}
                  onRemove={removal.ask}
                  onMakeOwner={handover.ask}
                />
              ) : (
                <PageLoader />
              )}
            </Panel>

            {current.personal ? (
              <PersonalWorkspacePanel />
            ) : (
              <>
                {may.invite && (
                  <Panel id="invite-heading" heading={texts.inviteHeading}>
                    <InviteForm
                      onInvited={(invitation) => {
                        succeed(texts.invited(invitation.email));
                        void refresh();
                      }}
                    />
                  </Panel>
                )}
                <Panel id="invitations-heading" heading={texts.invitationsHeading}>
                  {people.data && <InvitationList invitations={people.data.invitations} canRevoke={may.revoke} onRevoke={revocation.ask} />}
                </Panel>
                <LeaveOrDeletePanel workspace={current} onFailure={report} />
              </>
            )}
          </>
        )}
      </Stack>

      <ConfirmDialog
        {...removal.dialog}
        title={dialogs.removeTitle}
        message={dialogs.removeMessage(removal.item?.name ?? '', name)}
        confirmLabel={texts.remove}
        busyLabel={dialogs.removing}
        cancelLabel={dialogs.cancel}
      />
      <ConfirmDialog
        {...handover.dialog}
        title={dialogs.transferTitle}
        message={dialogs.transferMessage(handover.item?.name ?? '', name)}
        confirmLabel={dialogs.transfer}
        busyLabel={dialogs.transferring}
        cancelLabel={dialogs.cancel}
        tone="primary"
      />
      <ConfirmDialog
        {...revocation.dialog}
        title={dialogs.revokeTitle}
        message={dialogs.revokeMessage(revocation.item?.email ?? '')}
        confirmLabel={dialogs.revoke}
        busyLabel={dialogs.revoking}
        cancelLabel={dialogs.cancel}
      />
    </Container>
  );
}
