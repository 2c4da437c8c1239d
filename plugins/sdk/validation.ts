/** The parts of a JSON Schema validation error (ajv's ErrorObject) that a description reads. */
export interface SchemaError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
}

export interface DescribeOptions {
  /** What the validated value is called when the error is at its root, e.g. 'body'. Default 'value'. */
  subject?: string;
  /**
   * How the place of the error is written: 'field' (`tickets.0.title must …`, for people reading an API error),
   * 'pointer' (`/tickets/0/title: …`, for a JSON document such as a model's answer), or 'none' (the caller has
   * named the place already, as a setting's name). Default 'field'.
   */
  place?: 'field' | 'pointer' | 'none';
}

/**
 * One readable phrase for a validation error: the one formatter that the host, the API, the settings and the
 * plugins use, so a schema problem reads alike wherever it is reported.
 */
export function describeSchemaError(error: SchemaError, options: DescribeOptions = {}): string {
  const subject = options.subject ?? 'value';
  const param = (name: string) => String(error.params[name]);
  const values = (error.params['allowedValues'] as unknown[] | undefined) ?? [];
  // An empty string among the values reads as "(or empty)", not as a trailing comma.
  const allowed = `${values.filter((value) => value !== '').join(', ')}${values.includes('') ? ' (or empty)' : ''}`;
  switch (options.place ?? 'field') {
    case 'pointer': {
      const where = error.instancePath || '(root)';
      if (error.keyword === 'additionalProperties') return `${where}: unknown property '${param('additionalProperty')}'`;
      if (error.keyword === 'required') return `${where}: missing property '${param('missingProperty')}'`;
      if (error.keyword === 'enum') return `${where}: must be one of ${JSON.stringify(values)}`;
      return `${where}: ${error.message ?? 'is invalid'}`;
    }
    case 'none': {
      if (error.keyword === 'type') return param('type') === 'integer' ? 'must be a whole number' : `must be a ${param('type')}`;
      if (error.keyword === 'enum') return `must be one of ${allowed}`;
      if (error.keyword === 'pattern') return 'is not in the expected form';
      return error.message ?? 'is invalid';
    }
    default: {
      const field = error.instancePath ? error.instancePath.slice(1).split('/').join('.') : subject;
      if (error.keyword === 'required') return `${field === subject ? '' : `${field}.`}${param('missingProperty')} is required`;
      if (error.keyword === 'additionalProperties') return `${field} has an unknown property '${param('additionalProperty')}'`;
      if (error.keyword === 'enum') return `${field} must be one of: ${allowed}`;
      return `${field} ${error.message ?? 'is invalid'}`;
    }
  }
}
