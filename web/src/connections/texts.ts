/** Every text of the Project Connections screen (/connections) and of the connection notes on the ticket page. */
export const connectionTexts = {
  pageTitle: 'Connections · Tickscribe',
  heading: 'Project Connections',
  intro: 'Connect a project to GitHub, Jira, Azure DevOps, a Miro board or a webhook, so its tickets can be pushed there.',
  add: 'Add Connection',
  /** Under the heading for a member of a team workspace, who sees the connections without the buttons that change them. */
  memberNote: 'Only an admin or the owner of this workspace can add or change connections.',

  list: {
    label: 'Connections',
    loading: 'Loading connections',
    empty: 'No connections configured yet...',
    emptyHint: 'Add one with the button above.',
    /** The empty list's hint for a member, who has no button to add one. */
    emptyHintMember: 'An admin or the owner of this workspace can add one.',
    target: 'Target',
    credentials: 'Credentials',
    credentialSet: (field: string) => `${field}: saved`,
    credentialMissing: (field: string) => `${field}: not saved`,
    noCredentials: 'None saved',
    extraProjects: 'Also for projects',
    userMappings: 'User mappings',
    mappingCount: (count: number) => (count === 1 ? '1 person' : `${count} people`),
    none: 'None',
    verify: 'Verify',
    verifying: 'Verifying...',
    verifyConnection: (name: string) => `Verify connection ${name}`,
    edit: 'Edit',
    editConnection: (name: string) => `Edit connection ${name}`,
    delete: 'Delete',
    deleteConnection: (name: string) => `Delete connection ${name}`,
    deliveries: 'Recent requests',
    deliveriesOf: (name: string) => `Recent requests of ${name}`,
    noDeliveries: 'No requests sent yet.',
    deliveriesFailed: 'Could not load the recent requests.',
  },

  verification: {
    never: 'Not verified yet',
    working: 'Working',
    notWorking: 'Not working',
    /**
     * What a working check did, in the tracker's terms: an account that signed in where there is one; Azure DevOps
     * tokens belong to an organization; a webhook has no account, its receiver accepted a test delivery.
     */
    ok: (account: string, target: string) => `Signed in as ${account}, reaching ${target}.`,
    okByType: {
      azure: (account: string, target: string) => `Signed in to ${account}, reaching ${target}.`,
      webhook: (account: string, target: string) => `The receiver at ${target} accepted a test delivery: ${account}.`,
    } as Record<string, (account: string, target: string) => string>,
    failed: (message: string) => `The connection was saved, but it does not work yet: ${message}`,
    checkedAt: (when: string) => `Checked ${when}`,
  },

  form: {
    addHeading: 'New connection',
    editHeading: (name: string) => `Edit connection ${name}`,
    name: 'Name',
    nameHint: 'A name for you, e.g. "Web team on GitHub".',
    type: 'Connection Type',
    chooseType: 'Choose a type',
    typeFixed: 'The type of a saved connection stays as it is; add a new connection for another tracker.',
    projectIdentifier: 'Project Identifier',
    credentialsHeading: 'Credentials',
    credentialsKept: 'Saved credentials are kept unless you type new ones.',
    keepSaved: (field: string) => `Leave empty to keep the saved ${field}.`,
    notSaved: (field: string) => `No ${field} saved yet.`,
    /** The credentials of a connection made by sign-in, whose token the vendor gave. */
    signedIn: (provider: string) => `Signed in with ${provider}, which gave the token: none is typed here. Choose "Reconnect with ${provider}" to sign in again.`,
    settingsHeading: 'Settings',
    /** The empty choice of a setting that may be left unset. */
    notSet: 'Not set',
    save: 'Save Connection',
    saving: 'Saving...',
    cancel: 'Cancel',
  },

  /** "Connect with …": the vendor's sign-in instead of a typed token, where the server offers it. */
  oauth: {
    connect: (provider: string) => `Connect with ${provider}`,
    reconnect: (provider: string) => `Reconnect with ${provider}`,
    opening: (provider: string) => `Opening ${provider}...`,
    hint: (provider: string) =>
      `Or sign in at ${provider} instead of entering a token: fill in the name and project identifier, then continue there. You come back here once you have allowed access.`,
    reconnectHint: (provider: string) => `Sign in at ${provider} again to give this connection a new token; its name and settings stay as they are.`,
    startFailed: 'The sign-in could not be started. Try again.',
    completing: 'Finishing the sign-in...',
    completeFailed: 'The sign-in could not be finished. Start again from the Connections page.',
    connected: (name: string, provider: string) => `${name} is connected with ${provider}.`,
  },

  projectMappings: {
    heading: 'Extra projects',
    hint: 'Tickets of these projects are pushed through this connection too.',
    input: 'Project name',
    add: 'Add project',
    listLabel: 'Extra projects',
    remove: (project: string) => `Remove project ${project}`,
    none: 'No extra projects.',
  },

  userMappings: {
    heading: 'User mappings',
    hint: 'Map meeting participants to their usernames in the tracker, so pushed tickets get an assignee.',
    participant: 'Participant name',
    username: 'External username',
    add: 'Add mapping',
    remove: (participant: string) => (participant.trim() === '' ? 'Remove this mapping' : `Remove mapping of ${participant}`),
    none: 'No user mappings yet.',
    incomplete: 'Each user mapping needs a participant name and an external username.',
  },

  /** The username field's search of the tracker's people (TrackerUserInput). */
  userSearch: {
    searching: 'Searching the tracker...',
    noMatch: 'No one the tracker can assign matches; the username is kept as typed.',
    failed: 'Could not search the tracker; type the username.',
    picked: (name: string) => `${name} in the tracker.`,
  },

  validation: {
    requiredFields: 'Please fill out all required fields',
    github: 'GitHub token is required',
    jira: 'JIRA URL and API token are required',
    miro: 'Miro access token is required',
    azure: 'Azure DevOps organization and PAT are required',
    webhook: 'Webhook URL is required',
    /** Any other tracker: its name and the fields left empty, as the server says it: 'Kanban Site URL and API token are required'. */
    missingFields: (type: string, fields: readonly string[]) =>
      `${type} ${fields.length > 1 ? `${fields.slice(0, -1).join(', ')} and ${fields.at(-1)} are` : `${fields[0]} is`} required`,
  },

  deleteDialog: {
    title: 'Delete connection?',
    message: (name: string) => `The connection "${name}" will be deleted. Tickets already pushed stay in the tracker.`,
    confirm: 'Delete',
    cancel: 'Cancel',
  },

  created: 'Connection created successfully',
  updated: 'Connection updated successfully',
  deleted: 'Connection deleted successfully',
  fetchFailed: 'Failed to fetch connections',
  saveFailed: 'Failed to save connection',
  deleteFailed: 'Failed to delete connection',
  verifyFailed: 'Failed to verify connection',
  typesFailed: 'Failed to load the connection types',

  /**
   * Per built-in tracker type: its name, what its project identifier is, and the labels (and hints) of its
   * credential and settings fields. Fields not named here, and every field of another tracker, are labelled from
   * the tracker's schemas (GET /api/connections/types).
   */
  types: {
    github: {
      label: 'GitHub',
      identifierHint: 'The repository, as owner/name (e.g. acme/web).',
      credentials: { token: 'Personal Access Token' },
      settings: {
        baseUrl: {
          label: 'GitHub Enterprise Server API URL',
          hint: 'Only for GitHub Enterprise Server, e.g. https://github.example.com/api/v3. Leave empty for github.com.',
        },
      },
    },
    jira: {
      label: 'JIRA',
      identifierHint: 'The Jira project key (e.g. WEB).',
      credentials: { url: 'JIRA URL', username: 'Username (e-mail)', apiToken: 'API Token' },
      settings: {
        includePriority: { label: 'Include Priority Field', hint: "Turn off when Jira rejects issues because the 'priority' field is unknown." },
      },
    },
    azure: {
      label: 'Azure DevOps',
      identifierHint: 'The Azure DevOps project name.',
      credentials: { organization: 'Organization', pat: 'Personal Access Token (PAT)' },
      settings: {
        workItemType: { label: 'Work Item Type' },
        baseUrl: {
          label: 'Azure DevOps Server URL',
          hint: 'Only for Azure DevOps Server, e.g. https://devops.example.com/tfs. Leave empty for dev.azure.com.',
        },
      },
    },
    miro: {
      label: 'Miro',
      identifierHint: 'The board ID, from the board address (e.g. uXjVOabc123=).',
      credentials: { accessToken: 'Access Token' },
      settings: {},
    },
    webhook: {
      label: 'Webhook',
      identifierHint: 'A name the receiver knows this project by.',
      credentials: { url: 'Webhook URL', secret: 'Signing Secret' },
      settings: {},
    },
  },
  /** The project identifier's hint for a tracker whose schema does not describe it. */
  otherTypeHint: 'The identifier this tracker expects.',

  ticket: {
    missing: (project: string) => `The project "${project}" has no connection, so this ticket cannot be pushed yet.`,
    setUp: 'Set up a connection',
    notMapped: 'Not mapped',
  },
} as const;
