import { LegalDocument, type LegalDocumentContent } from './LegalDocument.tsx';

const texts: LegalDocumentContent = {
  pageTitle: 'Refund Policy · Tickscribe',
  heading: 'Refund Policy',
  lastUpdated: 'Last updated: November 21, 2026',
  intro: 'This policy explains how payments, cancellations and refunds work for Tickscribe subscriptions.',
  sections: [
    {
      heading: 'All purchases are final',
      paragraphs: [
        'Payments for Tickscribe subscriptions are final. We do not give refunds or credits for partial billing ' +
          'periods, unused token credits or unused transcripts, except where the law requires it.',
      ],
    },
    {
      heading: 'Cancelling your subscription',
      paragraphs: [
        'You can cancel at any time. Cancellation takes effect at the end of the current billing period: until then ' +
          'you keep your plan and its token credits, and you are not charged again. Your tickets stay viewable, ' +
          'editable and exportable after your subscription ends.',
      ],
    },
    {
      heading: 'How to cancel',
      paragraphs: ['To cancel your subscription:'],
      list: [
        'Log in to Tickscribe and open Billing.',
        'Choose Manage Billing to open the billing portal.',
        'Cancel your subscription there. The portal shows the date on which the cancellation takes effect.',
      ],
    },
    {
      heading: 'Refunds required by law',
      paragraphs: [
        'If the law where you live gives you a right to a refund, for example a withdrawal period for online ' +
          'purchases, we honour it. Contact us and tell us which purchase it concerns.',
      ],
    },
    {
      heading: 'Contact',
      paragraphs: ['Questions about a payment or a cancellation? Write to us at:'],
      email: 'support@tickscribe.dev',
    },
  ],
};

export default function RefundPolicyPage() {
  return <LegalDocument content={texts} />;
}
