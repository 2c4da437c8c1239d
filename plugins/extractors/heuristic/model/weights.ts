/**
 * The weights file: the fitted model and its selection, as stable JSON (keys in a fixed order, features sorted,
 * weights rounded to four decimals), so that training on the same data writes the same bytes.
 */
import { readFileSync } from 'node:fs';
import type { LogisticModel } from './logistic.ts';
import type { Selection } from './pipeline.ts';

export interface WeightsFile extends LogisticModel {
  about: string;
  /** What it was trained on: meetings, candidates, candidates labelled as tasks. */
  trainedOn: { meetings: number; candidates: number; tasks: number };
  l2: number;
  selection: Selection;
  /** The addressee model: whom a request that names no one was said to. */
  addressee: LogisticModel;
}

export const WEIGHTS_URL = new URL('./weights.json', import.meta.url);

function sortedWeights(weights: Readonly<Record<string, number>>): Record<string, number> {
  const sorted: Record<string, number> = {};
  for (const feature of Object.keys(weights).sort()) sorted[feature] = weights[feature]!;
  return sorted;
}

export function serialiseWeights(file: WeightsFile): string {
  const ordered = {
    about: file.about,
    trainedOn: { meetings: file.trainedOn.meetings, candidates: file.trainedOn.candidates, tasks: file.trainedOn.tasks },
    l2: file.l2,
    selection: {
      threshold: file.selection.threshold,
      maxTickets: file.selection.maxTickets,
      ruleFloor: file.selection.ruleFloor,
      minTickets: file.selection.minTickets,
    },
    addressee: { bias: file.addressee.bias, weights: sortedWeights(file.addressee.weights) },
    bias: file.bias,
    weights: sortedWeights(file.weights),
  };
  return `${JSON.stringify(ordered, null, 1)}\n`;
}

export function loadWeights(url: URL = WEIGHTS_URL): WeightsFile {
  return JSON.parse(readFileSync(url, 'utf8')) as WeightsFile;
}
