import type { EntityManager } from '@mikro-orm/postgresql';
import type { InvitationLinkResponse, WorkspaceInvitationView, WorkspaceSummary } from '../../schemas/types.ts';
import { db, isoTime, sql } from '../db/sql.ts';
import { Conflict, Gone, InvalidInput, NotFound, Refused } from '../errors.ts';
import { isUuid } from '../ids.ts';
import { queueEmail, type EmailDispatcher } from '../mail/outbox.ts';
import { invitationEmail } from '../mail/templates.ts';
import { hitRateLimit, type RateLimitRule } from '../security/rate-limit.ts';
import { checkedEmail, type SignupInvitation } from '../users/accounts.ts';
import { hashToken, newToken } from '../users/tokens.ts';
import type { User } from '../users/user.entity.ts';
import { WorkspaceMember } from './workspace-member.entity.ts';
import type { InvitationRole } from './workspace-invitation.entity.ts';
import { Workspace } from './workspace.entity.ts';
import { lockWorkspace, personName } from './workspaces.ts';

const INVITATION_TTL_MS = 7 * 24 * 3_600_000;
/** Invitations a workspace may have waiting for an answer at once. */
const MAX_PENDING = 100;

/**
 * Each invitation sends an e-mail to an address its sender chose, so sending them is limited: per sender (whatever
 * workspace they send from, so making workspaces does not multiply it) and per address (so no one is flooded from
 * many workspaces). Only invitations sent count: the places are taken in the invitation's transaction.
 */
const RATE_LIMITS = {
  perSender: {
    name: 'invitations:user', limit: 50, windowSeconds: 3600,
    message: 'You have sent 50 invitations within an hour, the most allowed. Please wait up to an hour before sending more.',
  },
  perAddress: {
    name: 'invitations:email', limit: 5, windowSeconds: 3600,
    message: 'This address has been sent 5 invitations within an hour, the most allowed. Please wait up to an hour before inviting it again.',
  },
} satisfies Record<string, RateLimitRule>;

export const INVITATION_MESSAGES = {
  unknown: 'This invitation link is not valid. Ask the person who invited you for a new one.',
  used: 'This invitation has already been used.',
  withdrawn: 'This invitation was withdrawn. Ask the person who invited you for a new one.',
  expired: 'This invitation has expired. Ask the person who invited you for a new one.',
  personalWorkspace: 'A personal workspace is yours alone. Create a team workspace to invite people.',
  tooManyPending: `This workspace has ${MAX_PENDING} invitations waiting for an answer, the most allowed. Withdraw some before inviting more people.`,
  notFound: 'No such invitation in this workspace.',
  alreadyMember: (email: string) => `${email} is already a member of this workspace.`,
  sentToOther: (email: string) => `This invitation was sent to ${email}. Sign in with that address to accept it.`,
  sentToOtherSignup: (email: string) => `This invitation was sent to ${email}. Sign up with that address to accept it.`,
} as const;

/** What sending an invitation needs: the web app's address for its link, and the outbox's delivery. */
export interface InvitationMail {
  appUrl: string;
  emails: EmailDispatcher;
}

/**
 * Invites `input.email` to the workspace with a role, by an e-mail carrying a link that works once for 7 days. A
 * pending invitation to the same address is withdrawn: the new one replaces it.
 */
