// A sentence as both splitters see it: no code backticks, no emphasis, single spaces, lowercase.
export const normalizeSentence = (sentence: string): string => sentence.replace(/[`*_]/g, '').replace(/\s+/g, ' ').trim().toLowerCase();
