/** Every text of the dashboard (/dashboard). */
export const dashboardTexts = {
  pageTitle: 'Dashboard · Tickscribe',
  heading: 'Dashboard',
  welcome: (name: string) => `Welcome back, ${name}.`,
  accountHeading: 'Account',
  fullName: 'Full name',
  notProvided: 'Not provided',
  email: 'Email',
  subscription: 'Subscription',
  freeTier: 'Free',
  active: '(Active)',
  billingLink: 'View plans and billing',
  transcriptsProcessed: 'Transcripts processed',
  recentTranscripts: 'Recent Transcripts',
  recentTickets: 'Recent Tickets',
  viewAllTranscripts: 'View all transcripts',
  viewAllTickets: 'View all tickets',
  noTranscripts: 'No transcripts yet. Upload your first transcript to get started!',
  noTickets: 'No tickets yet. Upload a transcript to generate tickets.',
  loadFailed: 'Failed to load dashboard data',
  refreshFailed: 'Failed to refresh dashboard data',
  loading: 'Loading',
} as const;

/** The spec's "Business constants and limits": the dashboard lists the 5 newest transcripts and tickets. */
export const DASHBOARD_RECENTS = 5;
