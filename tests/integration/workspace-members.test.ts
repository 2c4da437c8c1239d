// Team workspaces through the API: making, renaming and deleting one, inviting people by e-mail (the link in the
// outbox, its page, accepting it signed in or by signing up with it), what each role may do with members and
// invitations, leaving, removal, handing the workspace over, and the links' single use under concurrency.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUpVerified, type SignedInUser } from '../support/accounts.ts';
import { useTestApp } from '../support/app.ts';

const t = useTestApp();

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the answers are read field by field
type Json = Record<string, any>;
interface Answer { status: number; body: Json }

const WORKSPACE_NOT_FOUND = 'Workspace not found. It may have been deleted, or you are no longer a member of it.';
const ADMINS_ONLY = (you: string) => `Only an admin or the owner of this workspace can do this; you are ${you} of it.`;
const OWNER_ONLY = (you: string) => `Only the owner of this workspace can do this; you are ${you} of it.`;
const LINK = {
  unknown: 'This invitation link is not valid. Ask the person who invited you for a new one.',
  used: 'This invitation has already been used.',
  withdrawn: 'This invitation was withdrawn. Ask the person who invited you for a new one.',
  expired: 'This invitation has expired. Ask the person who invited you for a new one.',
};

/** Who calls: a session token. */
type Caller = Pick<SignedInUser, 'token'>;

