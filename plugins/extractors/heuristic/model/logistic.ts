/**
 * A logistic regression over named binary features: the probability that a candidate is a task the meeting's
 * minutes would list. Fitted by full-batch gradient descent with momentum and an L2 penalty, in a fixed order
 * and a fixed number of steps, so the same examples always give the same weights to the last bit.
 */

export interface LogisticModel {
  bias: number;
  weights: Readonly<Record<string, number>>;
}

export interface Example {
  features: readonly string[];
  label: 0 | 1;
}

export interface FitOptions {
  /** L2 penalty on the weights (not the bias), per example. */
  l2: number;
  /** Features seen in fewer training examples are left out: a weight fitted to one example is noise. */
  minCount: number;
  steps: number;
  rate: number;
}

export const FIT_DEFAULTS: FitOptions = { l2: 0.01, minCount: 2, steps: 400, rate: 0.5 };

const sigmoid = (z: number) => (z >= 0 ? 1 / (1 + Math.exp(-z)) : Math.exp(z) / (1 + Math.exp(z)));

export function probability(model: LogisticModel, features: readonly string[]): number {
  let z = model.bias;
  for (const feature of features) z += model.weights[feature] ?? 0;
  return sigmoid(z);
}

/** Rounds a weight for the weights file: four decimals are far below what the data can tell apart. */
const round = (w: number) => Math.round(w * 10_000) / 10_000;

export function fit(examples: readonly Example[], options: FitOptions = FIT_DEFAULTS): LogisticModel {
  const counts = new Map<string, number>();
  for (const { features } of examples) for (const f of new Set(features)) counts.set(f, (counts.get(f) ?? 0) + 1);
  const vocabulary = [...counts].filter(([, c]) => c >= options.minCount).map(([f]) => f).sort();
  const index = new Map(vocabulary.map((f, i) => [f, i]));
  const rows = examples.map((e) => Int32Array.from([...new Set(e.features)].map((f) => index.get(f) ?? -1).filter((i) => i >= 0).sort((a, b) => a - b)));
  const labels = examples.map((e) => e.label);
  const n = Math.max(1, examples.length);
  const w = new Float64Array(vocabulary.length);
  const velocity = new Float64Array(vocabulary.length);
  const gradient = new Float64Array(vocabulary.length);
  let bias = 0;
  let biasVelocity = 0;
  const momentum = 0.9;
  for (let step = 0; step < options.steps; step++) {
    gradient.fill(0);
    let biasGradient = 0;
    for (let r = 0; r < rows.length; r++) {
      const row = rows[r]!;
      let z = bias;
      for (let j = 0; j < row.length; j++) z += w[row[j]!]!;
      const error = sigmoid(z) - labels[r]!;
      biasGradient += error;
      for (let j = 0; j < row.length; j++) gradient[row[j]!] = gradient[row[j]!]! + error;
    }
    for (let i = 0; i < w.length; i++) {
      const g = gradient[i]! / n + options.l2 * w[i]!;
      velocity[i] = momentum * velocity[i]! - options.rate * g;
      w[i] = w[i]! + velocity[i]!;
    }
    biasVelocity = momentum * biasVelocity - (options.rate * biasGradient) / n;
    bias += biasVelocity;
  }
  const weights: Record<string, number> = {};
  vocabulary.forEach((f, i) => {
    const rounded = round(w[i]!);
    if (rounded !== 0) weights[f] = rounded;
  });
  return { bias: round(bias), weights };
}
