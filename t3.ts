import { pino } from 'pino';
import { loadWorkflowBundle, DEFAULT_WORKFLOWS_PATH } from './workflows/worker.ts';
const t=Date.now();
const b = await loadWorkflowBundle({ workflowsPath: DEFAULT_WORKFLOWS_PATH, cacheDir: '/tmp/wfcache', logger: pino() });
console.log(b.code.length, Date.now()-t);
