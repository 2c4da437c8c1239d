import type { EntityManager } from '@mikro-orm/postgresql';
import type { Config } from '../../core/config.ts';
import type { CreditSchedules } from '../../core/credits/resets.ts';
import { clientErrorStatus, HttpError } from '../errors.ts';
import { MESSAGES, personalWorkspaceOf, viewUser, type Accounts } from '../../core/users/accounts.ts';
import { invitationSignup } from '../../core/workspaces/invitations.ts';
import type {
  ChangePasswordRequest, CurrentUserResponse, LoginRequest, MessageResponse, ResetPasswordRequest,
  SessionResponse, SignupRequest, SignupResponse, UpdateUserRequest, UpdateUserResponse,
} from '../../schemas/types.ts';
import type { AppContext } from '../context.ts';
import { bearerToken, clearSessionCookie, DEVICE_COOKIE, setDeviceCookie, setSessionCookie } from '../middleware/auth.ts';
import type { ApiRegistry } from '../routing.ts';

const client = (ctx: AppContext) => ({ ip: ctx.ip, userAgent: ctx.get('user-agent') || undefined, device: ctx.cookies.get(DEVICE_COOKIE) });
const schema = (name: string) => `api/auth/${name}.schema.json`;

export function authRoutes(api: ApiRegistry, deps: { accounts: Accounts; em: () => EntityManager; config: Config; schedules?: CreditSchedules }): void {
  const { accounts, em, config } = deps;

  api.route<SignupRequest, undefined, SignupResponse>({
    method: 'post', path: '/auth/signup', operationId: 'signup', tag: 'auth',
    summary: "Create an account and send the verification e-mail; with an invitation's token sent to the same address, the account is verified at once and joins the invitation's workspace, and no e-mail is sent.",
    body: schema('signup.request'),
    responses: {
      201: { description: 'Created; the address must be verified before logging in, unless the sign-up came with its invitation.', schema: schema('signup.response') },
      400: { description: 'The input breaks a rule, or the invitation is not valid, used, withdrawn, expired or sent to another address.' },
      409: { description: 'An account with this e-mail already exists.' },
    },
    async handler(ctx, { body }) {
      const invitation = body.invitationToken === undefined ? undefined : invitationSignup(body.invitationToken);
      const user = await accounts.signup(em(), body, client(ctx), invitation);
      const personal = await personalWorkspaceOf(em(), user);
      // The monthly credit resets start with the personal workspace (`credits-<workspaceId>`). Should Temporal not
      // answer, the account stands: the next start of the API starts the resets of every workspace that has none.
      await deps.schedules?.ensure(personal.id).catch((error: unknown) =>
        ctx.state.log.warn({ err: error, workspaceId: personal.id }, 'could not start the monthly credit resets of a new account'),
      );
      return { user: viewUser(user, personal), message: invitation ? MESSAGES.signedUpInvited : MESSAGES.signedUp };
    },
  });

  api.route<undefined, { token?: string }, undefined>({
    method: 'get', path: '/auth/verify-email', operationId: 'verifyEmail', tag: 'auth',
    summary: "The e-mailed verification link: verifies the address and redirects to the web app's /verify-email.",
    query: 'api/auth/verify-email.query.schema.json',
    responses: { 302: { description: 'To /verify-email#access_token=…&type=signup, or /verify-email?error=…&error_description=….' } },
    async handler(ctx, { query }) {
      const target = new URL('/verify-email', config.APP_URL);
      try {
        if (!query.token) throw new HttpError(400, MESSAGES.verifyLinkInvalid);
        const { token } = await accounts.verifyEmail(em(), query.token, client(ctx));
        setSessionCookie(ctx, token, config.SESSION_DAYS);
        target.hash = new URLSearchParams({ access_token: token, type: 'signup' }).toString();
      } catch (error) {
        if (clientErrorStatus(error) === undefined) throw error;
        target.search = new URLSearchParams({ error: 'access_denied', error_description: (error as Error).message, type: 'signup' }).toString();
      }
      ctx.set('Cache-Control', 'no-store');
      ctx.redirect(target.href);
      return undefined;
    },
  });

  api.route<LoginRequest, undefined, SessionResponse>({
    method: 'post', path: '/auth/login', operationId: 'login', tag: 'auth',
    summary: 'Sign in; returns the user and a session token (also set as an HttpOnly cookie).',
    body: schema('login.request'),
    responses: {
      200: { description: 'Signed in.', schema: schema('session.response') },
      401: { description: 'Wrong e-mail or password (one message for both).' },
      403: { description: 'The e-mail address is not verified yet.' },
      429: { description: 'Too many attempts for this address or client.' },
    },
    async handler(ctx, { body }) {
      const { user, token, device } = await accounts.login(em(), body, client(ctx));
      setSessionCookie(ctx, token, config.SESSION_DAYS);
      setDeviceCookie(ctx, device);
      return { user: viewUser(user, await personalWorkspaceOf(em(), user)), token };
    },
  });

  api.route<undefined, undefined, CurrentUserResponse>({
    method: 'get', path: '/auth/current-user', operationId: 'currentUser', tag: 'auth', auth: 'session', role: 'account',
    unauthenticated: MESSAGES.notAuthenticated,
    summary: "The signed-in user, with the plan of the request's workspace.",
    responses: { 200: { description: 'Signed in.', schema: schema('current-user.response') } },
    handler: async (_ctx, { user, workspace }) => ({
      user: viewUser(user, workspace?.plan ?? (await personalWorkspaceOf(em(), user))),
    }),
  });

  api.route<undefined, undefined, undefined>({
    method: 'post', path: '/auth/logout', operationId: 'logout', tag: 'auth', auth: 'optional',
    summary: 'End the current session (the token stops working) and clear the cookie.',
    responses: { 204: { description: 'Signed out.' } },
    async handler(ctx) {
      if (ctx.state.auth) await accounts.logout(em(), ctx.state.auth.session);
      clearSessionCookie(ctx);
      return undefined;
    },
  });

  api.route<ChangePasswordRequest, undefined, MessageResponse>({
    method: 'post', path: '/auth/change-password', operationId: 'changePassword', tag: 'auth', auth: 'session', role: 'account',
    summary: "Change the password; the user's other sessions end, this one stays.",
    body: schema('change-password.request'),
    responses: {
      200: { description: 'Changed.', schema: schema('message.response') },
      400: { description: 'Wrong current password, or the new one breaks the rules.' },
    },
    async handler(_ctx, { body, user, session }) {
      await accounts.changePassword(em(), { user, session }, body);
      return { message: MESSAGES.passwordChanged };
    },
  });

  api.route<ResetPasswordRequest, undefined, MessageResponse>({
    method: 'post', path: '/auth/reset-password', operationId: 'requestPasswordReset', tag: 'auth',
    summary: 'Send a password reset link. The answer is the same whether or not the account exists.',
    body: schema('reset-password.request'),
    responses: { 200: { description: 'Requested.', schema: schema('message.response') }, 429: { description: 'Too many requests.' } },
    async handler(ctx, { body }) {
      await accounts.requestPasswordReset(em(), body.email, client(ctx));
      return { message: MESSAGES.resetRequested };
    },
  });

  api.route<UpdateUserRequest, undefined, UpdateUserResponse>({
    method: 'post', path: '/auth/update-user', operationId: 'updateUser', tag: 'auth', auth: 'bearer',
    summary: "Set a new password with the reset link's token_hash as the bearer token; every session of the account ends.",
    body: schema('update-user.request'),
    responses: {
      200: { description: 'Password set.', schema: schema('update-user.response') },
      400: { description: 'The password breaks the rules, or the type is not recovery.' },
      401: { description: 'The link is invalid, used or expired.' },
    },
    async handler(ctx, { body }) {
      const token = bearerToken(ctx.get('authorization'));
      if (!token) throw new HttpError(401, MESSAGES.resetLinkInvalid);
      const user = await accounts.resetPassword(em(), token, body);
      clearSessionCookie(ctx);
      // The reset link reached the owner's mailbox: this browser is theirs.
      setDeviceCookie(ctx, accounts.deviceCookie(user.email));
      return { user: viewUser(user, await personalWorkspaceOf(em(), user)), message: MESSAGES.passwordReset };
    },
  });
}
