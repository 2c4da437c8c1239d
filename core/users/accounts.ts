import type { EntityManager } from '@mikro-orm/postgresql';
import type { User as UserView } from '../../schemas/types.ts';
import type { Config } from '../config.ts';
import { Conflict, InvalidInput, NotAuthenticated, Refused } from '../errors.ts';
import { queueEmail, type EmailDispatcher } from '../mail/outbox.ts';
import { noAccountResetEmail, passwordResetEmail, verificationEmail } from '../mail/templates.ts';
import { clearRateLimit, hitRateLimit, refundRateLimit, type RateLimitRule } from '../security/rate-limit.ts';
import { DeviceCookies } from './devices.ts';
import { clientKey, isLoopback } from '../security/client-key.ts';
import { EmailToken, type EmailTokenPurpose } from './email-token.entity.ts';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, hashPassword, verifyAgainstNothing, verifyPassword } from './passwords.ts';
import { Session } from './session.entity.ts';
import { hashToken, newToken } from './tokens.ts';
import { db, readPrepared, sql, StatementShapes } from '../db/sql.ts';
import { sessionLookup, type SessionLookup, type SessionRead } from './session-lookup.ts';
import type { WorkspaceAccess } from './scope.ts';
import { User } from './user.entity.ts';
import { WorkspaceMember } from '../workspaces/workspace-member.entity.ts';
import { isUuid } from '../ids.ts';
import { Workspace } from '../workspaces/workspace.entity.ts';

const HOUR = 3_600_000;
const VERIFY_TTL_MS = 24 * HOUR;
const RESET_TTL_MS = HOUR;

/**
 * The user's personal workspace, owned by them, written in the same flush (one transaction) as the user. Its name is
 * the rule the workspaces migration applies to existing users and its trigger to users made outside sign-up.
 */
function createPersonalWorkspace(em: EntityManager, user: User): Workspace {
  const workspace = em.create(Workspace, { name: `${user.fullName.trim() || user.email}'s workspace`, personal: true, owner: user });
  em.create(WorkspaceMember, { workspace, user, role: 'owner' });
  return workspace;
}

/**
 * The sign-in policy (OWASP Authentication Cheat Sheet: throttle per account and per source, no hard lock-out).
 * Each guess takes its place in the counters *before* the password is hashed, and a success gives it back, so at
 * most a limit's number of guesses are ever checked, however many arrive at once.
 * - per address and client: 10 failed logins in 15 minutes from one client address refuse that client for that
 *   account; the owner signing in from anywhere else is not affected;
 * - per address and recognised device: a browser that has signed in to the account before (device cookie) has a
 *   budget of its own, 10 in 15 minutes, that nothing from elsewhere uses up;
 * - per address, every unrecognised client together: 50 failures an hour. A guessing campaign spread over many
 *   addresses is slowed to that pace; the owner still signs in from a recognised browser, or after a reset;
 * - per client: 50 logins in 15 minutes whatever the address (one client trying many accounts).
 */
const RATE_LIMITS = {
  loginFailuresPerSource: { name: 'login-failures:email-client', limit: 10, windowSeconds: 900 },
  loginFailuresPerDevice: { name: 'login-failures:device', limit: 10, windowSeconds: 900 },
  loginFailuresUnrecognised: {
    name: 'login-failures:email', limit: 50, windowSeconds: 3600,
    message: 'Too many failed sign-ins to this account from unrecognised devices. Sign in from a browser you have used before, or reset your password.',
  },
  loginPerClient: { name: 'login:client', limit: 50, windowSeconds: 900 },
  resetPerAddress: { name: 'reset:email', limit: 5, windowSeconds: 3600 },
  resetPerClient: { name: 'reset:client', limit: 20, windowSeconds: 3600 },
  signupPerClient: { name: 'signup:client', limit: 20, windowSeconds: 3600 },
} satisfies Record<string, RateLimitRule>;

