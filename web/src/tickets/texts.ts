/** Every text of the ticket list (/tickets) and ticket detail (/tickets/{id}) screens. */
export const ticketTexts = {
  status: { ToDo: 'To Do', InProgress: 'In Progress', Done: 'Done' },
  priority: { Low: 'Low', Medium: 'Medium', High: 'High' },
  effort: { Small: 'Small', Medium: 'Medium', Large: 'Large' },

  fields: {
    title: 'Title',
    project: 'Project',
    description: 'Description',
    status: 'Status',
    priority: 'Priority',
    effort: 'Effort',
    noEffort: 'Not set',
    dueDate: 'Due Date',
    tags: 'Tags',
    tagsHint: 'Press Enter or type a comma to add a tag.',
    tagList: 'Added tags',
    removeTag: (tag: string) => `Remove tag ${tag}`,
    assignee: 'Assignee',
    assigneeHint: 'Type a name or pick a suggestion.',
    context: 'Context',
    implementation: 'Implementation',
    notes: 'Notes',
  },

  requiredFields: 'Please fill out all required fields',
  notPushed: 'Not pushed',

  list: {
    pageTitle: 'Tickets · Tickscribe',
    heading: 'Tickets',
    intro: 'Review, edit, search and filter the tickets taken from your meetings.',
    createToggle: 'Create Ticket',
    createHeading: 'New ticket',
    createSubmit: 'Save Ticket',
    creating: 'Saving...',
    createCancel: 'Cancel',
    created: 'Ticket created successfully',
    createFailed: 'Failed to create ticket',

    search: 'Search tickets',
    searchPlaceholder: 'Title, description, assignee...',
    filtersLabel: 'Filters',
    all: 'All',
    pushedFilter: 'Pushed',
    pushed: 'Pushed',
    notPushed: 'Not Pushed',
    pageSize: 'Tickets per page',

    tableLabel: 'Tickets',
    columns: {
      select: 'Select',
      title: 'Title',
      project: 'Project',
      status: 'Status',
      priority: 'Priority',
      assignee: 'Assignee',
      external: 'External',
      actions: 'Actions',
    },
    selectAll: 'Select all tickets on this page',
    selectTicket: (title: string) => `Select ticket ${title}`,
    selectedCount: (count: number) => (count === 1 ? '1 ticket selected' : `${count} tickets selected`),
    unassigned: 'Unassigned',
    view: 'View',
    viewTicket: (title: string) => `View ticket ${title}`,
    delete: 'Delete',
    deleteTicket: (title: string) => `Delete ticket ${title}`,

    bulkDelete: 'Delete Selected',
    push: 'Push',
    selectToDelete: 'Please select at least one ticket to delete',
    selectToPush: 'Please select at least one ticket to push',
    allPushed: 'All selected tickets have already been pushed to external systems',

    deleteOneTitle: 'Delete ticket?',
    deleteOneMessage: (title: string) => `The ticket "${title}" will be deleted. This action cannot be undone.`,
    deleteManyTitle: 'Delete selected tickets?',
    deleteManyMessage: (count: number) =>
      count === 1
        ? 'The selected ticket will be deleted. This action cannot be undone.'
        : `The ${count} selected tickets will be deleted. This action cannot be undone.`,
    confirmDelete: 'Delete',
    cancel: 'Cancel',

    loading: 'Loading tickets',
    noMatches: 'No tickets match your filters.',
    noTickets: 'No tickets yet. Create your first ticket using the button above.',
    resultCount: (total: number) => (total === 1 ? '1 ticket' : `${total} tickets`),

    fetchFailed: 'Failed to fetch tickets',
    deleteFailed: 'Failed to delete ticket',
    bulkDeleteFailed: 'Failed to delete one or more tickets',
  },

  detail: {
    pageTitle: (title: string) => `${title} · Tickscribe`,
    loadingTitle: 'Ticket · Tickscribe',
    back: 'Back to Tickets',
    edit: 'Edit',
    save: 'Save Changes',
    saving: 'Saving...',
    cancel: 'Cancel',
    saved: 'Ticket updated successfully',
    editHeading: 'Edit ticket',
    notPushedBadge: 'Not Pushed',
    /** `key` is what the tracker calls the item: '#42', 'PROJ-7'. */
    pushedBadge: (type: string, key: string | null) => (key ? `Pushed to ${type} (${key})` : `Pushed to ${type}`),
    push: 'Push',
    pushTicket: (title: string) => `Push ticket ${title}`,
    openExternal: 'Open in tracker',
    detailsHeading: 'Details',
    descriptionHeading: 'Description',
    contextHeading: 'Context',
    implementationHeading: 'Implementation',
    notesHeading: 'Notes',
    none: 'None',
    notSet: 'Not set',
    unassigned: 'Unassigned',
    noTags: 'No tags',
    created: 'Created',
    updated: 'Updated',
    createdBy: 'Created by',
    editedBy: 'Last edited by',

    transcriptHeading: 'Related Transcript',
    viewTranscript: 'View transcript',
    transcriptFallback: 'Source transcript',

    dependenciesHeading: 'Dependencies',
    noDependencies: 'This ticket does not depend on other tickets.',
    removeDependency: (title: string) => `Remove dependency ${title}`,
    dependencySearch: 'Find a ticket to depend on',
    dependencySearchHint: 'Search by title or description, then pick a ticket to add it.',
    searching: 'Searching...',
    noMatchingTickets: 'No matching tickets found',
    addDependency: (title: string) => `Add ${title} as a dependency`,

    missingId: 'Ticket ID is missing',
    notFound: 'Ticket not found',
    loadFailed: 'Failed to load ticket data',
    updateFailed: 'Failed to update ticket',
  },
} as const;

/** The spec's "Business constants and limits". */
export const SEARCH_DEBOUNCE_MS = 500;
export const TITLE_CUT = 50;
export const SEARCH_LIMIT = 10;
/** How long the assignee and dependency inputs wait after the last key before they ask the server. */
export const SUGGESTION_DEBOUNCE_MS = 300;
