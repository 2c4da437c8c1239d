import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { formatDateTime, formatDay } from '../ui/dates.ts';
import { memberActions } from './permissions.ts';
import { roleLabels, workspaceTexts } from './texts.ts';
import type { Invitation, Member, MemberRole, WorkspaceRole } from './workspacesApi.ts';

const texts = workspaceTexts.members;
const MEMBER_ROLES: MemberRole[] = ['member', 'admin'];

/** A row of the members or invitations list: who, on the left; the role and the actions, on the right (below on a phone). */
export function PersonRow({ who, actions }: { who: ReactNode; actions: ReactNode }) {
  return (
    <Box
      component="li"
      sx={{
        display: 'flex',
        flexDirection: { xs: 'column', sm: 'row' },
        alignItems: { xs: 'stretch', sm: 'center' },
        justifyContent: 'space-between',
        gap: { xs: 1.5, sm: 2 },
        py: 2,
        borderTop: 1,
        borderColor: 'divider',
        '&:first-of-type': { borderTop: 0, pt: 0 },
        '&:last-of-type': { pb: 0 },
      }}
    >
      <Box sx={{ minWidth: 0 }}>{who}</Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, flexShrink: 0 }}>{actions}</Box>
    </Box>
  );
}

/** A name with what to know about it under it: the e-mail address, when they joined or were invited. */
export function PersonSummary({ name, marker, lines }: { name: string; marker?: string; lines: string[] }) {
  return (
    <>
      <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {name}
        {marker !== undefined && (
          <Box component="span" sx={{ fontWeight: 400, color: 'text.secondary' }}>
            {' '}
            {marker}
          </Box>
        )}
      </Typography>
      {lines.map((line) => (
        <Typography key={line} variant="body2" color="textSecondary" sx={{ overflowWrap: 'anywhere' }}>
          {line}
        </Typography>
      ))}
    </>
  );
}

export function RoleChip({ role }: { role: WorkspaceRole }) {
  return <Chip label={roleLabels[role]} size="small" variant={role === 'owner' ? 'filled' : 'outlined'} />;
}

export interface MemberListProps {
  members: Member[];
  viewer: { userId: string; role: WorkspaceRole };
  /** The member whose role is being changed, while it is. */
  changingRoleOf: string | null;
  onRoleChange(member: Member, role: MemberRole): void;
  onRemove(member: Member): void;
  onMakeOwner(member: Member): void;
}

/** The workspace's members: name, e-mail, role and joined date, with what the viewer may change. */
export function MemberList({ members, viewer, changingRoleOf, onRoleChange, onRemove, onMakeOwner }: MemberListProps) {
  return (
    <Stack component="ul" aria-label={texts.listHeading(members.length)} sx={{ m: 0, p: 0, listStyle: 'none' }}>
      {members.map((member) => {
        const may = memberActions(viewer, member);
        return (
          <PersonRow
            key={member.userId}
            who={
              <PersonSummary
                name={member.name}
                marker={member.userId === viewer.userId ? texts.you : undefined}
                lines={[...(member.email === member.name ? [] : [member.email]), texts.joined(formatDay(member.joinedAt))]}
              />
            }
            actions={
              <>
                {may.changeRole ? (
                  <TextField
                    select
                    size="small"
                    label={texts.role}
                    value={member.role}
                    disabled={changingRoleOf === member.userId}
                    onChange={(event) => onRoleChange(member, event.target.value as MemberRole)}
                    sx={{ width: { xs: '100%', sm: 130 } }}
                  >
                    {MEMBER_ROLES.map((role) => (
                      <MenuItem key={role} value={role}>
                        {roleLabels[role]}
                      </MenuItem>
                    ))}
                  </TextField>
                ) : (
                  <RoleChip role={member.role} />
                )}
                {may.makeOwner && (
                  <Button size="small" variant="outlined" onClick={() => onMakeOwner(member)} aria-label={texts.makeOwnerLabel(member.name)}>
                    {texts.makeOwner}
                  </Button>
                )}
                {may.remove && (
                  <Button size="small" color="error" variant="outlined" onClick={() => onRemove(member)} aria-label={texts.removeLabel(member.name)}>
                    {texts.remove}
                  </Button>
                )}
              </>
            }
          />
        );
      })}
    </Stack>
  );
}

export interface InvitationListProps {
  invitations: Invitation[];
  canRevoke: boolean;
  onRevoke(invitation: Invitation): void;
}

/** The invitations waiting for an answer: address, role, who invited and until when; admins revoke them. */
export function InvitationList({ invitations, canRevoke, onRevoke }: InvitationListProps) {
  if (invitations.length === 0) return <Typography color="textSecondary">{texts.noInvitations}</Typography>;
  return (
    <Stack component="ul" aria-label={texts.invitationsHeading} sx={{ m: 0, p: 0, listStyle: 'none' }}>
      {invitations.map((invitation) => (
        <PersonRow
          key={invitation.id}
          who={
            <PersonSummary
              name={invitation.email}
              lines={[texts.invitedBy(invitation.invitedBy?.name ?? null), texts.expires(formatDateTime(invitation.expiresAt))]}
            />
          }
          actions={
            <>
              <RoleChip role={invitation.role} />
              {canRevoke && (
                <Button size="small" color="error" variant="outlined" onClick={() => onRevoke(invitation)} aria-label={texts.revokeLabel(invitation.email)}>
                  {texts.revoke}
                </Button>
              )}
            </>
          }
        />
      ))}
    </Stack>
  );
}