async function send(method: string, path: string, options: { user?: Caller; workspace?: string; body?: unknown; raw?: string } = {}): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (options.user) headers['authorization'] = `Bearer ${options.user.token}`;
  if (options.workspace) headers['x-workspace-id'] = options.workspace;
  const body = options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${t.base}${path}`, { method, headers, body });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Json) : {} };
}

/** Calls as `user` in `workspace`. */
const as = (user: Caller, workspace?: string) => (method: string, path: string, body?: unknown) => send(method, path, { user, ...(workspace ? { workspace } : {}), body });

const newEmail = (name = 'user') => `${name}-${randomUUID().slice(0, 8)}@example.com`;
const person = (fullName: string, email = newEmail(fullName.split(' ')[0]!.toLowerCase())) => signUpVerified(t.base, t.db, { email, fullName });

async function newTeam(owner: SignedInUser, name = 'Acme'): Promise<string> {
  const made = await as(owner)('POST', '/api/workspaces', { name });
  expect(made.status).toBe(201);
  return made.body['workspace'].id as string;
}

/** The newest e-mail in the dev outbox to `to`. */
async function lastEmailTo(to: string): Promise<{ subject: string; text: string; links: string[] } | undefined> {
  const outbox = (await (await fetch(`${t.base}/api/dev/outbox`)).json()) as { emails: { to: string; subject: string; text: string; links: string[] }[] };
  return outbox.emails.find((email) => email.to === to);
}

/** Invites `email` and returns the invitation and its link's token, read from the e-mail in the outbox. */
async function invite(admin: SignedInUser, workspace: string, email: string, role: 'admin' | 'member' = 'member'): Promise<{ invitation: Json; token: string }> {
  const answer = await as(admin, workspace)('POST', '/api/workspace/invitations', { email, role });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  const mail = await lastEmailTo(email.toLowerCase());
  const link = mail?.links.find((candidate) => candidate.startsWith(`${t.app.url}/invitations/`));
  expect(link, `an invitation e-mail to ${email}`).toBeDefined();
  return { invitation: answer.body['invitation'] as Json, token: decodeURIComponent(link!.slice(`${t.app.url}/invitations/`.length)) };
}

/** A new user who joins `workspace` with `role` through an invitation. */
async function joined(owner: SignedInUser, workspace: string, fullName: string, role: 'admin' | 'member' = 'member'): Promise<SignedInUser> {
  const user = await person(fullName);
  const { token } = await invite(owner, workspace, user.email, role);
  expect((await as(user)('POST', `/api/invitations/${token}/accept`)).status).toBe(200);
  return user;
}

const membersOf = async (user: SignedInUser, workspace: string) => (await as(user, workspace)('GET', '/api/workspace/members')).body as { members: Json[]; invitations: Json[] };

/** The owner of each group's workspaces: a new one per group, so no group uses up another's invitations. */
let ada: SignedInUser;
const freshAda = async () => {
  ada = await person('Ada Lovelace');
};

describe('a team workspace', () => {
  beforeAll(freshAda);

  it('is made with its maker as owner, renamed, and listed', async () => {
    const made = await as(ada)('POST', '/api/workspaces', { name: '  Analytical Engines  ' });
    expect(made).toEqual({ status: 201, body: { workspace: { id: expect.any(String), name: 'Analytical Engines', personal: false, role: 'owner' } } });
    const id = made.body['workspace'].id as string;
    expect(await as(ada, id)('GET', '/api/workspace')).toEqual({ status: 200, body: { workspace: { id, name: 'Analytical Engines', personal: false, role: 'owner' } } });
    expect(await as(ada, id)('PUT', '/api/workspace', { name: 'Difference Engines' }))
      .toEqual({ status: 200, body: { workspace: { id, name: 'Difference Engines', personal: false, role: 'owner' } } });
    const list = (await as(ada)('GET', '/api/workspaces')).body['workspaces'] as Json[];
    expect(list).toContainEqual({ id, name: 'Difference Engines', personal: false, role: 'owner' });
    expect(list[0]).toMatchObject({ personal: true });
    expect((await as(ada)('GET', '/api/workspace')).body['workspace']).toMatchObject({ personal: true, role: 'owner', name: "Ada Lovelace's workspace" });
  });

  it('needs a name on one line', async () => {
    expect(await as(ada)('POST', '/api/workspaces', { name: '   ' })).toEqual({ status: 400, body: { error: 'Please give the workspace a name.' } });
    expect(await as(ada)('POST', '/api/workspaces', { name: 'Two\nlines' })).toEqual({ status: 400, body: { error: 'A workspace name is one line of text.' } });
    expect((await as(ada)('POST', '/api/workspaces', { name: 'x'.repeat(101) })).status).toBe(400);
    expect((await as(ada)('POST', '/api/workspaces', { name: 'Acme', extra: true })).status).toBe(400);
  });

  it('is deleted with everything in it; the personal one cannot be', async () => {
    const id = await newTeam(ada, 'Short-lived');
    const grace = await joined(ada, id, 'Grace Hopper');
    await invite(ada, id, newEmail());
    const { rows: [transcript] } = await t.db.query<{ id: string }>(
      `insert into transcripts (id, user_id, workspace_id, title, created_at, updated_at) values (gen_random_uuid(), $1, $2, 'Standup', now(), now()) returning id`,
      [ada.userId, id],
    );
    await t.db.query(
      `insert into tickets (id, user_id, workspace_id, transcript_id, title, description, project, created_at, updated_at)
         values (gen_random_uuid(), $1, $2, $3, 'Fix the login', 'Users are logged out.', 'Web', now(), now())`,
      [ada.userId, id, transcript!.id],
    );
    expect(await as(ada)('DELETE', '/api/workspace')).toEqual({ status: 400, body: { error: 'Your personal workspace cannot be deleted.' } });
    // Not while its transcript is being processed, nor while a bot of its is in a meeting.
    await t.db.query(
      `insert into bots (id, user_id, workspace_id, provider, provider_bot_id, meeting_url, status, created_at, updated_at)
         values (gen_random_uuid(), $1, $2, 'recall', $3, 'https://meet.google.com/abc-defg-hij', 'recording', now(), now())`,
      [ada.userId, id, crypto.randomUUID()],
    );
    expect(await as(ada, id)('DELETE', '/api/workspace')).toEqual({ status: 409, body: {
      error: 'This workspace still has 1 transcript being processed and 1 meeting bot at work. Wait for them to finish (or cancel the bot), then delete the workspace.',
    } });
    await t.db.query(`update bots set status = 'done' where workspace_id = $1`, [id]);
    expect(await as(ada, id)('DELETE', '/api/workspace')).toEqual({ status: 409, body: {
      error: 'This workspace still has 1 transcript being processed. Wait for it to finish, then delete the workspace.',
    } });
    await t.db.query(`update transcripts set processing_status = 'completed' where workspace_id = $1`, [id]);
    expect((await as(ada, id)('DELETE', '/api/workspace')).status).toBe(204);
    expect(await as(ada, id)('GET', '/api/workspace')).toEqual({ status: 404, body: { error: WORKSPACE_NOT_FOUND } });
    expect(await as(grace, id)('GET', '/api/workspace/members')).toEqual({ status: 404, body: { error: WORKSPACE_NOT_FOUND } });
    const { rows: [left] } = await t.db.query(
      `select (select count(*)::int from workspace_members where workspace_id = $1) as members,
              (select count(*)::int from workspace_invitations where workspace_id = $1) as invitations,
              (select count(*)::int from transcripts where workspace_id = $1) as transcripts,
              (select count(*)::int from tickets where workspace_id = $1) as tickets`,
      [id],
    );
    expect(left).toEqual({ members: 0, invitations: 0, transcripts: 0, tickets: 0 });
    expect((await as(ada)('GET', '/api/workspace')).status).toBe(200);
  });

  it('deleted while its members upload: each upload lands before the deletion, which is then refused, or is refused after it, in words', async () => {
    const upload = async (user: Caller, workspace: string, name: string) => {
      const form = new FormData();
      form.append('transcript', new Blob([`Ada: Grace, please fix the ${name} page.\nGrace: I will.\n`]), `${name}.txt`);
      const response = await fetch(`${t.base}/api/transcripts/upload`, {
        method: 'POST', headers: { authorization: `Bearer ${user.token}`, 'x-workspace-id': workspace }, body: form,
      });
      return { status: response.status, text: await response.text() };
    };
    for (let round = 0; round < 4; round++) {
      const id = await newTeam(ada, `Racing ${round}`);
      const grace = await joined(ada, id, 'Grace Hopper');
      // The deletion goes out first, second, … among four uploads (a Free workspace's month has five).
      const uploads = [0, 1, 2, 3].map((i) => upload(i % 2 ? grace : ada, id, `race-${round}-${i}`));
      const deletion = new Promise((resolve) => setTimeout(resolve, round * 3)).then(() => as(ada, id)('DELETE', '/api/workspace'));
      const [deleted, ...stored] = await Promise.all([deletion, ...uploads]);
      const statuses = stored.map((answer) => answer.status);
      if (deleted.status === 204) {
        // Every upload met the deletion: none is stored, each was told the workspace is gone.
        expect(statuses).toEqual([404, 404, 404, 404]);
        for (const answer of stored) expect(answer.text).toContain(WORKSPACE_NOT_FOUND);
        expect((await t.db.query('select count(*)::int as n from transcripts where workspace_id = $1', [id])).rows[0].n).toBe(0);
      } else {
        // An upload came first: the deletion waits for its processing, and the rest are stored.
        expect(deleted.status, JSON.stringify(deleted.body)).toBe(409);
        expect(deleted.body['error']).toMatch(/^This workspace still has \d transcripts? being processed/);
        expect(statuses).toEqual([201, 201, 201, 201]);
      }
    }
  });
});

describe('an invitation', () => {
  let team: string;
  beforeAll(async () => {
    await freshAda();
    team = await newTeam(ada);
  });

  it('is e-mailed with its link, shown on its page, and accepted by the invited address', async () => {
    const grace = await person('Grace Hopper');
    const before = Date.now();
    const { invitation, token } = await invite(ada, team, grace.email.toUpperCase(), 'admin');
    expect(invitation).toEqual({
      id: expect.any(String), email: grace.email, role: 'admin', invitedBy: { id: ada.userId, name: 'Ada Lovelace' },
      createdAt: expect.any(String), expiresAt: expect.any(String),
    });
    const sevenDays = 7 * 24 * 3_600_000;
    expect(Date.parse(invitation['expiresAt'] as string) - before).toBeGreaterThanOrEqual(sevenDays - 1000);
    expect(Date.parse(invitation['expiresAt'] as string) - Date.now()).toBeLessThanOrEqual(sevenDays);

    const mail = await lastEmailTo(grace.email);
    expect(mail?.subject).toBe('Ada Lovelace invited you to Acme on Tickscribe');
    expect(mail?.text).toContain(`${t.app.url}/invitations/${token}`);
    expect(mail?.text).toContain('as an admin');
    expect(mail?.text).toContain('expires in 7 days');

    expect(await send('GET', `/api/invitations/${token}`)).toEqual({
      status: 200,
      body: { invitation: { workspaceId: team, workspaceName: 'Acme', invitedBy: 'Ada Lovelace', email: grace.email, role: 'admin', expiresAt: invitation['expiresAt'], accountExists: true } },
    });
    expect((await membersOf(ada, team)).invitations).toContainEqual(invitation);

    expect(await as(grace)('POST', `/api/invitations/${token}/accept`)).toEqual({
      status: 200, body: { workspace: { id: team, name: 'Acme', personal: false, role: 'admin' } },
    });
    const { members, invitations } = await membersOf(grace, team);
    expect(members[0]).toEqual({ userId: ada.userId, name: 'Ada Lovelace', email: ada.email, role: 'owner', joinedAt: expect.any(String) });
    expect(members).toContainEqual({ userId: grace.userId, name: 'Grace Hopper', email: grace.email, role: 'admin', joinedAt: expect.any(String) });
    expect(invitations.map((pending) => pending['id'])).not.toContain(invitation['id']);
    expect((await as(grace)('GET', '/api/workspaces')).body['workspaces']).toContainEqual({ id: team, name: 'Acme', personal: false, role: 'admin' });
  });

  it("is refused in words to another user's address, and still works for its own", async () => {
    const invited = await person('Katherine Johnson');
    const other = await person('Dorothy Vaughan');
    const { token } = await invite(ada, team, invited.email);
    expect(await as(other)('POST', `/api/invitations/${token}/accept`)).toEqual({
      status: 403, body: { error: `This invitation was sent to ${invited.email}. Sign in with that address to accept it.` },
    });
    expect((await send('GET', `/api/invitations/${token}`)).status).toBe(200);
    expect((await as(invited)('POST', `/api/invitations/${token}/accept`)).status).toBe(200);
  });

  it('works once', async () => {
    const invited = await person('Mary Jackson');
    const { token } = await invite(ada, team, invited.email);
    expect((await as(invited)('POST', `/api/invitations/${token}/accept`)).status).toBe(200);
    expect(await as(invited)('POST', `/api/invitations/${token}/accept`)).toEqual({ status: 410, body: { error: LINK.used } });
    expect(await send('GET', `/api/invitations/${token}`)).toEqual({ status: 410, body: { error: LINK.used } });
  });

  it('accepted twenty times at once is used once and makes one membership', async () => {
    const invited = await person('Annie Easley');
    const { token } = await invite(ada, team, invited.email);
    const answers = await Promise.all(Array.from({ length: 20 }, () => as(invited)('POST', `/api/invitations/${token}/accept`)));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status !== 200)).toEqual(Array(19).fill({ status: 410, body: { error: LINK.used } }));
    const { rows } = await t.db.query(`select count(*)::int as n from workspace_members where workspace_id = $1 and user_id = $2`, [team, invited.userId]);
    expect(rows[0].n).toBe(1);
  });

  it('to a member already answers 409 in words; accepted by a member it is used and changes nothing', async () => {
    const member = await joined(ada, team, 'Evelyn Boyd');
    expect(await as(ada, team)('POST', '/api/workspace/invitations', { email: member.email, role: 'admin' }))
      .toEqual({ status: 409, body: { error: `${member.email} is already a member of this workspace.` } });
    const { invitation, token } = await invite(ada, team, newEmail());
    // An invitation sent before its address joined by another one: accepting it is no error.
    await t.db.query(`update workspace_invitations set email = $1 where id = $2`, [member.email, invitation['id']]);
    expect(await as(member)('POST', `/api/invitations/${token}/accept`)).toEqual({ status: 200, body: { workspace: { id: team, name: 'Acme', personal: false, role: 'member' } } });
    expect(await send('GET', `/api/invitations/${token}`)).toEqual({ status: 410, body: { error: LINK.used } });
  });

  it('withdrawn, stops working', async () => {
    const invited = await person('Hedy Lamarr');
    const { invitation, token } = await invite(ada, team, invited.email);
    expect((await as(ada, team)('DELETE', `/api/workspace/invitations/${invitation['id']}`)).status).toBe(204);
    expect(await send('GET', `/api/invitations/${token}`)).toEqual({ status: 410, body: { error: LINK.withdrawn } });
    expect(await as(invited)('POST', `/api/invitations/${token}/accept`)).toEqual({ status: 410, body: { error: LINK.withdrawn } });
    expect((await membersOf(ada, team)).invitations.map((pending) => pending['id'])).not.toContain(invitation['id']);
    expect((await as(ada, team)('DELETE', `/api/workspace/invitations/${invitation['id']}`)).status).toBe(204);
    for (const id of [randomUUID(), 'not-an-id']) {
      expect(await as(ada, team)('DELETE', `/api/workspace/invitations/${id}`)).toEqual({ status: 404, body: { error: 'No such invitation in this workspace.' } });
    }
    // Another workspace's invitation is not this one's to withdraw.
    const other = await newTeam(ada, 'Elsewhere');
    expect((await as(ada, other)('DELETE', `/api/workspace/invitations/${(await invite(ada, team, newEmail())).invitation['id']}`)).status).toBe(404);
  });

  it('expired, stops working and is no longer listed', async () => {
    const invited = await person('Joan Clarke');
    const { invitation, token } = await invite(ada, team, invited.email);
    await t.db.query(`update workspace_invitations set expires_at = now() - interval '1 minute' where id = $1`, [invitation['id']]);
    expect(await send('GET', `/api/invitations/${token}`)).toEqual({ status: 410, body: { error: LINK.expired } });
    expect(await as(invited)('POST', `/api/invitations/${token}/accept`)).toEqual({ status: 410, body: { error: LINK.expired } });
    expect((await membersOf(ada, team)).invitations.map((pending) => pending['id'])).not.toContain(invitation['id']);
  });

  it('sent again to the same address replaces the pending one', async () => {
    const email = newEmail('again');
    const first = await invite(ada, team, email, 'member');
    const second = await invite(ada, team, email, 'admin');
    expect(await send('GET', `/api/invitations/${first.token}`)).toEqual({ status: 410, body: { error: LINK.withdrawn } });
    expect(await send('GET', `/api/invitations/${second.token}`)).toMatchObject({ status: 200, body: { invitation: { role: 'admin', accountExists: false } } });
    expect((await membersOf(ada, team)).invitations.filter((pending) => pending['email'] === email)).toEqual([second.invitation]);
  });

  it('with an unknown link answers 404 in words', async () => {
    expect(await send('GET', `/api/invitations/${'x'.repeat(43)}`)).toEqual({ status: 404, body: { error: LINK.unknown } });
    expect(await as(ada)('POST', '/api/invitations/nothing/accept')).toEqual({ status: 404, body: { error: LINK.unknown } });
  });

  it('to a personal workspace is refused in words', async () => {
    expect(await as(ada)('POST', '/api/workspace/invitations', { email: newEmail(), role: 'member' }))
      .toEqual({ status: 400, body: { error: 'A personal workspace is yours alone. Create a team workspace to invite people.' } });
    expect((await as(ada)('POST', '/api/workspace/invitations', { email: 'not an address', role: 'member' })).body)
      .toEqual({ error: 'Please enter a valid email address.' });
  });
});

describe('signing up with an invitation', () => {
  let team: string;
  beforeAll(async () => {
    await freshAda();
    team = await newTeam(ada, 'Signups');
  });
  const signup = (body: Json) => send('POST', '/auth/signup', { body: { password: 'secret-1', fullName: 'Radia Perlman', ...body } });
  const accountOf = async (email: string) => (await t.db.query(`select id, email_verified_at from users where email = $1`, [email])).rows[0] as { id: string; email_verified_at: Date | null } | undefined;

  it('makes a verified account that joins the workspace, logs in at once, and gets no verification e-mail', async () => {
    const email = newEmail('radia');
    const { token } = await invite(ada, team, email, 'admin');
    expect(await send('GET', `/api/invitations/${token}`)).toMatchObject({ status: 200, body: { invitation: { accountExists: false } } });
    const answer = await signup({ email, invitationToken: token });
    expect(answer).toEqual({
      status: 201,
      body: { user: expect.objectContaining({ email, fullName: 'Radia Perlman' }), message: 'Your account is ready and you have joined the workspace: you can log in now.' },
    });
    expect((await accountOf(email))?.email_verified_at).not.toBeNull();
    const login = await send('POST', '/auth/login', { body: { email, password: 'secret-1' } });
    expect(login.status).toBe(200);
    const radia: Caller = { token: login.body['token'] as string };
    const workspaces = (await as(radia)('GET', '/api/workspaces')).body['workspaces'] as Json[];
    expect(workspaces).toEqual([
      { id: expect.any(String), name: "Radia Perlman's workspace", personal: true, role: 'owner' },
      { id: team, name: 'Signups', personal: false, role: 'admin' },
    ]);
    expect((await lastEmailTo(email))?.subject).toBe('Ada Lovelace invited you to Signups on Tickscribe');
    expect(await send('GET', `/api/invitations/${token}`)).toEqual({ status: 410, body: { error: LINK.used } });
  });

  it('with a link that does not work is refused with its words, and makes no account', async () => {
    const used = await invite(ada, team, newEmail());
    await t.db.query(`update workspace_invitations set used_at = now() where id = $1`, [used.invitation['id']]);
    const withdrawn = await invite(ada, team, newEmail());
    await as(ada, team)('DELETE', `/api/workspace/invitations/${withdrawn.invitation['id']}`);
    const expired = await invite(ada, team, newEmail());
    await t.db.query(`update workspace_invitations set expires_at = now() - interval '1 second' where id = $1`, [expired.invitation['id']]);
    const cases: [string, string, string][] = [
      [newEmail(), 'no-such-token', LINK.unknown],
      [used.invitation['email'], used.token, LINK.used],
      [withdrawn.invitation['email'], withdrawn.token, LINK.withdrawn],
      [expired.invitation['email'], expired.token, LINK.expired],
    ];
    for (const [email, invitationToken, error] of cases) {
      expect(await signup({ email, invitationToken }), error).toEqual({ status: 400, body: { error } });
      expect(await accountOf(email)).toBeUndefined();
    }
  });

  it('for another address is refused in words; the invitation stays usable', async () => {
    const invited = newEmail('invited');
    const { token } = await invite(ada, team, invited);
    const other = newEmail('other');
    expect(await signup({ email: other, invitationToken: token }))
      .toEqual({ status: 400, body: { error: `This invitation was sent to ${invited}. Sign up with that address to accept it.` } });
    expect(await accountOf(other)).toBeUndefined();
    expect((await send('GET', `/api/invitations/${token}`)).status).toBe(200);
  });

  it('for an address that has an account answers as sign-up does, and leaves the invitation usable', async () => {
    const { token } = await invite(ada, team, (await person('Frances Allen')).email);
    const { email } = (await send('GET', `/api/invitations/${token}`)).body['invitation'] as { email: string };
    expect(await signup({ email, invitationToken: token })).toEqual({ status: 409, body: { error: 'An account with this email already exists.' } });
    expect((await send('GET', `/api/invitations/${token}`)).status).toBe(200);
  });

  it('without a token is the ordinary sign-up: unverified, with the verification e-mail', async () => {
    const email = newEmail('plain');
    expect(await signup({ email })).toMatchObject({ status: 201, body: { message: 'Check your inbox: we sent you a link to verify your email address.' } });
    expect((await accountOf(email))?.email_verified_at).toBeNull();
    expect((await lastEmailTo(email))?.subject).toBe('Confirm your Tickscribe account');
  });
});

describe('roles', () => {
  let team: string;
  let admin: SignedInUser;
  let member: SignedInUser;
  let other: SignedInUser;
  let pending: string;
  beforeAll(async () => {
    await freshAda();
    team = await newTeam(ada, 'Roles');
    admin = await joined(ada, team, 'Barbara Liskov', 'admin');
    member = await joined(ada, team, 'Margaret Hamilton');
    other = await joined(ada, team, 'Sophie Wilson');
    pending = (await invite(ada, team, newEmail())).invitation['id'] as string;
  });

  it('a member may read the workspace and its members, and is refused every admin and owner change in words', async () => {
    const call = as(member, team);
    expect((await call('GET', '/api/workspace')).body).toEqual({ workspace: { id: team, name: 'Roles', personal: false, role: 'member' } });
    expect((await call('GET', '/api/workspace/members')).status).toBe(200);
    const admins = [
      ['PUT', '/api/workspace', { name: 'Mine' }],
      ['PUT', `/api/workspace/members/${other.userId}`, { role: 'admin' }],
      ['POST', '/api/workspace/invitations', { email: newEmail(), role: 'member' }],
      ['DELETE', `/api/workspace/invitations/${pending}`, undefined],
      ['DELETE', `/api/workspace/members/${other.userId}`, undefined],
    ] as const;
    for (const [method, path, body] of admins) expect(await call(method, path, body), `${method} ${path}`).toEqual({ status: 403, body: { error: ADMINS_ONLY('a member') } });
    for (const [method, path, body] of [['DELETE', '/api/workspace', undefined], ['POST', '/api/workspace/transfer', { userId: member.userId }]] as const) {
      expect(await call(method, path, body), `${method} ${path}`).toEqual({ status: 403, body: { error: OWNER_ONLY('a member') } });
    }
    const { members, invitations } = await membersOf(ada, team);
    expect(members.map((m) => [m['name'], m['role']])).toEqual([
      ['Ada Lovelace', 'owner'], ['Barbara Liskov', 'admin'], ['Margaret Hamilton', 'member'], ['Sophie Wilson', 'member'],
    ]);
    expect(invitations.map((invitation) => invitation['id'])).toContain(pending);
    expect((await as(ada, team)('GET', '/api/workspace')).body['workspace'].name).toBe('Roles');
  });

  it("an admin manages members and invitations but not the owner's role, the deletion or the hand-over", async () => {
    const call = as(admin, team);
    expect(await call('PUT', `/api/workspace/members/${other.userId}`, { role: 'admin' })).toEqual({
      status: 200, body: { member: { userId: other.userId, name: 'Sophie Wilson', email: other.email, role: 'admin', joinedAt: expect.any(String) } },
    });
    expect((await call('PUT', `/api/workspace/members/${other.userId}`, { role: 'member' })).body['member'].role).toBe('member');
    expect(await call('PUT', `/api/workspace/members/${ada.userId}`, { role: 'member' }))
      .toEqual({ status: 400, body: { error: "The owner's role cannot be changed; the owner can hand the workspace to another member." } });
    expect(await as(ada, team)('PUT', `/api/workspace/members/${ada.userId}`, { role: 'admin' }))
      .toEqual({ status: 400, body: { error: "The owner's role cannot be changed; the owner can hand the workspace to another member." } });
    expect((await call('PUT', `/api/workspace/members/${ada.userId}`, { role: 'owner' })).status).toBe(400);
    for (const id of [randomUUID(), 'not-an-id']) {
      expect(await call('PUT', `/api/workspace/members/${id}`, { role: 'admin' })).toEqual({ status: 404, body: { error: 'No such member in this workspace.' } });
      expect(await call('DELETE', `/api/workspace/members/${id}`)).toEqual({ status: 404, body: { error: 'No such member in this workspace.' } });
    }
    expect((await call('PUT', '/api/workspace', { name: 'Roles' })).status).toBe(200);
    for (const [method, path, body] of [['DELETE', '/api/workspace', undefined], ['POST', '/api/workspace/transfer', { userId: admin.userId }]] as const) {
      expect(await call(method, path, body), `${method} ${path}`).toEqual({ status: 403, body: { error: OWNER_ONLY('an admin') } });
    }
    expect(await call('DELETE', `/api/workspace/members/${ada.userId}`))
      .toEqual({ status: 400, body: { error: 'The owner cannot leave or be removed; hand the workspace to another member first.' } });
    expect((await call('DELETE', `/api/workspace/invitations/${pending}`)).status).toBe(204);
  });

  it("a member who leaves loses the workspace at once; the owner cannot leave", async () => {
    const leaver = await joined(ada, team, 'Lynn Conway');
    expect((await as(leaver, team)('DELETE', `/api/workspace/members/${leaver.userId}`)).status).toBe(204);
    expect(await as(leaver, team)('GET', '/api/workspace')).toEqual({ status: 404, body: { error: WORKSPACE_NOT_FOUND } });
    expect(await as(ada, team)('DELETE', `/api/workspace/members/${ada.userId}`))
      .toEqual({ status: 400, body: { error: 'The owner cannot leave or be removed; hand the workspace to another member first.' } });
    expect(await as(ada)('DELETE', `/api/workspace/members/${ada.userId}`))
      .toEqual({ status: 400, body: { error: 'The owner cannot leave or be removed; hand the workspace to another member first.' } });
  });

  it('a removed member is refused the workspace on their next request and no longer lists it', async () => {
    const removed = await joined(ada, team, 'Jean Bartik');
    expect((await as(removed, team)('GET', '/api/workspace/members')).status).toBe(200);
    expect((await as(admin, team)('DELETE', `/api/workspace/members/${removed.userId}`)).status).toBe(204);
    expect(await as(removed, team)('GET', '/api/workspace/members')).toEqual({ status: 404, body: { error: WORKSPACE_NOT_FOUND } });
    expect(await as(removed, team)('GET', '/api/tickets/filtered?page=1&limit=10')).toEqual({ status: 404, body: { error: WORKSPACE_NOT_FOUND } });
    expect(((await as(removed)('GET', '/api/workspaces')).body['workspaces'] as Json[]).map((w) => w['id'])).not.toContain(team);
    expect((await membersOf(ada, team)).members.map((m) => m['userId'])).not.toContain(removed.userId);
  });
});

describe('handing a workspace over', () => {
  beforeAll(freshAda);

  it('makes the member the owner and the previous owner an admin, in the workspace row too', async () => {
    const team = await newTeam(ada, 'Handover');
    const heir = await joined(ada, team, 'Alan Kay');
    expect(await as(ada, team)('POST', '/api/workspace/transfer', { userId: ada.userId })).toEqual({ status: 400, body: { error: 'You are the owner of this workspace already.' } });
    for (const userId of [randomUUID(), 'not-an-id', (await person('Outsider')).userId]) {
      expect(await as(ada, team)('POST', '/api/workspace/transfer', { userId })).toEqual({ status: 404, body: { error: 'No such member in this workspace.' } });
    }
    expect(await as(ada, team)('POST', '/api/workspace/transfer', { userId: heir.userId }))
      .toEqual({ status: 200, body: { workspace: { id: team, name: 'Handover', personal: false, role: 'admin' } } });
    const { rows: [row] } = await t.db.query(`select owner_id from workspaces where id = $1`, [team]);
    expect(row.owner_id).toBe(heir.userId);
    expect((await membersOf(ada, team)).members.map((m) => [m['userId'], m['role']])).toEqual([[heir.userId, 'owner'], [ada.userId, 'admin']]);
    expect(await as(ada, team)('DELETE', '/api/workspace')).toEqual({ status: 403, body: { error: OWNER_ONLY('an admin') } });
    expect((await as(ada, team)('DELETE', `/api/workspace/members/${ada.userId}`)).status).toBe(204);
    expect((await as(heir, team)('DELETE', '/api/workspace')).status).toBe(204);
  });

  it('is refused for a personal workspace', async () => {
    expect(await as(ada)('POST', '/api/workspace/transfer', { userId: randomUUID() }))
      .toEqual({ status: 400, body: { error: 'A personal workspace is yours alone: it cannot be handed to anyone else.' } });
  });

  it('and a removal at once never leave the workspace without its owner', async () => {
    for (let round = 0; round < 5; round++) {
      const owner = await person('Owner');
      const team = await newTeam(owner, `Race ${round}`);
      const heir = await joined(owner, team, 'Heir', 'admin');
      const admin = await joined(owner, team, 'Other Admin', 'admin');
      const [transfer, removal] = await Promise.all([
        as(owner, team)('POST', '/api/workspace/transfer', { userId: heir.userId }),
        as(admin, team)('DELETE', `/api/workspace/members/${heir.userId}`),
      ]);
      // Either order is fine (hand-over first: the new owner cannot be removed; removal first: no one to hand it to);
      // what is never fine is an owner without an owner's membership.
      expect([[200, 400], [204, 404]], JSON.stringify({ transfer, removal })).toContainEqual([transfer.status, removal.status].sort());
      const { rows } = await t.db.query(
        `select w.owner_id, array(select m.user_id from workspace_members m where m.workspace_id = w.id and m.role = 'owner') as owners
           from workspaces w where w.id = $1`,
        [team],
      );
      expect(rows[0].owners).toEqual([rows[0].owner_id]);
    }
  });
});

describe('limits', () => {
  beforeAll(freshAda);

  it('a workspace has at most 100 pending invitations', async () => {
    const team = await newTeam(ada, 'Crowded');
    await t.db.query(
      `insert into workspace_invitations (id, workspace_id, email, role, token_hash, invited_by_id, created_at, expires_at)
         select gen_random_uuid(), $1, 'crowd-' || n || '@example.com', 'member', md5(random()::text) || md5(random()::text), $2, now(), now() + interval '7 days'
         from generate_series(1, 100) n`,
      [team, ada.userId],
    );
    expect(await as(ada, team)('POST', '/api/workspace/invitations', { email: newEmail(), role: 'member' })).toEqual({
      status: 409,
      body: { error: 'This workspace has 100 invitations waiting for an answer, the most allowed. Withdraw some before inviting more people.' },
    });
    // Sending one again to an address it already invited replaces it, and so is not refused.
    expect((await as(ada, team)('POST', '/api/workspace/invitations', { email: 'crowd-1@example.com', role: 'admin' })).status).toBe(201);
  });

  it('an address is invited at most 5 times an hour', async () => {
    const team = await newTeam(ada, 'Persistent');
    const email = newEmail('popular');
    for (let i = 0; i < 5; i++) await invite(ada, team, email);
    expect(await as(ada, team)('POST', '/api/workspace/invitations', { email, role: 'member' })).toEqual({
      status: 429, body: { error: 'This address has been sent 5 invitations within an hour, the most allowed. Please wait up to an hour before inviting it again.' },
    });
  });

  it('a sender sends at most 50 invitations an hour, whatever workspace they send from', async () => {
    const sender = await person('Sender');
    const [first, second] = [await newTeam(sender, 'One'), await newTeam(sender, 'Two')];
    for (let i = 0; i < 50; i++) expect((await as(sender, i % 2 ? first : second)('POST', '/api/workspace/invitations', { email: newEmail(), role: 'member' })).status).toBe(201);
    expect(await as(sender, first)('POST', '/api/workspace/invitations', { email: newEmail(), role: 'member' })).toEqual({
      status: 429, body: { error: 'You have sent 50 invitations within an hour, the most allowed. Please wait up to an hour before sending more.' },
    });
  });
});

describe('hostile bodies', () => {
  beforeAll(freshAda);

  const DEEP = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`;
  it('nested 10,000 deep are refused in words by every new route that takes a body', async () => {
    const team = await newTeam(ada, 'Deep');
    const routes = [
      ['POST', '/api/workspaces'], ['PUT', '/api/workspace'], ['POST', '/api/workspace/transfer'], ['PUT', `/api/workspace/members/${ada.userId}`],
      ['POST', '/api/workspace/invitations'], ['POST', '/api/invitations/some-token/accept'], ['POST', '/auth/signup'],
    ] as const;
    for (const [method, path] of routes) {
      expect(await send(method, path, { user: ada, workspace: team, raw: DEEP }), `${method} ${path}`)
        .toEqual({ status: 400, body: { error: 'Invalid request: the body is nested more than 32 levels deep.' } });
    }
  });
});