export const MESSAGES = {
  alreadyExists: 'An account with this email already exists.',
  invalidEmail: 'Please enter a valid email address.',
  passwordTooShort: `Password must be at least ${MIN_PASSWORD_LENGTH} characters`,
  passwordTooLong: `Password must be at most ${MAX_PASSWORD_LENGTH} characters`,
  signedUp: 'Check your inbox: we sent you a link to verify your email address.',
  signedUpInvited: 'Your account is ready and you have joined the workspace: you can log in now.',
  invalidCredentials: 'Invalid email or password.',
  notConfirmed: 'Email not confirmed: please verify your email address before logging in.',
  resetRequested: 'If an account exists with this email, you will receive password reset instructions shortly.',
  resetLinkInvalid: 'This password reset link is invalid or has expired. Please request a new one.',
  verifyLinkInvalid: 'This verification link is invalid or has expired. Please sign up again or log in.',
  verifyLinkUsed: 'This verification link has already been used. Please log in.',
  wrongCurrentPassword: 'Current password is incorrect.',
  passwordChanged: 'Password changed successfully!',
  passwordReset: 'Your password has been reset.',
  unsupportedUpdate: "Unsupported update type: expected 'recovery'.",
  notAuthenticated: 'User not authenticated.',
} as const;

/** The user as every auth call returns it (schemas/api/auth/user.schema.json); never the password hash. */
export type { UserView };

/**
 * The user's view; its plan (`subscriptionTier`, `isSubscribed`) that of `workspace`: the request's, or, for answers
 * given outside any workspace (sign-up, sign-in, a password reset), the user's personal one (personalWorkspaceOf).
 */
export function viewUser(user: User, workspace: Pick<Workspace, 'subscriptionTier' | 'isSubscribed'>): UserView {
  return {
    id: user.id,
    fullName: user.fullName,
    email: user.email,
    subscriptionTier: workspace.subscriptionTier ?? null,
    isSubscribed: workspace.isSubscribed,
    transcriptsProcessed: user.transcriptsProcessed,
  };
}

/** The user's personal workspace, made with the account. */
export function personalWorkspaceOf(em: EntityManager, user: User): Promise<Workspace> {
  return em.findOneOrFail(Workspace, { owner: user, personal: true });
}

function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The address as accounts store it (trimmed, lower-cased), or InvalidInput when it is none. */
export function checkedEmail(input: string): string {
  const email = normaliseEmail(input);
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new InvalidInput(MESSAGES.invalidEmail);
  return email;
}

/**
 * Per-client limits count remote addresses only. A loopback caller is this machine (development) or a local
 * reverse proxy whose clients all share its address unless TRUST_PROXY is set: limiting it would lock everyone out.
 */
async function hitClientLimit(em: EntityManager, rule: RateLimitRule, client: ClientInfo): Promise<void> {
  if (isLoopback(client.ip)) return;
  await hitRateLimit(em, rule, clientKey(client.ip));
}

function checkPasswordRules(password: string): void {
  if (password.length < MIN_PASSWORD_LENGTH) throw new InvalidInput(MESSAGES.passwordTooShort);
  if (password.length > MAX_PASSWORD_LENGTH) throw new InvalidInput(MESSAGES.passwordTooLong);
}

export interface AccountsOptions {
  config: Pick<Config, 'APP_URL' | 'SESSION_DAYS'>;
  emails: EmailDispatcher;
  /** The secret device cookies are signed with (derived from the credentials key). */
  deviceSecret: Buffer;
}

export interface ClientInfo {
  /** The caller's address, for per-client rate limits (loopback callers are limited per e-mail address only). */
  ip: string;
  userAgent?: string;
  /** The device cookie the browser sent, if any. */
  device?: string;
}

/**
 * A sign-up through an invitation link (core/workspaces/invitations.ts): the link reached the inbox, which is what
 * verification proves, and the new account joins the invitation's workspace.
 */
export interface SignupInvitation {
  /**
   * Uses the invitation up for `email` in the sign-up's transaction, or throws InvalidInput in words (an unknown,
   * used, withdrawn or expired link, or one sent to another address). Returns what makes the new user a member.
   */
  use(tx: EntityManager, email: string): Promise<(user: User) => void>;
}

/** The columns of a new account. */
type NewUser = Pick<User, 'email' | 'fullName' | 'passwordHash'>;

export interface Authenticated {
  user: User;
  session: Session;
  /**
   * The workspace the request acts in (the one it names, else the user's personal one) and the user's role there;
   * null when the user is no member of the one it names.
   */
  workspace: WorkspaceAccess | null;
}

/** Sign-up, verification, login, sessions and passwords. Every method works in the request's EntityManager. */
export class Accounts {
  readonly #config: AccountsOptions['config'];
  readonly #emails: EmailDispatcher;
  readonly #devices: DeviceCookies;
  #sessionLookup: SessionLookup | undefined;
  /** The session lookup's statements, one per page read's shape. */
  readonly #statements = new StatementShapes();

