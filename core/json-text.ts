/**
 * A JSON document of type T already written out, by PostgreSQL for instance: the API answers it as it is, without
 * parsing the rows and serialising them again.
 */
export class JsonText<T> {
  declare readonly of?: T;
  readonly text: string;

  constructor(text: string) {
    this.text = text;
  }

  /** `fields` with `key` set to this document's JSON (a value that is not parsed here). */
  static object<T>(key: string, json: string, fields: Record<string, unknown> = {}): JsonText<T> {
    const rest = JSON.stringify(fields);
    return new JsonText(`{${JSON.stringify(key)}:${json}${rest === '{}' ? '' : `,${rest.slice(1, -1)}`}}`);
  }
}
