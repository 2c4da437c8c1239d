/** An error whose message is meant for the person who made the request. */
export class HttpError extends Error {
  readonly status: number;
  override name = 'HttpError';

  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

/** An error during start-up whose message alone tells the operator what to do. */
export class StartupError extends Error {
  override name = 'StartupError';
}
