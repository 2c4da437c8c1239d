/**
 * Placeholder speaker names: what a transcript says when it does not know who spoke ('Unknown speaker', or a
 * diarisation label such as 'Speaker 2' or 'Speaker A'). They are not people: never an assignee, never offered
 * as one. The pattern is plain enough for both JavaScript and PostgreSQL (`~*`), so both sides agree.
 */
export const PLACEHOLDER_NAME_PATTERN =
  '^(unknown|unknown speaker|unidentified speaker|speaker|speaker[ _-]?[0-9]{1,3}|speaker[ _-]?[a-z]|spk[ _-]?[0-9]{1,3}|participant[ _-]?[0-9]{1,3}|guest[ _-]?[0-9]{0,3})$';

const PLACEHOLDER = new RegExp(PLACEHOLDER_NAME_PATTERN, 'i');

/** Whether `name` is a placeholder rather than a person's name. */
export function isPlaceholderName(name: string): boolean {
  return PLACEHOLDER.test(name.trim().replace(/\s+/g, ' '));
}
