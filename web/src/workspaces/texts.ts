import type { WorkspaceRole } from './workspacesApi.ts';

export const roleLabels: Record<WorkspaceRole, string> = { owner: 'Owner', admin: 'Admin', member: 'Member' };

/** A role in a sentence: 'an admin', 'a member', 'the owner'. */
export const roleInSentence: Record<WorkspaceRole, string> = { owner: 'the owner', admin: 'an admin', member: 'a member' };

/** Every text of the workspace switcher, the members page (/workspace/members) and the invitation page (/invitations/:token). */
export const workspaceTexts = {
  switcher: {
    /** Read before the name by screen readers: the button's name is "Workspace: <name>". */
    label: 'Workspace:',
    loading: 'Loading...',
    menuHeading: 'Your workspaces',
    personal: 'Personal',
    role: (role: WorkspaceRole, personal: boolean) => (personal ? `Personal · ${roleLabels[role]}` : roleLabels[role]),
    loadFailed: 'Failed to load your workspaces.',
    members: 'Members',
    create: 'Create workspace',
  },

  create: {
    title: 'Create a workspace',
    intro: 'A team workspace holds transcripts, tickets and connections you share with the people you invite. You will be its owner.',
    name: 'Workspace name',
    nameHint: 'For example the name of your team or company.',
    nameRequired: 'Please enter a name for the workspace.',
    nameTooLong: 'The name can be at most 100 characters long.',
    submit: 'Create workspace',
    submitting: 'Creating...',
    cancel: 'Cancel',
    failed: 'Failed to create the workspace.',
  },

  notices: {
    lost: (name: string | null) =>
      `You no longer have access to ${name ?? 'that workspace'}. You are back in your personal workspace.`,
    left: (name: string | null) => `You left ${name ?? 'the workspace'}. You are back in your personal workspace.`,
    deleted: (name: string | null) => `${name ?? 'The workspace'} was deleted. You are back in your personal workspace.`,
  },

  members: {
    pageTitle: 'Workspace members · Tickscribe',
    heading: 'Workspace',
    teamIntro: 'The people in this workspace, their roles and the invitations waiting for an answer.',
    personalIntro: 'Your personal workspace: only you can see what is in it.',
    loadFailed: 'Failed to load the workspace.',
    membersFailed: 'Failed to load the members.',
    dismiss: 'Dismiss',

    settingsHeading: 'Workspace name',
    name: 'Workspace name',
    rename: 'Save name',
    renaming: 'Saving...',
    renamed: 'Workspace renamed.',
    renameFailed: 'Failed to rename the workspace.',

    personalHeading: 'Personal workspace',
    personalText: 'A personal workspace is yours alone: nobody can be invited to it. To work with others, create a team workspace and invite them there.',
    createTeam: 'Create a team workspace',

    listHeading: (count: number) => `Members (${count})`,
    you: '(you)',
    joined: (date: string) => `Joined ${date}`,
    remove: 'Remove',
    removeLabel: (name: string) => `Remove ${name}`,
    makeOwner: 'Make owner',
    makeOwnerLabel: (name: string) => `Make owner: ${name}`,
    roleChanged: (name: string, role: WorkspaceRole) => `${name} is now ${roleInSentence[role]}.`,
    roleFailed: 'Failed to change the role.',
    removed: (name: string) => `${name} was removed from the workspace.`,
    removeFailed: 'Failed to remove the member.',
    transferred: (name: string) => `${name} is now the owner of the workspace. You are an admin.`,
    transferFailed: 'Failed to hand over the workspace.',

    invitationsHeading: 'Pending invitations',
    noInvitations: 'No invitations are waiting for an answer.',
    invitedBy: (name: string | null) => (name === null ? 'Invited' : `Invited by ${name}`),
    expires: (date: string) => `Expires ${date}`,
    revoke: 'Revoke',
    revokeLabel: (email: string) => `Revoke the invitation to ${email}`,
    revoked: (email: string) => `The invitation to ${email} was revoked.`,
    revokeFailed: 'Failed to revoke the invitation.',

    inviteHeading: 'Invite someone',
    inviteIntro: 'They get an e-mail with a link to join. The link works for 7 days.',
    email: 'Email',
    role: 'Role',
    invite: 'Send invitation',
    inviting: 'Sending...',
    invited: (email: string) => `Invitation sent to ${email}.`,
    emailRequired: 'Please enter the email address to invite.',
    inviteFailed: 'Failed to send the invitation.',

    leaveHeading: 'Leave workspace',
    leaveText: 'You lose access to this workspace at once. What you made in it stays.',
    leave: 'Leave workspace',
    leaveFailed: 'Failed to leave the workspace.',
    deleteHeading: 'Delete workspace',
    deleteText: 'Everyone loses access to this workspace and to everything in it. This cannot be undone.',
    ownerCannotLeave: 'As the owner you cannot leave: hand the workspace to another member first (Make owner).',
    delete: 'Delete workspace',
    deleteFailed: 'Failed to delete the workspace.',
  },

  dialogs: {
    cancel: 'Cancel',
    removeTitle: 'Remove member',
    removeMessage: (name: string, workspace: string) =>
      `Remove ${name} from ${workspace}? They lose access at once. What they made stays in the workspace.`,
    removing: 'Removing...',
    transferTitle: 'Hand over the workspace',
    transferMessage: (name: string, workspace: string) =>
      `Make ${name} the owner of ${workspace}? You become an admin: only ${name} can then manage billing, hand the workspace over or delete it.`,
    transfer: 'Make owner',
    transferring: 'Handing over...',
    revokeTitle: 'Revoke invitation',
    revokeMessage: (email: string) => `Revoke the invitation to ${email}? Its link stops working.`,
    revoke: 'Revoke',
    revoking: 'Revoking...',
    leaveTitle: 'Leave workspace',
    leaveMessage: (workspace: string) => `Leave ${workspace}? You lose access at once; to come back, someone must invite you again.`,
    leave: 'Leave',
    leaving: 'Leaving...',
    deleteTitle: 'Delete workspace',
    deleteMessage: (workspace: string) =>
      `Delete ${workspace}? Everyone loses access to it and to everything in it. This cannot be undone.`,
    delete: 'Delete workspace',
    deleting: 'Deleting...',
  },

  invitation: {
    pageTitle: 'Invitation · Tickscribe',
    heading: (workspace: string) => `Join ${workspace}`,
    invited: (invitedBy: string | null, workspace: string, role: WorkspaceRole) =>
      invitedBy === null
        ? `You are invited to join ${workspace} as ${roleInSentence[role]}.`
        : `${invitedBy} invited you to join ${workspace} as ${roleInSentence[role]}.`,
    sentTo: (email: string, expires: string) => `The invitation was sent to ${email} and expires ${expires}.`,
    loading: 'Loading the invitation...',
    loadFailed: 'Failed to load the invitation.',
    unavailableHeading: 'Invitation',
    home: 'Go to Tickscribe',
    dashboard: 'Go to your dashboard',

    accept: 'Accept invitation',
    accepting: 'Joining...',
    acceptFailed: 'Failed to accept the invitation.',
    joining: (workspace: string) => `Joining ${workspace}...`,

    /** The server's words when the signed-in address is not the invited one (POST /api/invitations/{token}/accept). */
    otherAddress: (email: string) => `This invitation was sent to ${email}. Sign in with that address to accept it.`,
    signedInAs: (email: string) => `You are signed in as ${email}.`,
    signOut: 'Sign out',
    signingOut: 'Signing out...',
    signOutFailed: 'Failed to sign out. Please try again.',

    signInIntro: (email: string) => `An account with ${email} exists. Sign in with it to accept the invitation.`,
    signIn: 'Sign in to accept',
    signInNotice: (workspace: string) => `Log in to accept your invitation to ${workspace}.`,

    signUpIntro: 'Create your account to accept. This link confirms your email address, so you can start at once.',
    emailFixed: 'The invitation is for this address.',
    signUp: 'Create account and join',
    signingUp: 'Creating account...',
    signUpFailed: 'Signup failed',
  },
} as const;
