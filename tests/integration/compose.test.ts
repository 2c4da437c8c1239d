// docker-compose.yml, the production topology users start with `docker compose up`: read as Compose reads it, with
// `docker compose config` itself where Docker's Compose is installed.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { SEARCH_ATTRIBUTE_NAMES } from '../../core/temporal/search-attributes.ts';

interface Service {
  image?: string;
  build?: unknown;
  restart?: string;
  command?: string[] | string;
  environment?: Record<string, string | number>;
  depends_on?: Record<string, { condition: string }>;
  configs?: { source: string; target: string }[];
}
const file = new URL('../../docker-compose.yml', import.meta.url);
const compose = parse(readFileSync(file, 'utf8'), { merge: true }) as { services: Record<string, Service>; configs: Record<string, unknown> };
const services = Object.entries(compose.services);

describe('docker-compose.yml', () => {
  it('runs Temporal on its supported images, every image pinned', () => {
    for (const [name, service] of services) {
      if (service.build) continue;
      expect(service.image, name).toMatch(/^[\w./-]+:\d[\w.-]*$/);
      expect(service.image, name).not.toMatch(/auto-setup/);
    }
    expect(compose.services['temporal']?.image).toMatch(/^temporalio\/server:/);
  });

  it('starts each service after what it needs, one-shot steps completed first', () => {
    for (const [name, service] of services) {
      for (const [needed, { condition }] of Object.entries(service.depends_on ?? {})) {
        expect(compose.services[needed], `${name} needs ${needed}`).toBeDefined();
        expect(['service_started', 'service_healthy', 'service_completed_successfully'], name).toContain(condition);
        // A step waited on to complete must end, and must not be restarted once it has.
        if (condition === 'service_completed_successfully') expect(compose.services[needed]!.restart ?? 'no', needed).toMatch(/^(no|on-failure(:\d+)?)$/);
      }
      for (const config of service.configs ?? []) expect(compose.configs[config.source], `${name} config`).toBeDefined();
    }
    expect(compose.services['temporal']?.depends_on).toEqual({ 'temporal-schema': { condition: 'service_completed_successfully' } });
    for (const app of ['api', 'worker']) {
      expect(compose.services[app]?.depends_on).toMatchObject({ postgres: { condition: 'service_healthy' }, 'temporal-namespace': { condition: 'service_completed_successfully' } });
    }
  });

  it('makes or updates both of Temporal\'s schemas, and the namespace Tickscribe uses', () => {
    const schema = String(compose.services['temporal-schema']?.command);
    for (const step of ['create', 'setup-schema -v 0.0', 'update-schema -d']) expect(schema).toContain(step);
    expect(schema).toMatch(/for db in temporal temporal_visibility/);
    const namespace = compose.services['api']!.environment!['TEMPORAL_NAMESPACE'];
    expect(String(compose.services['temporal-namespace']?.command)).toContain(`--namespace ${namespace}`);
    expect(compose.services['api']!.environment!['TEMPORAL_ADDRESS']).toBe('temporal:7233');
  });

  it('registers every search attribute the workflows carry, as a Keyword', () => {
    const command = String(compose.services['temporal-namespace']?.command);
    expect(command).toContain(`for name in ${Object.values(SEARCH_ATTRIBUTE_NAMES).join(' ')}; do`);
    expect(command).toContain('temporal operator search-attribute create --namespace default --name "$$name" --type Keyword');
  });

  const docker = spawnSync('docker', ['compose', 'version'], { encoding: 'utf8' });
  it.runIf(docker.status === 0)('is valid to Docker Compose itself', () => {
    const checked = spawnSync('docker', ['compose', '-f', file.pathname, 'config', '--quiet'], { encoding: 'utf8' });
    expect(checked.stderr).toBe('');
    expect(checked.status).toBe(0);
  });
});
