import type { Choice } from '../../server/document-reading/index.js';

/** OCR sure of every character (confidence 97) and offering no choices, for a spec to edit per position. */
export const sureRead = (lines: readonly string[]) => ({
  confidences: lines.map((line) => line.split('').map(() => 97)),
  choices: lines.map((line) => line.split('').map((): Choice[] | undefined => undefined)),
});

/** One of OCR's candidate characters, with its confidence. */
export const choice = (text: string, confidence: number): Choice => ({ text, confidence });
