/** Every text of the transcript list (/transcripts) and transcript detail (/transcripts/{id}) screens. */
export const transcriptsTexts = {
  list: {
    pageTitle: 'Transcripts · Tickscribe',
    heading: 'Transcripts',
    intro: 'Upload meeting transcripts and review the ones you have processed.',
    listHeading: 'Your transcripts',
    search: 'Search transcripts',
    searchPlaceholder: 'Search by title',
    sortBy: 'Sort by',
    sortDate: 'Date',
    sortTitle: 'Title',
    order: 'Order',
    newest: 'Newest first',
    oldest: 'Oldest first',
    /** The same two orders when sorting by title, named by what they do. */
    titleAscending: 'A to Z',
    titleDescending: 'Z to A',
    itemsPerPage: 'Items per page',
    refresh: 'Refresh',
    view: 'View',
    delete: 'Delete',
    viewLabel: (title: string) => `View ${title}`,
    deleteLabel: (title: string) => `Delete ${title}`,
    empty: 'No transcripts yet. Upload your first transcript to get started!',
    noMatches: 'No transcripts match your search.',
    summary: (from: number, to: number, total: number) => `Showing ${from}-${to} of ${total}`,
    participants: (count: number) => (count === 1 ? '1 participant' : `${count} participants`),
    messages: (count: number) => (count === 1 ? '1 message' : `${count} messages`),
    uploaded: (when: string) => `Uploaded ${when}`,
    fetchFailed: 'Failed to fetch transcripts',
    refreshFailed: 'Failed to refresh transcripts',
    deleteFailed: 'Failed to delete transcript',
    deleted: 'Transcript successfully deleted',
    dismiss: 'Dismiss',
    pagination: 'Transcript pages',
  },

  detail: {
    pageTitle: (title: string) => `${title} · Tickscribe`,
    fallbackTitle: 'Transcript',
    back: 'Back to Transcripts',
    tabsLabel: 'Transcript sections',
    contentTab: 'Transcript Content',
    ticketsTab: (count: number) => `Related Tickets (${count})`,
    participants: 'Participants',
    noParticipants: 'No participants were found in this transcript.',
    conversation: 'Conversation',
    noMessages: 'This transcript has no messages.',
    unknownSpeaker: 'Unknown speaker',
    readMore: 'Read more',
    showLess: 'Show less',
    confidence: (percent: string) => `Confidence ${percent}`,
    noTickets: 'No tickets were created from this transcript.',
    ticketProject: 'Project',
    ticketPriority: 'Priority',
    ticketAssignee: 'Assignee',
    unassigned: 'Unassigned',
    delete: 'Delete Transcript',
    date: 'Date',
    source: 'Source',
    duration: 'Duration',
    status: 'Status',
    uploaded: 'Uploaded',
    fileName: 'File',
    processing: 'This transcript is still being processed. This page updates automatically.',
    processingFailed: 'Transcript processing failed. Please try again.',
    missingId: 'Transcript ID is missing',
    notFound: 'Transcript not found',
    loadFailed: 'Failed to load transcript data',
    deleteFailed: 'Failed to delete transcript',
  },

  deleteDialog: {
    title: 'Delete transcript?',
    message: (title: string) =>
      `"${title}" and its conversation will be deleted. This cannot be undone. Tickets created from it are kept.`,
    confirm: 'Delete',
    busy: 'Deleting...',
    cancel: 'Cancel',
  },
} as const;

/** The spec's "Business constants and limits": message content over 200 characters is truncated. */
export const MESSAGE_TRUNCATE_AT = 200;

/** What /transcripts reads from navigation state, e.g. after a delete on the detail page. */
export interface TranscriptsNavigationState {
  notification?: string;
}
