/**
 * Every text of the Billing page (/billing), in one place; those the spec names ("Screens and routes" and "Error
 * catalogue") word for word.
 */
export const billingTexts = {
  pageTitle: 'Billing · Tickscribe',
  heading: 'Billing',
  intro: 'Your plan, this month’s token credits and your payments.',
  loadFailed: 'Failed to load data',
  portalFailed: 'Failed to access billing portal',
  invalidPortalUrl: 'Invalid portal URL received.',
  cancelFailed: 'Failed to cancel subscription',
  subscribeFailed: 'Failed to process subscription',
  dismiss: 'Dismiss',

  currentHeading: 'Current Subscription',
  plan: 'Plan',
  status: 'Status',
  active: '(Active)',
  subscribedSince: 'Subscribed since',
  renewsOn: 'Renews on',
  cancelsOn: (day: string) => `Your subscription is cancelled: it ends on ${day}, and then you are on the Free plan.`,
  cancelsAtPeriodEnd: 'Your subscription is cancelled: it ends with the current billing period, and then you are on the Free plan.',
  setByAdministrator: 'Your plan was set by the administrator of this installation.',
  manageBilling: 'Manage Billing',
  openingPortal: 'Opening...',
  subscriptionStatuses: {
    active: 'Active',
    trialing: 'Trial',
    past_due: 'Payment overdue',
    unpaid: 'Unpaid',
    incomplete: 'Awaiting payment',
    incomplete_expired: 'Expired',
    canceled: 'Cancelled',
    paused: 'Paused',
  } as Record<string, string>,

  usageHeading: 'Token Usage',
  usageDetails: 'View usage details',

  plansHeading: 'Plans',
  inputCredits: 'Input tokens / month',
  outputCredits: 'Output tokens / month',
  currentPlan: 'Current Plan',
  choose: (name: string) => `Choose ${name}`,
  redirecting: 'Redirecting...',
  notAvailable: 'Not available',
  startsOn: (day: string) => `Starts on ${day}`,
  startsAtPeriodEnd: 'Starts when your subscription ends',
  /** Under the plans, for an admin or a member of a team workspace: the plan is its owner's to change. */
  ownerOnly: 'Only the owner of this workspace can change its plan.',

  confirmTitle: 'Switch to the Free plan?',
  confirmMessage: (plan: string) =>
    `Your ${plan} subscription will be cancelled. A paid-up plan stays active until the end of its billing period; then the Free plan’s limits apply.`,
  confirm: 'Cancel Subscription',
  confirming: 'Cancelling...',
  keep: 'Keep My Plan',

  historyHeading: 'Payment History',
  date: 'Date',
  amount: 'Amount',
  description: 'Description',
  refunded: (amount: string) => `${amount} refunded`,
  noPayments: 'No payment history found.',

  checkoutSuccess: 'Thank you! Your payment was received; your new plan is shown below as soon as Stripe confirms it.',
  checkoutCancelled: 'Checkout was cancelled: nothing was charged and your plan is unchanged.',
  planChanged: (name: string) => `You are now on the ${name} plan: its limits apply at once.`,
} as const;