export async function invite(em: EntityManager, user: User, workspaceId: string, input: { email: string; role: InvitationRole }, mail: InvitationMail): Promise<WorkspaceInvitationView> {
  const email = checkedEmail(input.email);
  const token = newToken();
  const { invitation, emailId } = await em.transactional(async (tx) => {
    const workspace = await lockWorkspace(tx, workspaceId, user, 'admin');
    if (workspace.personal) throw new InvalidInput(INVITATION_MESSAGES.personalWorkspace);
    const d = db(tx);
    const member = await d.selectFrom('workspace_members as m').innerJoin('users as u', 'u.id', 'm.user_id').select('m.id')
      .where('m.workspace_id', '=', workspace.id).where('u.email', '=', email).executeTakeFirst();
    if (member) throw new Conflict(INVITATION_MESSAGES.alreadyMember(email));
    await hitRateLimit(tx, RATE_LIMITS.perSender, user.id);
    await hitRateLimit(tx, RATE_LIMITS.perAddress, email);
    const now = new Date();
    await d.updateTable('workspace_invitations').set({ revoked_at: now })
      .where('workspace_id', '=', workspace.id).where('email', '=', email).where('used_at', 'is', null).where('revoked_at', 'is', null).execute();
    const { pending } = await pendingOf(tx, workspace.id).select((eb) => eb.fn.countAll<number>().as('pending')).executeTakeFirstOrThrow();
    if (Number(pending) >= MAX_PENDING) throw new Conflict(INVITATION_MESSAGES.tooManyPending);
    const made = { id: crypto.randomUUID(), createdAt: now, expiresAt: new Date(now.getTime() + INVITATION_TTL_MS) };
    await d.insertInto('workspace_invitations').values({
      id: made.id, workspace_id: workspace.id, email, role: input.role, token_hash: hashToken(token),
      invited_by_id: user.id, created_at: made.createdAt, expires_at: made.expiresAt,
    }).execute();
    const inviter = user.fullName.trim() || user.email;
    const url = `${mail.appUrl}/invitations/${encodeURIComponent(token)}`;
    const message = queueEmail(tx, invitationEmail(email, { inviter, workspace: workspace.name, role: input.role, url }));
    await tx.flush();
    const view: WorkspaceInvitationView = {
      id: made.id, email, role: input.role, invitedBy: { id: user.id, name: inviter },
      createdAt: made.createdAt.toISOString(), expiresAt: made.expiresAt.toISOString(),
    };
    return { invitation: view, emailId: message.id };
  });
  await mail.emails.dispatch([emailId]);
  return invitation;
}

/** A workspace's invitations still waiting for an answer: not used, not withdrawn, not expired. */
function pendingOf(em: EntityManager, workspaceId: string) {
  return db(em).selectFrom('workspace_invitations as i')
    .where('i.workspace_id', '=', workspaceId).where('i.used_at', 'is', null).where('i.revoked_at', 'is', null)
    .where('i.expires_at', '>', sql<Date>`now()`);
}

/** The workspace's pending invitations, newest first, for its members page. */
export async function pendingInvitations(em: EntityManager, workspaceId: string): Promise<WorkspaceInvitationView[]> {
  const rows = await pendingOf(em, workspaceId).leftJoin('users as u', 'u.id', 'i.invited_by_id')
    .select([
      'i.id', 'i.email', 'i.role', isoTime(sql.ref('i.created_at')).as('created_at'), isoTime(sql.ref('i.expires_at')).as('expires_at'),
      'u.id as inviter_id', personName('u').as('inviter_name'),
    ])
    .orderBy('i.created_at', 'desc').orderBy('i.id').execute();
  return rows.map((row) => ({
    id: row.id, email: row.email, role: row.role,
    invitedBy: row.inviter_id ? { id: row.inviter_id, name: row.inviter_name } : null,
    createdAt: row.created_at, expiresAt: row.expires_at,
  }));
}

/** Withdraws a pending invitation: its link stops working. One already used or withdrawn stays as it is. */
export async function revokeInvitation(em: EntityManager, user: User, workspaceId: string, id: string): Promise<void> {
  await em.transactional(async (tx) => {
    const workspace = await lockWorkspace(tx, workspaceId, user, 'admin');
    const d = db(tx);
    const found = isUuid(id)
      ? await d.selectFrom('workspace_invitations').select('id').where('id', '=', id).where('workspace_id', '=', workspace.id).executeTakeFirst()
      : undefined;
    if (!found) throw new NotFound(INVITATION_MESSAGES.notFound);
    await d.updateTable('workspace_invitations').set({ revoked_at: new Date() })
      .where('id', '=', found.id).where('used_at', 'is', null).where('revoked_at', 'is', null).execute();
  });
}