  constructor(options: AccountsOptions) {
    this.#config = options.config;
    this.#emails = options.emails;
    this.#devices = new DeviceCookies(options.deviceSecret);
  }

  /** A new device cookie for a browser that has just proved it may use the account at `email`. */
  deviceCookie(email: string): string {
    return this.#devices.issue(normaliseEmail(email));
  }

  /**
   * Makes an account and its personal workspace. Without an invitation the address must be verified: the
   * verification e-mail goes out. With one (see SignupInvitation), nothing is made unless the invitation is used.
   */
  async signup(em: EntityManager, input: { email: string; password: string; fullName: string }, client: ClientInfo, invitation?: SignupInvitation): Promise<User> {
    await hitClientLimit(em, RATE_LIMITS.signupPerClient, client);
    const email = checkedEmail(input.email);
    checkPasswordRules(input.password);
    if (await em.count(User, { email })) throw new Conflict(MESSAGES.alreadyExists);
    const fields: NewUser = { email, fullName: input.fullName.trim(), passwordHash: await hashPassword(input.password) };
    return invitation ? this.#signupInvited(em, fields, invitation) : this.#signupToVerify(em, fields);
  }

  async #signupToVerify(em: EntityManager, fields: NewUser): Promise<User> {
    const user = em.create(User, fields);
    createPersonalWorkspace(em, user);
    const token = this.#issueEmailToken(em, user, 'verify-email', VERIFY_TTL_MS);
    const link = `${this.#config.APP_URL}/auth/verify-email?token=${encodeURIComponent(token)}`;
    const message = queueEmail(em, verificationEmail(user.email, user.fullName, link));
    await oneAccountPerAddress(em.flush());
    await this.#emails.dispatch([message.id]);
    return user;
  }

  /** One transaction: the invitation is used, the account made verified, and it joins the workspace; or nothing is. */
  #signupInvited(em: EntityManager, fields: NewUser, invitation: SignupInvitation): Promise<User> {
    return oneAccountPerAddress(em.transactional(async (tx) => {
      const join = await invitation.use(tx, fields.email);
      const user = tx.create(User, { ...fields, emailVerifiedAt: new Date() });
      createPersonalWorkspace(tx, user);
      join(user);
      await tx.flush();
      return user;
    }));
  }

  /** Marks the address verified and opens a session; returns its token. Throws with a reason for the page. */
  async verifyEmail(em: EntityManager, token: string, client: ClientInfo): Promise<{ user: User; token: string }> {
    const userId = await consumeEmailToken(em, token, 'verify-email');
    if (!userId) {
      const record = await em.findOne(EmailToken, { tokenHash: hashToken(token), purpose: 'verify-email' });
      throw new InvalidInput(record?.usedAt && record.expiresAt >= new Date() ? MESSAGES.verifyLinkUsed : MESSAGES.verifyLinkInvalid);
    }
    const user = await em.findOneOrFail(User, userId);
    user.emailVerifiedAt ??= new Date();
    const sessionToken = this.#openSession(em, user, client);
    await em.flush();
    return { user, token: sessionToken };
  }

  /**
   * Signs in (see RATE_LIMITS for the policy). Returns the session token and a fresh device cookie for the browser.
   * Only failures stay counted: a success gives its places back and clears its client's or device's count.
   */
  async login(em: EntityManager, input: { email: string; password: string }, client: ClientInfo): Promise<{ user: User; token: string; device: string }> {
    const email = normaliseEmail(input.email);
    await hitClientLimit(em, RATE_LIMITS.loginPerClient, client);
    const device = this.#devices.deviceOf(client.device, email);
    const places: [RateLimitRule, string][] = device
      ? [[RATE_LIMITS.loginFailuresPerDevice, device]]
      : [[RATE_LIMITS.loginFailuresPerSource, `${email} ${clientKey(client.ip)}`], [RATE_LIMITS.loginFailuresUnrecognised, email]];
    for (const [rule, subject] of places) await hitRateLimit(em, rule, subject);
    const user = await em.findOne(User, { email }, { populate: ['passwordHash'] });
    const valid = user?.passwordHash ? await verifyPassword(input.password, user.passwordHash) : await verifyAgainstNothing(input.password);
    if (!user || !valid) throw new NotAuthenticated(MESSAGES.invalidCredentials);
    const [own, shared] = places;
    await clearRateLimit(em, own![0], own![1]);
    if (shared) await refundRateLimit(em, shared[0], shared[1]);
    // Only someone who knows the password learns that the address is unverified.
    if (!user.emailVerifiedAt) throw new Refused(MESSAGES.notConfirmed);
    const token = this.#openSession(em, user, client);
    await em.flush();
    return { user, token, device: this.#devices.issue(email) };
  }

  /**
   * The session a token belongs to, if it is live; a used session's expiry slides forward. Every request asks, so
   * it is one prepared statement whose row becomes the request's managed session and user entities; a `read` rides
   * along in the same round trip, its row in `read`.
   */
  async authenticate(em: EntityManager, token: string, read?: SessionRead, workspace?: string): Promise<(Authenticated & { read: Record<string, unknown> }) | undefined> {
    const lookup = (this.#sessionLookup ??= sessionLookup(em));
    // A workspace named by something that cannot be an id is no workspace of the user's; the session is looked up all the same.
    const named = workspace !== undefined && isUuid(workspace) ? { workspace } : {};
    const statement = this.#statements.statement(`session:${'workspace' in named ? 'named' : 'personal'}:${read?.shape ?? ''}`,
      { ...read?.values, ...named, tokenHash: hashToken(token) },
      ({ tokenHash, workspace: namedWorkspace, ...values }) => lookup.query(db(em), tokenHash, read && { read, values }, namedWorkspace));
    const [row] = await readPrepared<Record<string, unknown>>(em, statement);
    if (!row) return undefined;
    const user = em.map(User, lookup.columnsOf(row, 'u'));
    const session = em.map(Session, lookup.columnsOf(row, 's'));
    if (session.expiresAt < new Date()) return undefined;
    if (Date.now() - session.lastUsedAt.getTime() > 5 * 60_000) {
      session.lastUsedAt = new Date();
      session.expiresAt = this.#sessionExpiry();
      await em.flush();
    }
    const current = workspace === undefined || 'workspace' in named ? lookup.workspaceOf(row) : null;
    return { user, session, workspace: current, read: lookup.readOf(row) };
  }

  async logout(em: EntityManager, session: Session): Promise<void> {
    session.revokedAt = new Date();
    await em.flush();
  }

  /** Changes the password and ends the user's other sessions; the current one stays signed in. */
  async changePassword(em: EntityManager, auth: Pick<Authenticated, 'user' | 'session'>, input: { currentPassword: string; newPassword: string }): Promise<void> {
    await em.populate(auth.user, ['passwordHash']);
    if (!auth.user.passwordHash || !(await verifyPassword(input.currentPassword, auth.user.passwordHash))) {
      throw new InvalidInput(MESSAGES.wrongCurrentPassword);
    }
    checkPasswordRules(input.newPassword);
    auth.user.passwordHash = await hashPassword(input.newPassword);
    await em.nativeUpdate(Session, { user: auth.user, revokedAt: null, id: { $ne: auth.session.id } }, { revokedAt: new Date() });
    await endResetLinks(em, auth.user.id);
    await em.flush();
  }

  /**
   * Writes an e-mail to the outbox whether or not the account exists (a reset link, or a note that no account uses
   * the address), by the same statements, so neither the answer nor its timing tells who has an account. A new link
   * ends the account's earlier ones.
   */
  async requestPasswordReset(em: EntityManager, rawEmail: string, client: ClientInfo): Promise<void> {
    const email = normaliseEmail(rawEmail);
    await hitClientLimit(em, RATE_LIMITS.resetPerClient, client);
    await hitRateLimit(em, RATE_LIMITS.resetPerAddress, email);
    const [user] = await db(em).selectFrom('users').select('id').where('email', '=', email).execute();
    const token = newToken();
    const link = `${this.#config.APP_URL}/reset-password?token_hash=${encodeURIComponent(token)}&type=recovery`;
    const message = user ? passwordResetEmail(email, link) : noAccountResetEmail(email, `${this.#config.APP_URL}/signup`);
    const emailId = crypto.randomUUID();
    // One statement either way: the account's open links end, its new one is stored, the e-mail is queued.
    const userId = user?.id ?? null;
    const now = sql<Date>`now()`;
    await db(em)
      .with('ended', (w) => w.updateTable('email_tokens').set({ used_at: now })
        .where('user_id', '=', userId).where('purpose', '=', 'reset-password').where('used_at', 'is', null))
      .with('issued', (w) => w.insertInto('email_tokens').columns(['id', 'user_id', 'purpose', 'token_hash', 'created_at', 'expires_at'])
        .expression(w.selectFrom('users').select((eb) => [
          eb.val(crypto.randomUUID()).as('id'), 'id', eb.val('reset-password').as('purpose'), eb.val(hashToken(token)).as('token_hash'),
          now.as('created_at'), eb.val(new Date(Date.now() + RESET_TTL_MS)).as('expires_at'),
        ]).where('id', '=', userId)))
      .insertInto('outbound_emails')
      .values({ id: emailId, to: message.to, subject: message.subject, text: message.text, html: message.html, status: 'pending', attempts: 0, created_at: now })
      .execute();
    await this.#emails.dispatch([emailId]);
  }

  /** Sets a new password with a reset token and ends every session of the account. */
  async resetPassword(em: EntityManager, token: string, input: { password: string; type: string }): Promise<User> {
    if (input.type !== 'recovery') throw new InvalidInput(MESSAGES.unsupportedUpdate);
    const record = await em.findOne(EmailToken, { tokenHash: hashToken(token), purpose: 'reset-password' });
    if (!record || record.usedAt || record.expiresAt < new Date()) throw new NotAuthenticated(MESSAGES.resetLinkInvalid);
    // The rules before the link is used up, so a password that breaks them does not cost the user their link.
    checkPasswordRules(input.password);
    const userId = await consumeEmailToken(em, token, 'reset-password');
    if (!userId) throw new NotAuthenticated(MESSAGES.resetLinkInvalid);
    const user = await em.findOneOrFail(User, userId);
    user.passwordHash = await hashPassword(input.password);
    // The link reached the mailbox, which is what verification proves.
    user.emailVerifiedAt ??= new Date();
    await em.nativeUpdate(Session, { user, revokedAt: null }, { revokedAt: new Date() });
    await endResetLinks(em, user.id);
    await em.flush();
    // Guesses at the old password no longer matter: the account's counts start again.
    await clearRateLimit(em, RATE_LIMITS.loginFailuresUnrecognised, user.email);
    return user;
  }

  #issueEmailToken(em: EntityManager, user: User, purpose: 'verify-email', ttlMs: number): string {
    const token = newToken();
    em.create(EmailToken, { user, purpose, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + ttlMs) });
    return token;
  }

  #openSession(em: EntityManager, user: User, client: ClientInfo): string {
    const token = newToken();
    em.create(Session, {
      user,
      tokenHash: hashToken(token),
      expiresAt: this.#sessionExpiry(),
      userAgent: client.userAgent?.slice(0, 300) ?? null,
    });
    return token;
  }

  #sessionExpiry(): Date {
    return new Date(Date.now() + this.#config.SESSION_DAYS * 24 * HOUR);
  }
}

