import type { Config } from '../../schemas/types.ts';
import type { ExtractorPlugin } from '../sdk/index.ts';
import { heuristicExtractor } from './heuristic/index.ts';
import { createOpenAIExtractor } from './openai/index.ts';

/** The built-in extractors, configured from the settings. */
export function builtinExtractors(config: Pick<Config, 'OPENAI_API_KEY' | 'OPENAI_BASE_URL' | 'OPENAI_MODEL'>): ExtractorPlugin[] {
  return [
    createOpenAIExtractor({
      ...(config.OPENAI_API_KEY ? { apiKey: config.OPENAI_API_KEY } : {}),
      ...(config.OPENAI_BASE_URL ? { baseURL: config.OPENAI_BASE_URL } : {}),
      model: config.OPENAI_MODEL,
    }),
    heuristicExtractor,
  ];
}

/** EXTRACTOR when set; otherwise the LLM when one is configured, else the offline heuristic. */
export function chosenExtractorId(config: Pick<Config, 'EXTRACTOR' | 'OPENAI_API_KEY' | 'OPENAI_BASE_URL'>): string {
  return config.EXTRACTOR ?? (config.OPENAI_API_KEY || config.OPENAI_BASE_URL ? 'openai' : 'heuristic');
}
