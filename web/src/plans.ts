/** The plans and how many transcripts a month each one allows, as the help and landing pages state them. */
export const PLANS = [
  { name: 'Free', transcripts: '5' },
  { name: 'Pro', transcripts: '50' },
  { name: 'Enterprise', transcripts: '500+' },
] as const;

/** What the Free plan allows. */
export const FREE_TRANSCRIPTS = PLANS[0].transcripts;
