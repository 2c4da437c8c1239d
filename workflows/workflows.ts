// Every workflow the worker runs is exported from here. This file and what it imports run inside the Temporal
// sandbox: only @temporalio/workflow, type imports and pure helpers (a lint rule enforces it).
export { deliverEmailWorkflow } from './definitions/email.ts';
export { ingestTranscriptWorkflow } from './definitions/ingest.ts';
