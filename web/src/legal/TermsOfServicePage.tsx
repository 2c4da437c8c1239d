import { LegalDocument, type LegalDocumentContent } from './LegalDocument.tsx';

const texts: LegalDocumentContent = {
  pageTitle: 'Terms of Service · Tickscribe',
  heading: 'Terms of Service',
  lastUpdated: 'Last updated: November 21, 2026',
  intro:
    'These terms govern your use of Tickscribe (the "Service"), the web application that turns meeting transcripts ' +
    'into tickets and pushes them to your project trackers. "We" and "us" mean Tickscribe; "you" means the person ' +
    'or organisation using the Service.',
  sections: [
    {
      heading: 'Use of the Service',
      paragraphs: [
        'By creating an account or using the Service you agree to these terms. If you use the Service for an ' +
          'organisation, you accept these terms on its behalf and confirm that you may do so.',
        'You may use the Service to turn transcripts you upload, or meetings recorded by our meeting bot, into ' +
          'suggested tickets, and to send those tickets to the trackers you connect, within these terms and the law.',
      ],
    },
    {
      heading: 'Accounts',
      paragraphs: [
        'You need an account with an e-mail address that you verify. The information you give us must be accurate.',
        'Keep your password secret. You are responsible for what happens under your account; tell us straight away ' +
          'if you think someone else has used it.',
      ],
    },
    {
      heading: 'Acceptable use',
      paragraphs: ['When you use the Service you must not:'],
      list: [
        'upload content that you have no right to share, or that is unlawful;',
        'record a meeting with the meeting bot without the consent of its participants where the law requires it;',
        "try to get around the Service's security or limits, or reach other users' data;",
        'overload or disrupt the Service, or use it to send spam or malicious code to a tracker or webhook;',
        'resell or sublicense the Service without our written agreement.',
      ],
    },
    {
      heading: 'Your content and AI output',
      paragraphs: [
        'You keep all rights to the transcripts, recordings and tickets you create with the Service ("your content").',
        'You allow us to store and process your content only to provide the Service to you. This includes sending it ' +
          'to the AI providers that draft the tickets and to the trackers and webhooks you connect.',
        'Tickets are drafted by AI and can be incomplete or wrong. Review them before you rely on them or push them. ' +
          'You are responsible for your content and for the decisions you make with it.',
      ],
    },
    {
      heading: 'Third-party integrations',
      paragraphs: [
        'When you connect GitHub, Jira, Azure DevOps, Miro, a webhook or an online meeting, you authorise us to act ' +
          'on your behalf with the credentials and links you provide, for the actions you start.',
        'Those services are provided by third parties under their own terms. We are not responsible for their ' +
          'availability or for changes they make. You can remove a connection, and the credentials stored with it, at ' +
          'any time.',
      ],
    },
    {
      heading: 'Subscriptions and token credits',
      paragraphs: [
        'The Service is offered in Free, Pro and Enterprise plans. Paid plans are billed in advance for each billing ' +
          'period through our payment provider and renew automatically until you cancel.',
        'Each plan includes monthly token credits, with separate limits for input and output tokens, and a number of ' +
          'transcripts per month. When the credits are used up, new transcripts are not processed until the credits ' +
          'reset each month on your subscription date, or until you upgrade. Your existing tickets stay viewable, ' +
          'editable and exportable. Unused credits do not carry over to the next month.',
        'Refunds are covered by our Refund Policy.',
      ],
    },
    {
      heading: 'Termination',
      paragraphs: [
        'You may stop using the Service and cancel your subscription at any time; cancellation takes effect at the end ' +
          'of the current billing period.',
        'We may suspend or close an account that breaks these terms, with notice where that is reasonable. The ' +
          'sections on your content, disclaimers and liability continue to apply after your account ends.',
      ],
    },
    {
      heading: 'Disclaimers',
      paragraphs: [
        'The Service is provided "as is" and "as available". As far as the law allows, we make no promise that it will ' +
          'be uninterrupted or error-free, or that AI output will be accurate or fit for a particular purpose.',
      ],
    },
    {
      heading: 'Limitation of liability',
      paragraphs: [
        'As far as the law allows, we are not liable for indirect, incidental or consequential losses, or for lost ' +
          'profits, revenue or data. Our total liability for any claim is limited to the amount you paid us for the ' +
          'Service in the 12 months before the claim.',
        'Nothing in these terms limits liability that cannot be limited by law.',
      ],
    },
    {
      heading: 'Changes to these terms',
      paragraphs: [
        "We may update these terms as the Service evolves. We will give at least 30 days' notice of material changes " +
          'by e-mail or in the app before they take effect. If you keep using the Service after a change takes ' +
          'effect, the updated terms apply.',
      ],
    },
    {
      heading: 'Contact',
      paragraphs: ['Questions about these terms? Write to us at:'],
      email: 'support@tickscribe.dev',
    },
  ],
};

export default function TermsOfServicePage() {
  return <LegalDocument content={texts} />;
}
