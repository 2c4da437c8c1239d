export const layoutTexts = {
  brand: 'Tickscribe',
  skipToContent: 'Skip to main content',
  mainNavigation: 'Main',
  openMenu: 'Open menu',
  menuTitle: 'Menu',
  settings: 'Settings',
  logout: 'Logout',
  login: 'Login',
  signUp: 'Sign Up',
  legalNavigation: 'Legal',
  copyright: (year: number) => `© ${year} Tickscribe. All rights reserved.`,
  termsOfService: 'Terms of Service',
  refundPolicy: 'Refund Policy',
} as const;

/** The signed-in navigation, in the order the spec lists it. */
export const signedInLinks = [
  { label: 'Dashboard', to: '/dashboard' },
  { label: 'Transcripts', to: '/transcripts' },
  { label: 'Tickets', to: '/tickets' },
  { label: 'Connections', to: '/connections' },
  { label: 'Billing', to: '/billing' },
  { label: 'Usage', to: '/token-usage' },
  { label: 'Help', to: '/help' },
] as const;
