import { FREE_TRANSCRIPTS } from '../plans.ts';
import { MAX_UPLOAD_SIZE } from '../ui/uploadLimits.ts';

/** Every text of the landing page. */
export const landingTexts = {
  pageTitle: 'Tickscribe: turn meeting transcripts into tickets',

  hero: {
    eyebrow: 'AI meeting notes, turned into work',
    heading: 'Turn meeting transcripts into tickets',
    lead:
      'Upload a transcript or send the Tickscribe bot into your call. The AI drafts the tickets (title, description, ' +
      'priority, assignee, due date and more) and pushes them to GitHub, Jira, Azure DevOps, Miro or your own webhook.',
  },

  cta: {
    goToDashboard: 'Go to dashboard',
    getStarted: 'Get started',
    signUpFree: 'Sign up for free',
    existingUser: 'Existing user? Log in',
    learnMore: 'Learn more',
  },

  steps: {
    heading: 'How it works',
    items: [
      {
        title: 'Bring your meeting',
        body: 'Upload a transcript file, or paste a meeting link and let the bot join and record the call for you.',
      },
      {
        title: 'Review the tickets',
        body:
          'The AI suggests tickets with title, description, context, implementation details, dependencies, ' +
          'priority, assignee, due date, project, tags and notes. Edit, search, filter or delete them.',
      },
      {
        title: 'Push to your tracker',
        body:
          'Map projects to connections and meeting participants to tracker usernames, then push the tickets ' +
          'in one go.',
      },
    ],
  },

  inputs: {
    heading: 'Supported inputs',
    intro: 'Upload the transcript you already have. Tickscribe detects the format for you.',
    uploadsHeading: 'Transcript files',
    uploads: [
      'Google Meet',
      'Zoom',
      'Slack exports',
      'Teams transcripts',
      'WebVTT',
      'SRT',
      'CSV',
      'TSV',
      'JSON',
      'Tab-delimited text',
    ],
    uploadsNote: `With or without headers. Files up to ${MAX_UPLOAD_SIZE}.`,
    botHeading: 'Meeting bot',
    botBody:
      'No transcript yet? Send the bot into a Google Meet, Zoom or Teams meeting and it records the call for you.',
    processing: 'Processing runs in the background and takes about 1-2 minutes.',
  },

  sample: {
    heading: 'From transcript to ticket',
    intro: 'A few lines from a sprint call, and the ticket Tickscribe drafts from them.',
    transcriptLabel: 'Transcript excerpt',
    transcriptSource: 'checkout-sync.vtt',
    transcript: [
      {
        time: '00:02:14',
        speaker: 'Maya (Product)',
        text: 'Checkout times out when a customer stacks two discount codes. Support logged eleven complaints this week.',
      },
      {
        time: '00:02:31',
        speaker: 'Daniel (Backend)',
        text: 'That is the pricing service recalculating the whole cart for every code. We could cache the cart total per session.',
      },
      {
        time: '00:02:45',
        speaker: 'Maya (Product)',
        text: 'Can you take it? It has to ship before the holiday sale on December 4.',
      },
      {
        time: '00:02:52',
        speaker: 'Daniel (Backend)',
        text: 'Yes. I will add a regression test for stacked codes as well.',
      },
    ],
    ticketLabel: 'Generated ticket',
    ticket: {
      title: 'Fix checkout timeout when two discount codes are applied',
      description:
        'Checkout times out when a customer applies a second discount code, because the pricing service ' +
        'recalculates the whole cart for each code. Cache the cart total per session and add a regression test ' +
        'for stacked codes.',
      priority: { label: 'Priority', value: 'High' },
      fields: [
        { label: 'Assignee', value: 'Daniel' },
        { label: 'Due date', value: 'Dec 4' },
        { label: 'Project', value: 'Checkout' },
      ],
      tagsLabel: 'Tags',
      tags: ['checkout', 'performance', 'bug'],
    },
  },

  trackers: {
    heading: 'Push to the tools your team already uses',
    intro: 'Connect a tracker once, then send reviewed tickets with their assignees, priorities and dependencies.',
    items: [
      { name: 'GitHub', body: 'Issues in the repository you choose.' },
      { name: 'Jira', body: 'Issues in your Jira project, with or without the priority field.' },
      { name: 'Azure DevOps', body: 'Work items as Task, Bug, User Story or Issue.' },
      { name: 'Miro', body: 'Items on the Miro board your team plans on.' },
      { name: 'Webhook', body: 'A JSON request to any system you run.' },
    ],
  },

  testimonials: {
    heading: 'What teams say',
    note: 'Sample testimonials: the people and companies named here are fictional.',
    items: [
      {
        quote:
          'We used to lose half the action items between the meeting and Jira. Now the tickets are waiting for us ' +
          'before the next stand-up.',
        name: 'Dana Whitfield',
        role: 'Engineering Manager, Contoso',
      },
      {
        quote:
          'The assignee mapping is the part I did not know I needed. Tickets land with the right person in GitHub ' +
          'without anyone retyping names.',
        name: 'Marco Bellini',
        role: 'Scrum Master, Fabrikam',
      },
      {
        quote:
          'Our planning calls go straight into Azure DevOps with priorities and due dates. Reviewing the drafts ' +
          'takes minutes, not an afternoon.',
        name: 'Aiko Tanaka',
        role: 'Product Lead, Northwind Traders',
      },
    ],
  },

  closing: {
    heading: 'Ready for your next meeting?',
    body: `Start free with ${FREE_TRANSCRIPTS} transcripts a month. Upgrade when your team needs more.`,
  },

  productHunt: {
    lead: 'Find us on',
    name: 'Product Hunt',
    newTab: '(opens in a new tab)',
  },
} as const;

export const PRODUCT_HUNT_URL = 'https://www.producthunt.com/products/tickscribe';
