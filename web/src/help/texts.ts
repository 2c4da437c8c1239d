import { PLANS } from '../plans.ts';
import { BUILT_IN_LIMITS, MAX_UPLOAD_SIZE, extensionChoice, sizeWords, type UploadLimits } from '../ui/uploadLimits.ts';

/** The formats answer for the limits this server has (the parsers it runs, plugins' included). */
export function formatsAnswer(limits: UploadLimits): string {
  return `Files ending in ${extensionChoice(limits.acceptedExtensions)}, up to ${sizeWords(limits.maxBytes)}. Exports from Google Meet, Zoom, ` +
    'Slack and Teams work with or without a header row. The format is detected automatically.';
}

export const SUPPORT_EMAIL = 'support@tickscribe.dev';

/** Every text of the help page. */
export const helpTexts = {
  pageTitle: 'Help · Tickscribe',
  heading: 'Help & FAQ',
  intro: 'How Tickscribe turns your meetings into tickets, what your plan includes, and answers to common questions.',

  gettingStarted: {
    heading: 'Getting Started',
    intro: 'From a meeting to tickets in your tracker takes five steps:',
    steps: [
      'Create an account and verify your e-mail address with the link we send you.',
      `On the Dashboard, upload a transcript file (up to ${MAX_UPLOAD_SIZE}) or send the meeting bot into a call.`,
      'Processing runs in the background and takes about 1-2 minutes. The suggested tickets then appear under Tickets.',
      "Review the tickets: edit titles, descriptions, priorities, assignees, due dates, projects and tags, and delete what you don't need.",
      'Under Connections, add GitHub, Jira, Azure DevOps, Miro or a webhook. Then select tickets and push them.',
    ],
  },

  meetingBot: {
    heading: 'Meeting Bot',
    intro: 'No transcript at hand? The meeting bot joins an online meeting, records it and turns it into a transcript.',
    points: [
      'It joins Google Meet, Zoom and Microsoft Teams meetings.',
      'Paste the meeting URL on the Dashboard and, if you like, a title for the meeting.',
      "Follow its status while it works: 'Joining Meeting...', 'Recording in Progress', then 'Completed'.",
      'When the recording is complete, the transcript is processed like an upload and its tickets appear under Tickets.',
      'You can cancel a bot at any time.',
      'If the meeting has a waiting room or lobby, the host has to admit the bot.',
    ],
  },

  subscription: {
    heading: 'Subscription & Token Credits',
    intro:
      'Tickscribe has three plans: Free, Pro and Enterprise. Each plan includes monthly token credits, with separate ' +
      'limits for input tokens (what the AI reads) and output tokens (what it writes).',
    tableCaption: 'Transcripts per month by plan',
    planColumn: 'Plan',
    transcriptsColumn: 'Transcripts per month',
    plans: PLANS,
    points: [
      "The Billing page shows each plan's token limits; the Usage page shows how much of your credits you have used.",
      'When your credits run out, new transcripts are blocked until the monthly reset on your subscription date, or until you upgrade.',
      'At the token limit, uploads show an error that your limit has been reached.',
      'Your existing tickets stay viewable, editable and exportable at all times.',
    ],
  },

  faq: {
    heading: 'Frequently Asked Questions',
    items: [
      {
        id: 'jira-priority',
        question: "Why does my JIRA export fail with an error about the 'priority' field?",
        answer:
          "Some Jira projects don't have the priority field on their issue screen, so Jira rejects the ticket with an " +
          "error that the 'priority' field is unknown. Open Connections, edit the Jira connection, turn off " +
          "'Include Priority Field' and push again. The issues are then created without a priority.",
      },
      {
        id: 'formats',
        question: 'Which transcript formats can I upload?',
        // The built-in limits' words; the page shows the server's (formatsAnswer).
        answer: formatsAnswer(BUILT_IN_LIMITS),
      },
      {
        id: 'user-mappings',
        question: 'How do user mappings work?',
        answer:
          'When you push tickets, the push wizard lists the assignees that have no mapping yet, so you can map each ' +
          'meeting participant to their username in the tracker. Mappings are kept on the connection for the next ' +
          'push. Tickets of a participant you leave unmapped are pushed without an assignee.',
      },
      {
        id: 'bot-not-joining',
        question: "Why didn't the meeting bot join my meeting?",
        answer:
          'Check that the meeting URL is complete and correct; copy it from the invitation. The host has to admit ' +
          'the bot: if the meeting uses a waiting room or lobby, the bot waits there until someone lets it in. ' +
          'Meetings open only to signed-in members of your organisation may turn the bot away.',
      },
      {
        id: 'out-of-tokens',
        question: 'What happens when I run out of tokens?',
        answer:
          'New transcripts are not processed, and uploads show an error that your token limit has been reached. ' +
          'Your credits come back at the monthly reset on your subscription date, or straight away when you upgrade ' +
          'on the Billing page. Your existing tickets stay viewable, editable and exportable.',
      },
      {
        id: 'dependencies',
        question: 'What happens to dependencies between tickets when I export?',
        answer:
          'Tickets are pushed in dependency order, so a ticket is created after the tickets it depends on. Where ' +
          'the tracker supports links between items, the dependencies are linked there too.',
      },
    ],
  },

  contact: {
    heading: 'Still need help?',
    body: 'Write to us and we will get back to you by e-mail.',
    emailSupport: 'Email Support',
    reportIssue: 'Report Issue',
  },
} as const;

export const EMAIL_SUPPORT_HREF = `mailto:${SUPPORT_EMAIL}`;
export const REPORT_ISSUE_HREF = `mailto:${SUPPORT_EMAIL}?subject=Issue%20report`;
