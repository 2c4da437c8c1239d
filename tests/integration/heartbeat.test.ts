/**
 * The one heartbeat helper of the activities (workflows/heartbeat.ts), run in Temporal's own activity test
 * environment: it beats at a fifth of the activity's heartbeat timeout while the work runs, stops when the work
 * ends, and hands the activity's cancellation to the work as its abort signal.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { MockActivityEnvironment } from '@temporalio/testing';
import { describe, expect, it } from 'vitest';
import { withHeartbeat } from '../../workflows/heartbeat.ts';

describe('withHeartbeat', () => {
  it('beats while the work runs, at a fifth of the heartbeat timeout, and stops when it ends', async () => {
    const environment = new MockActivityEnvironment({ heartbeatTimeoutMs: 500 });
    let beats = 0;
    environment.on('heartbeat', () => beats++);
    // 600 ms of work at a beat every 100 ms: a busy machine may delay beats, but not all of them.
    await expect(environment.run(() => withHeartbeat(async () => {
      await sleep(600);
      return 'done';
    }))).resolves.toBe('done');
    expect(beats).toBeGreaterThanOrEqual(2);
    const after = beats;
    await sleep(300);
    expect(beats).toBe(after);
  });

  it('beats no faster than a fifth of a longer timeout', async () => {
    const environment = new MockActivityEnvironment({ heartbeatTimeoutMs: 15_000 });
    let beats = 0;
    environment.on('heartbeat', () => beats++);
    await environment.run(() => withHeartbeat(() => sleep(600)));
    expect(beats).toBe(0);
  });

  it('hands the activity\'s cancellation to the work, and stops beating when the work fails', async () => {
    const environment = new MockActivityEnvironment({ heartbeatTimeoutMs: 500 });
    let beats = 0;
    environment.on('heartbeat', () => beats++);
    const running = environment.run(() => withHeartbeat((signal) => new Promise((_, reject) => {
      signal.addEventListener('abort', () => reject(new Error('stopped: the activity was cancelled')), { once: true });
    })));
    await sleep(250);
    environment.cancel();
    await expect(running).rejects.toThrow('stopped: the activity was cancelled');
    const after = beats;
    await sleep(300);
    expect(beats).toBe(after);
  });
});
