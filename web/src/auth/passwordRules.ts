/** The spec's "Validation rules": a password (signup, change, reset) has at least this many characters. */
export const MIN_PASSWORD_LENGTH = 6;

export function isLongEnough(password: string): boolean {
  return password.length >= MIN_PASSWORD_LENGTH;
}