/** The invitation a link's token names, with its workspace; locked until `tx` ends when `lock` is set. */
async function invitationByToken(tx: EntityManager, token: string, lock: boolean) {
  let query = db(tx).selectFrom('workspace_invitations as i').innerJoin('workspaces as w', 'w.id', 'i.workspace_id')
    .leftJoin('users as u', 'u.id', 'i.invited_by_id')
    .select([
      'i.id', 'i.workspace_id', 'i.email', 'i.role', isoTime(sql.ref('i.expires_at')).as('expires_at'), 'i.used_at', 'i.revoked_at',
      'w.name as workspace_name', 'w.personal',
      sql<boolean>`i.expires_at <= now()`.as('expired'), personName('u').as('inviter_name'),
    ])
    .where('i.token_hash', '=', hashToken(token));
  if (lock) query = query.forUpdate('i');
  return query.executeTakeFirst();
}

type FoundInvitation = NonNullable<Awaited<ReturnType<typeof invitationByToken>>>;

/** The invitation if its link still works; otherwise NotFound (no such link) or Gone (used, withdrawn, expired) in words. */
function usable(invitation: FoundInvitation | undefined): FoundInvitation {
  if (!invitation) throw new NotFound(INVITATION_MESSAGES.unknown);
  if (invitation.used_at) throw new Gone(INVITATION_MESSAGES.used);
  if (invitation.revoked_at) throw new Gone(INVITATION_MESSAGES.withdrawn);
  if (invitation.expired) throw new Gone(INVITATION_MESSAGES.expired);
  return invitation;
}

/** What an invitation link offers, for whoever holds it. */
export async function invitationByLink(em: EntityManager, token: string): Promise<InvitationLinkResponse> {
  const invitation = usable(await invitationByToken(em, token, false));
  const account = await db(em).selectFrom('users').select('id').where('email', '=', invitation.email).executeTakeFirst();
  return {
    invitation: {
      workspaceId: invitation.workspace_id, workspaceName: invitation.workspace_name, invitedBy: invitation.inviter_name, email: invitation.email, role: invitation.role,
      expiresAt: invitation.expires_at, accountExists: account !== undefined,
    },
  };
}

/** Marks the invitation, locked by the caller's transaction, used. */
async function use(tx: EntityManager, invitation: FoundInvitation): Promise<void> {
  await db(tx).updateTable('workspace_invitations').set({ used_at: new Date() }).where('id', '=', invitation.id).execute();
}

/**
 * Accepts an invitation for the signed-in user, whose address must be the invited one. The invitation's row is
 * locked from the check to its use, so of any number of accepts at once exactly one uses it; the others find it used.
 * A user who is a member already stays as they are, and the invitation is used all the same.
 */
export async function acceptInvitation(em: EntityManager, user: User, token: string): Promise<WorkspaceSummary> {
  return em.transactional(async (tx) => {
    const invitation = usable(await invitationByToken(tx, token, true));
    if (invitation.email !== user.email.toLowerCase()) throw new Refused(INVITATION_MESSAGES.sentToOther(invitation.email));
    await use(tx, invitation);
    const d = db(tx);
    await d.insertInto('workspace_members')
      .values({ id: crypto.randomUUID(), workspace_id: invitation.workspace_id, user_id: user.id, role: invitation.role, created_at: new Date() })
      .onConflict((oc) => oc.columns(['workspace_id', 'user_id']).doNothing()).execute();
    const { role } = await d.selectFrom('workspace_members').select('role')
      .where('workspace_id', '=', invitation.workspace_id).where('user_id', '=', user.id).executeTakeFirstOrThrow();
    return { id: invitation.workspace_id, name: invitation.workspace_name, personal: invitation.personal, role };
  });
}

/**
 * A sign-up through an invitation link (Accounts.signup): the invitation must be usable and sent to the address
 * signing up, else the sign-up is refused with the link's own words and no account is made.
 */
export function invitationSignup(token: string): SignupInvitation {
  return {
    async use(tx, email) {
      let invitation: FoundInvitation;
      try {
        invitation = usable(await invitationByToken(tx, token, true));
      } catch (error) {
        if (error instanceof NotFound || error instanceof Gone) throw new InvalidInput(error.message);
        throw error;
      }
      if (invitation.email !== email) throw new InvalidInput(INVITATION_MESSAGES.sentToOtherSignup(invitation.email));
      await use(tx, invitation);
      return (user) => {
        tx.create(WorkspaceMember, { workspace: tx.getReference(Workspace, invitation.workspace_id), user, role: invitation.role });
      };
    },
  };
}