/** Two sign-ups for one address at once: the unique index decides, the loser gets the same answer as if it came second. */
async function oneAccountPerAddress<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (/users_email_unique/.test(String(error))) throw new Conflict(MESSAGES.alreadyExists);
    throw error;
  }
}

/**
 * Uses up an e-mailed token: one row update that succeeds for one caller only, however many use the link at once.
 * Returns the token's user, or undefined when it is unknown, used or expired (or another caller used it first).
 */
async function consumeEmailToken(em: EntityManager, token: string, purpose: EmailTokenPurpose): Promise<string | undefined> {
  const rows = await db(em).updateTable('email_tokens').set({ used_at: sql<Date>`now()` })
    .where('token_hash', '=', hashToken(token)).where('purpose', '=', purpose).where('used_at', 'is', null).where('expires_at', '>', sql<Date>`now()`)
    .returning('user_id').execute();
  return rows[0]?.user_id;
}

/** Ends every reset link of the account still open (after a reset, a password change, or a newer link). */
async function endResetLinks(em: EntityManager, userId: string): Promise<void> {
  await db(em).updateTable('email_tokens').set({ used_at: sql<Date>`now()` })
    .where('user_id', '=', userId).where('purpose', '=', 'reset-password').where('used_at', 'is', null).execute();
}
