import type { EmailMessage } from './mailer.ts';

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function layout(heading: string, paragraphs: string[], action: { label: string; url: string }, footer: string): string {
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1a2027;max-width:32rem;margin:0 auto;padding:1.5rem">
<h1 style="font-size:1.4rem">${escape(heading)}</h1>
${paragraphs.map((p) => `<p>${escape(p)}</p>`).join('\n')}
<p><a href="${escape(action.url)}" style="display:inline-block;background:#3949ab;color:#fff;padding:.7rem 1.2rem;border-radius:6px;text-decoration:none">${escape(action.label)}</a></p>
<p style="font-size:.85rem;color:#555">If the button does not work, copy this address into your browser:<br>${escape(action.url)}</p>
<p style="font-size:.85rem;color:#555">${escape(footer)}</p>
</body></html>`;
}

export function verificationEmail(to: string, fullName: string, url: string): EmailMessage {
  const greeting = fullName ? `Hi ${fullName},` : 'Hi,';
  const intro = 'Confirm your e-mail address to finish creating your Tickscribe account.';
  const footer = 'The link works once and expires in 24 hours. If you did not sign up for Tickscribe, ignore this e-mail.';
  return {
    to,
    subject: 'Confirm your Tickscribe account',
    text: `${greeting}\n\n${intro}\n\n${url}\n\n${footer}\n`,
    html: layout('Confirm your e-mail address', [greeting, intro], { label: 'Confirm e-mail address', url }, footer),
  };
}

/**
 * An invitation to a team workspace. The names people chose (the inviter's, the workspace's) are put on one line in
 * the subject, so none can start a header of its own.
 */
export function invitationEmail(to: string, invitation: { inviter: string; workspace: string; role: 'admin' | 'member'; url: string }): EmailMessage {
  const { inviter, workspace, role, url } = invitation;
  const intro = `${inviter} invited you to join the workspace ${workspace} on Tickscribe as ${role === 'admin' ? 'an admin' : 'a member'}.`;
  const action = `Accept the invitation here (if you have no Tickscribe account yet, you can make one there with ${to}):`;
  const footer = 'The link works once and expires in 7 days. If you did not expect this invitation, ignore this e-mail.';
  return {
    to,
    subject: `${inviter} invited you to ${workspace} on Tickscribe`.replace(/\s+/g, ' '),
    text: `Hi,\n\n${intro}\n\n${action}\n\n${url}\n\n${footer}\n`,
    html: layout(`Join ${workspace} on Tickscribe`, ['Hi,', intro, action], { label: 'Accept the invitation', url }, footer),
  };
}

export function passwordResetEmail(to: string, url: string): EmailMessage {
  const intro = 'Someone asked to reset the password of your Tickscribe account. Choose a new password here:';
  const footer = 'The link works once and expires in 1 hour. If you did not ask for this, ignore this e-mail: your password stays as it is.';
  return {
    to,
    subject: 'Reset your Tickscribe password',
    text: `Hi,\n\n${intro}\n\n${url}\n\n${footer}\n`,
    html: layout('Reset your password', ['Hi,', intro], { label: 'Choose a new password', url }, footer),
  };
}

/**
 * The answer to a reset asked for an address no account uses. Sent so that asking costs the same whether or not the
 * account exists (nothing in the reply or its timing tells), and so its owner learns which address they signed up with.
 */
export function noAccountResetEmail(to: string, signupUrl: string): EmailMessage {
  const intro = 'Someone asked to reset the password of a Tickscribe account with this e-mail address, but no account uses it.';
  const hint = 'If you have an account, you may have signed up with another address: ask again with that one. To create an account, sign up here:';
  const footer = 'If you did not ask for this, ignore this e-mail: nothing has changed.';
  return {
    to,
    subject: 'Reset your Tickscribe password',
    text: `Hi,\n\n${intro}\n\n${hint}\n\n${signupUrl}\n\n${footer}\n`,
    html: layout('No Tickscribe account uses this address', ['Hi,', intro, hint], { label: 'Sign up', url: signupUrl }, footer),
  };
}
