/**
 * The contract test kits, one per plugin kind, published as `tickscribe/testkit`: each loads the plugin alone by
 * the product's rules and runs the checks the built-ins pass. `check<Kind>Contract` returns the problems found
 * (none means the plugin keeps the contract); `assert<Kind>Contract` throws them as one error.
 */
export { assertBotContract, checkBotContract, type BotKitOptions } from './testkit/bots.ts';
export { assertExtractorContract, checkExtractorContract, SAMPLE_REQUEST, type ExtractorKitOptions } from './testkit/extractors.ts';
export { assertParserContract, checkParserContract, type ContractSample } from './testkit/parsers.ts';
export { assertTrackerContract, checkTrackerContract, fetchHttp, sampleTicket, type TrackerKitOptions } from './testkit/trackers.ts';
