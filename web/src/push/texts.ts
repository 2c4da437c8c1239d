/**
 * Every text of the push wizard dialog (the spec's "Screens and routes", "States and transitions", "Validation rules"
 * and "Error catalogue").
 */
const ticketCount = (count: number) => (count === 1 ? '1 ticket' : `${count} tickets`);

export const pushTexts = {
  title: 'Push tickets',
  steps: {
    analyze: 'Analyze',
    'map-connections': 'Map connections',
    'map-users': 'Map users',
    summary: 'Summary',
    pushing: 'Pushing',
    complete: 'Complete',
  },
  stepOf: (index: number, count: number, label: string) => `Step ${index} of ${count}: ${label}`,
  stepsLabel: 'Push steps',
  /** Under a mapping step this push did not need. */
  skippedStep: 'Skipped',
  ticketCount,

  // The spec's "Validation rules" and "Error catalogue", word for word ('Please select at least one ticket to push' and
  // 'All selected tickets have
  // already been pushed to external systems' are the ticket list's, checked before the wizard opens, and the server's).
  selectConnection: 'Please select at least one connection or cancel the operation. Connections are required to push tickets.',
  someUnmapped: "Some projects still don't have connections. Only tickets with connections will be processed.",
  noValidConnections: 'No tickets with valid connections to push',
  noTickets: 'No tickets to push',
  analyzeFailed: 'Failed to analyze tickets',
  operationFailed: 'Push operation failed',
  pushFailed: 'Failed to push tickets',
  ticketFailed: 'Failed to push ticket',
  pushedTo: (type: string) => `Ticket pushed successfully to ${type}`,
  mappingsFailed: 'Failed to update connection mappings',

  analyzing: 'Analyzing the selected tickets...',

  mapConnections: {
    intro:
      "These projects have no connection yet. Choose the connection each one is pushed through; it is added to that connection's projects.",
    label: (project: string) => `Connection for ${project}`,
    none: 'No connection (skip)',
    tickets: (project: string, count: number) => `${project} · ${ticketCount(count)}`,
    noConnections: 'You have no connections yet.',
    setUp: 'Set up a connection',
    loading: 'Loading connections...',
    loadFailed: 'Failed to fetch connections',
    saving: 'Saving...',
  },

  mapUsers: {
    intro:
      'These assignees have no username in the tracker yet. Enter one for each, or leave it empty: those tickets are pushed without an assignee.',
    label: (assignee: string) => `Username of ${assignee}`,
    listLabel: (connection: string) => `Assignees pushed through ${connection}`,
  },

  summary: {
    intro: 'These tickets will be created in their trackers, each once, dependencies first.',
    through: (connection: string, type: string) => `${connection} (${type})`,
    projects: (projects: string[]) => `Projects: ${projects.join(', ')}`,
    assignees: (count: number) => (count === 1 ? '1 assignee mapped here' : `${count} assignees mapped here`),
    unassigned: (count: number) => (count === 1 ? '1 assignee stays unassigned' : `${count} assignees stay unassigned`),
    skipped: (project: string, count: number) => `${project}: ${ticketCount(count)} without a connection, skipped`,
    alreadyPushed: (count: number) =>
      count === 1 ? '1 selected ticket is already pushed and stays as it is.' : `${count} selected tickets are already pushed and stay as they are.`,
    undecided: (count: number) =>
      `${count === 1 ? '1 ticket' : `${count} tickets`} may restate a ticket already open. Pushed now, ${count === 1 ? 'it files' : 'each files'} a second item: decide on ${count === 1 ? 'its' : 'their'} meeting's page first (merge, or keep separate).`,
    sameAs: (title: string, sameAs: string, pushed: string | null) => `“${title}” may be the same as “${sameAs}”${pushed ? ` (${pushed})` : ''}`,
    decide: 'Decide',
  },

  preview: {
    show: (tracker: string) => `Preview what ${tracker} receives`,
    hide: 'Hide the preview',
    loading: 'Building the preview...',
    failed: 'The preview could not be built. The push itself is not affected.',
    position: (index: number, count: number) => `Ticket ${index + 1} of ${count}`,
    previous: 'Previous ticket',
    next: 'Next ticket',
    regionLabel: (tracker: string) => `What ${tracker} receives`,
    assignee: 'Assignee',
    unassigned: 'Nobody',
    body: 'Body',
    then: 'After creating it',
    request: 'The exact request',
  },

  existing: {
    heading: 'Already in the tracker?',
    looking: (tracker: string) => `Looking in ${tracker} for items like these tickets...`,
    failed: (tracker: string) => `Could not look in ${tracker} for items like these tickets. Each ticket will be created.`,
    notSearchable: (tracker: string) => `${tracker} cannot be searched for items like these tickets: each ticket will be created.`,
    none: (tracker: string) => `Nothing in ${tracker} looks like these tickets: each will be created.`,
    intro: (tracker: string) => `These tickets look like items already in ${tracker}. Choose what to do with each; anything not chosen is created.`,
    likely: (score: number) => `${Math.round(score * 100)}% alike`,
    choiceLabel: (title: string) => `What to do with “${title}”`,
    create: 'Create a new item',
    link: (key: string) => `Link to ${key} (no new item)`,
    comment: (key: string) => `Comment on ${key} with the meeting's words, and link to it`,
    open: (key: string) => `Open ${key}`,
  },

  pushing: {
    starting: 'Starting the push...',
    progressLabel: 'Push progress',
    count: (done: number, total: number) => `${done} of ${total} ${total === 1 ? 'ticket' : 'tickets'}`,
    through: (connection: string) => `Through ${connection}`,
    current: (title: string) => `Now: ${title}`,
    waiting: (clock: string) => `Waiting for the tracker's rate limit until ${clock}`,
    /** A ticket's create failed in a way the tracker may recover from (a timeout, a 5xx) and is being tried again. */
    retrying: (error: string, attempt: string | null) => `Retrying${attempt === null ? '' : ` (attempt ${attempt})`}. ${error}`,
  },

  complete: {
    outcome: (successful: number, total: number) => `${successful} of ${ticketCount(total)} pushed`,
    projectsHeading: 'Projects',
    ticketsHeading: 'Tickets',
    project: (project: string, pushed: number, failed: number, skipped: number) =>
      `${project}: ${pushed} pushed, ${failed} failed, ${skipped} skipped`,
    skippedTicket: 'Skipped',
    untitled: 'Untitled ticket',
    openItem: (key: string, type: string) => `${key} in ${type}`,
    warning: (text: string) => `Pushed with a warning: ${text}`,
    linked: (key: string, commented: boolean) => (commented ? `Linked to ${key}, which was already there, and commented on it` : `Linked to ${key}, which was already there`),
  },

  cancel: 'Cancel',
  close: 'Close',
  continue: 'Continue',
  proceed: 'Proceed to Review',
  confirm: 'Confirm & Push',
  retry: 'Try again',
  pushButton: 'Push',
  pushThisTicket: 'Push to tracker',
} as const;

/** How often the pushing step asks how far the push is. */
export const PROGRESS_POLL_MS = 1000;
