import type { ExtractorPlugin } from '../sdk/index.ts';
import { heuristicExtractor } from './heuristic/index.ts';
import { openaiExtractor } from './openai/index.ts';

/** The built-in extractors; the host hands them their settings. */
export const BUILTIN_EXTRACTORS: ExtractorPlugin[] = [openaiExtractor, heuristicExtractor];
