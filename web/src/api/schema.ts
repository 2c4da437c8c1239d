import type { components } from './openapi.ts';

/** A shape of the API by its name in the generated description, e.g. `Schema<'TranscriptSummary'>`. */
export type Schema<Name extends keyof components['schemas']> = components['schemas'][Name];
