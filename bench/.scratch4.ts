import { findDueDate } from '../plugins/extractors/heuristic/dates.ts';
console.log(findDueDate("Yeah, I'll fix the Safari login bug by Friday, it's a blocker for the release.", '2026-03-04'));
