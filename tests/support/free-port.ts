/** A TCP port that was free on loopback a moment ago (the product's own helper). */
export { freePort } from '../../core/ports.ts';
