import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { FormEvent, ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

export interface AuthFormProps {
  /** The heading's id, which also names the form. */
  id: string;
  heading: string;
  onSubmit(event: FormEvent<HTMLFormElement>): void;
  /** Leave the browser's own checks out, for forms that explain missing values in the spec's words. */
  noValidate?: boolean;
  children: ReactNode;
}

/** The form of an account page: its heading, then the fields, buttons and links. */
export function AuthForm({ id, heading, onSubmit, noValidate, children }: AuthFormProps) {
  return (
    <Box component="form" noValidate={noValidate} onSubmit={onSubmit} aria-labelledby={id}>
      <Typography id={id} variant="h1" sx={{ fontSize: '1.75rem', mb: 1 }}>
        {heading}
      </Typography>
      {children}
    </Box>
  );
}

/** The line under a form's heading. */
export function AuthIntro({ children }: { children: ReactNode }) {
  return (
    <Typography color="textSecondary" sx={{ mb: 3 }}>
      {children}
    </Typography>
  );
}

/** A centred line with a link to another account page, e.g. "Already have an account? Log in". */
export function AuthFooterLink({ lead, to, label }: { lead?: string; to: string; label: string }) {
  return (
    <Typography variant="body2" sx={{ textAlign: 'center' }}>
      {lead !== undefined && `${lead} `}
      <Link component={RouterLink} to={to}>
        {label}
      </Link>
    </Typography>
  );
}
