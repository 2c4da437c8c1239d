/** Every text of the Token Usage page (/token-usage) and its credit summary; those the spec names word for word. */
export const usageTexts = {
  pageTitle: 'Token Usage · Tickscribe',
  heading: 'Token Usage',
  intro: 'How many AI tokens your transcripts used this month, and when your credits reset.',
  dismiss: 'Dismiss',

  summaryHeading: 'Token Credits',
  statsFailed: 'Failed to load token usage data. Please try again later.',
  statsError: 'Error loading token usage data',
  noUsage: 'No token usage data available',
  loading: 'Loading...',
  inputTokens: 'Input Tokens',
  outputTokens: 'Output Tokens',
  usedOf: (used: string, limit: string) => `${used} of ${limit}`,
  percentUsed: (label: string) => `${label} used`,
  resetsOn: (day: string) => `Your credits reset on ${day}.`,
  blocked: (day: string) =>
    `Your token credits are used up: new transcripts are not processed until your credits reset on ${day}, or until you upgrade.`,
  /** The same, for an admin or a member of a team workspace, who cannot upgrade it. */
  blockedNotOwner: (day: string) =>
    `This workspace's token credits are used up: new transcripts are not processed until its credits reset on ${day}, or until its owner upgrades its plan.`,
  upgrade: 'Upgrade Subscription',
  unblocked: (day: string) => `Your credits were reset on ${day}: you can process transcripts again.`,

  reset: 'Reset Token Usage',
  resetting: 'Resetting...',
  resetFailed: 'Failed to reset token usage',
  resetHint: (days: number) => `You can reset this month’s usage yourself once every ${days} days.`,
  resetCooldown: (days: number, day: string) => `The next reset is possible in ${days} ${days === 1 ? 'day' : 'days'}, on ${day}.`,
  /** In place of the reset, for an admin or a member of a team workspace. */
  resetOwnerOnly: 'Only the owner of this workspace can reset its usage.',

  chartHeading: 'Usage Over Time',
  chartDescription: 'Input and output tokens used in each half hour.',
  chartLoading: 'Loading chart data...',
  chartFailed: 'Could not load chart data.',
  chartTooFew: 'Not enough data to display chart.',
  loadMoreForChart: 'Load More for Chart',

  historyHeading: 'Usage History',
  historyFailed: 'Failed to load token usage history.',
  noHistory: 'No usage history available yet.',
  date: 'Date',
  operation: 'Operation',
  provider: 'Provider',
  loadMore: 'Load More',
} as const;
