// What the command line prints once Tickscribe is ready: where to open it, and what an operator must know at once.
import type { Config } from '../core/config.ts';

type BannerConfig = Pick<Config, 'APP_URL' | 'HOST' | 'PORT' | 'NODE_ENV' | 'SMTP_URL'>;

/** The address this process listens on, as a URL (0.0.0.0 stays: it says every interface). */
function listeningUrl(config: BannerConfig): string {
  return `http://${config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST}:${config.PORT}`;
}

/**
 * The ready banner of `role`. The web app's line is APP_URL, the address users open (and the e-mailed links point
 * to); where that is not this process's own `http://localhost:PORT` (an API behind a proxy or a load balancer, as
 * `start:api` runs), the address this process listens on follows it, so each API of a deployment says which it is.
 * In production without SMTP_URL no e-mail is sent: the verification and password-reset links are only in the
 * log of the worker that delivered them, which is said here with what to set.
 */
export function readyBanner(options: {
  config: BannerConfig;
  role: 'all' | 'api' | 'worker';
  seconds: number;
  url?: string;
  temporalUiUrl?: string;
}): string {
  const { config, role } = options;
  const ownAddress = config.APP_URL === `http://localhost:${config.PORT}` && role !== 'api' ? [] : [`  Listening on: ${listeningUrl(config)}`];
  const lines = [
    `Tickscribe is ready (${options.seconds.toFixed(1)} s).`,
    ...(options.url ? [`  Web app:      ${options.url}`, ...ownAddress, `  API docs:     ${options.url}/api/docs`] : []),
    ...(options.temporalUiUrl ? [`  Temporal UI:  ${options.temporalUiUrl}`] : []),
  ];
  if (config.NODE_ENV === 'production' && !config.SMTP_URL) {
    const where = role === 'worker' ? "this worker's log" : "the log of the worker that handles them (start:worker's output)";
    lines.push(
      `  E-mail:       not sent: SMTP_URL is not set, so sign-up verification and password reset links appear only in ${where}.`,
      '                Set SMTP_URL (smtps://user:password@host:465) and MAIL_FROM to send them.',
    );
  }
  return `${lines.join('\n')}\n`;
}
