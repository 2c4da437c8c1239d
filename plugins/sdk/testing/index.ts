/**
 * `@tickscribe/plugin-sdk/testing`: the contract kits a plugin's own tests run, one per kind, as plain functions that
 * need no test runner (an `assert…` throws one error listing every problem, a `check…` returns them) and nothing of
 * the app. Answers are checked against this package's JSON Schemas by a small checker of its own (schema-check.ts),
 * so the package still depends on nothing.
 */
export { assertBotContract, checkBotContract, type BotKitOptions } from './bots.ts';
export { assertExtractorContract, checkExtractorContract, SAMPLE_REQUEST, type ExtractorKitOptions } from './extractors.ts';
export { assertParserContract, checkParserContract, type ContractSample } from './parsers.ts';
export { assertTrackerContract, checkTrackerContract, fetchHttp, sampleTicket, type TrackerKitOptions } from './trackers.ts';
