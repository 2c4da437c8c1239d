import { fileURLToPath } from 'node:url';

/** The shared transcript corpus (../shared/samples/transcripts beside the repository). */
export const SAMPLES_DIR = fileURLToPath(new URL('../../../shared/samples/transcripts/', import.meta.url));
