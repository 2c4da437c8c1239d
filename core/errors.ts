/**
 * The domain's errors: each says, in words meant for the person who asked, why a request cannot be done. The
 * API maps each kind to its HTTP status in one place (api/middleware/errors.ts); the domain knows no HTTP.
 */
export abstract class DomainError extends Error {}

/** The input breaks a rule: a missing field, a bad value, a used link. */
export class InvalidInput extends DomainError {
  override name = 'InvalidInput';
}

/** Who is asking could not be established: wrong credentials, an expired session or link. */
export class NotAuthenticated extends DomainError {
  override name = 'NotAuthenticated';
}

/** Who is asking is known, but may not do this (yet). */
export class Refused extends DomainError {
  override name = 'Refused';
}

/** The thing does not exist, or is not the asker's (both answer alike). */
export class NotFound extends DomainError {
  override name = 'NotFound';
}

/** The thing already exists. */
export class Conflict extends DomainError {
  override name = 'Conflict';
}

/** A plan's allowance is used up (transcripts this month, token credits). */
export class LimitReached extends DomainError {
  override name = 'LimitReached';
}

/** The input is larger than the product accepts. */
export class TooLarge extends DomainError {
  override name = 'TooLarge';
}

/** Too many attempts in a short time; waiting helps. */
export class TooManyAttempts extends DomainError {
  override name = 'TooManyAttempts';
}

/** An error during start-up whose message alone tells the operator what to do. */
export class StartupError extends Error {
  override name = 'StartupError';
}
