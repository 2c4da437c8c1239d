/**
 * `@tickscribe/plugin-sdk/testing`: the contract kits a plugin's own tests run, as plain functions that need no test
 * runner (an `assert…` throws one error listing every problem, a `check…` returns them) and nothing of the app.
 */
export { assertTrackerContract, checkTrackerContract, fetchHttp, sampleTicket, type TrackerKitOptions } from './trackers.ts';
