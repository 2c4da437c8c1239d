// Every workflow the worker runs is exported from here. This file and what it imports run inside the Temporal
// sandbox: only @temporalio/workflow, type imports and pure helpers (a lint rule enforces it).
export { deliverEmailWorkflow } from './definitions/email.ts';
export { ingestTranscriptWorkflow } from './definitions/ingest.ts';
export { pushProgressQuery, pushTicketsWorkflow } from './definitions/push.ts';
export { creditAnchorChanged, creditsWorkflow, nextCreditResetQuery } from './definitions/credits.ts';
export { botEventSignal, botLifecycleWorkflow, botStateQuery, cancelBotSignal } from './definitions/bot.ts';
export { sendTicketStatusWorkflow, trackerStatusWorkflow } from './definitions/tracker-status.ts';
