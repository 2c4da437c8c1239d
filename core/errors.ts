/**
 * The domain's errors: each says, in words meant for the person who asked, why a request cannot be done. The
 * API maps each kind to its HTTP status in one place (api/errors.ts); the domain knows no HTTP. An error's
 * `name` is its class's name, so subclasses (CreditsExhausted) are named without repeating it.
 */
export abstract class DomainError extends Error {
  override get name(): string {
    return this.constructor.name;
  }
}

/** The input breaks a rule: a missing field, a bad value, a used link. */
export class InvalidInput extends DomainError {}

/** Who is asking could not be established: wrong credentials, an expired session or link. */
export class NotAuthenticated extends DomainError {}

/** Who is asking is known, but may not do this (yet). */
export class Refused extends DomainError {}

/** The thing does not exist, or is not the asker's (both answer alike). */
export class NotFound extends DomainError {}

/** The thing already exists. */
export class Conflict extends DomainError {}

/** The thing existed but can no longer be used: a used, withdrawn or expired invitation link. */
export class Gone extends DomainError {}

/** A plan's allowance is used up (transcripts this month, token credits). */
export class LimitReached extends DomainError {}

/** The input is larger than the product accepts. */
export class TooLarge extends DomainError {}

/** Too many attempts in a short time; waiting helps. */
export class TooManyAttempts extends DomainError {}

/** A service outside Tickscribe (Stripe, a meeting bot service) failed; nothing was changed, trying later may help. */
export class UpstreamFailed extends DomainError {}

/** An error during start-up whose message alone tells the operator what to do. */
export class StartupError extends Error {
  override name = 'StartupError';
}
