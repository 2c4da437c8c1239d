/**
 * `npm run train:extractor [-- --data DIR] [--out FILE]`: fits the offline extractor's model on labelled meetings
 * and writes its weights file. DIR is a folder in the format model/data.ts describes (default: the AMI training
 * split, ../shared/eval/ami-train beside the checkout, or AMI_TRAIN_DIR). The same data always gives the same
 * bytes: meetings in the index's order, a fixed number of descent steps, rounded weights, sorted keys.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadMeetings } from './data.ts';
import { examplesOf, fitTuned, prepareMeeting } from './training.ts';
import { WEIGHTS_URL, type WeightsFile, serialiseWeights } from './weights.ts';

export const DEFAULT_TRAIN_DIR = process.env['AMI_TRAIN_DIR'] ?? join(import.meta.dirname, '../../../../../shared/eval/ami-train');

/** The weights file's text for the meetings of `dir`. */
export function trainWeights(dir: string): string {
  const meetings = loadMeetings(dir).map(prepareMeeting);
  const tuned = fitTuned(meetings);
  const examples = examplesOf(meetings);
  const file: WeightsFile = {
    about: 'Offline extractor model: logistic regression over candidate-task features (plugins/extractors/heuristic/model). Rebuild with npm run train:extractor.',
    trainedOn: { meetings: meetings.length, candidates: examples.length, tasks: examples.filter((e) => e.label === 1).length },
    l2: tuned.l2,
    selection: tuned.selection,
    addressee: tuned.addressee,
    bias: tuned.model.bias,
    weights: tuned.model.weights,
  };
  return serialiseWeights(file);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { values } = parseArgs({ options: { data: { type: 'string' }, out: { type: 'string' } } });
  const dir = values.data ?? DEFAULT_TRAIN_DIR;
  if (!existsSync(join(dir, 'index.json'))) {
    console.error(`No labelled meetings in ${dir}: pass --data <folder with index.json> or set AMI_TRAIN_DIR.`);
    process.exit(2);
  }
  const out = values.out ?? fileURLToPath(WEIGHTS_URL);
  const text = trainWeights(dir);
  writeFileSync(out, text);
  const written = JSON.parse(text) as WeightsFile;
  process.stdout.write(
    `Wrote ${out} (${(text.length / 1024).toFixed(0)} KB): ${written.trainedOn.meetings} meetings, ${written.trainedOn.candidates} candidates, ${written.trainedOn.tasks} tasks; ` +
      `${Object.keys(written.weights).length} weights, L2 ${written.l2}, threshold ${written.selection.threshold}, rule floor ${written.selection.ruleFloor ?? 'none'}, at least ${written.selection.minTickets} ticket(s) a meeting.\n`,
  );
}
