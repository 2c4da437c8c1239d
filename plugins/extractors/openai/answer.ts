/** Reading a model's answer: parsed, checked against the extraction schema, and cleared of invented values. */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import type { ChatCompletion } from 'openai/resources/chat/completions';
import extractionSchema from '../../sdk/schemas/extraction.schema.json' with { type: 'json' };
import { describeSchemaError, type ExtractedTicket, type Extraction } from '../../sdk/index.ts';

let validateExtraction: ValidateFunction<Extraction> | undefined;

/** The validator for the extraction schema, compiled on first use. */
function validator(): ValidateFunction<Extraction> {
  validateExtraction ??= new Ajv2020({ allErrors: true, strict: true }).compile<Extraction>(extractionSchema);
  return validateExtraction;
}

/** The schema errors, as the model is told them when its answer is sent back. */
function describeErrors(errors: NonNullable<ValidateFunction['errors']>): string {
  const lines = errors.slice(0, 10).map((error) => describeSchemaError(error, { place: 'pointer' }));
  if (errors.length > 10) lines.push(`… and ${errors.length - 10} more`);
  return lines.join('; ');
}

type Checked = { ok: true; extraction: Extraction } | { ok: false; problem: string };

/** Parses and validates one answer. */
export function check(completion: ChatCompletion): Checked {
  const choice = completion.choices[0];
  const message = choice?.message;
  if (message?.refusal) return { ok: false, problem: `the model refused: ${message.refusal}` };
  const content = message?.content;
  if (!content?.trim()) return { ok: false, problem: 'the answer was empty' };
  let data: unknown;
  try {
    data = JSON.parse(content);
  } catch (error) {
    const cutOff = choice?.finish_reason === 'length' ? ' (the answer was cut off at the output token limit: keep it shorter)' : '';
    return { ok: false, problem: `the answer is not valid JSON: ${(error as Error).message}${cutOff}` };
  }
  const validate = validator();
  if (!validate(data)) return { ok: false, problem: `the answer does not match the schema: ${describeErrors(validate.errors ?? [])}` };
  return { ok: true, extraction: data as Extraction };
}

const normalise = (value: string): string => value.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();

/** Real calendar date in YYYY-MM-DD form. */
function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().startsWith(value);
}

/**
 * Defences against what a model may invent: an assignee who is not a participant becomes null (a spelling that
 * differs only in case or spacing becomes the participant's name as given), a malformed due date becomes null, and
 * dependencies keep only titles of other tickets in the same answer.
 */
export function sanitise(tickets: readonly ExtractedTicket[], participantNames: readonly string[]): ExtractedTicket[] {
  const names = new Map(participantNames.map((name) => [normalise(name), name]));
  const titles = new Map(tickets.map((t) => [normalise(t.title), t.title]));
  return tickets.map((ticket) => {
    const own = normalise(ticket.title);
    const dependsOn: string[] = [];
    for (const title of ticket.dependsOn) {
      const key = normalise(title);
      const known = titles.get(key);
      if (known !== undefined && key !== own && !dependsOn.includes(known)) dependsOn.push(known);
    }
    return {
      ...ticket,
      assignee: ticket.assignee === null ? null : (names.get(normalise(ticket.assignee)) ?? null),
      dueDate: ticket.dueDate !== null && isCalendarDate(ticket.dueDate.trim()) ? ticket.dueDate.trim() : null,
      dependsOn,
    };
  });
}
