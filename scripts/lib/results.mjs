// What a test runner hands to `npm test` (scripts/test.mjs): `{ passed, failed, skipped, failures }`
// in the JSON file that CAMPAIGN_STUDIO_RESULTS names, each failure `{ title, message }` with its
// message whole. Whoever prints a failure puts its message on one line.
import fs from 'node:fs';

/** Writes the runner's counts and failures to the file CAMPAIGN_STUDIO_RESULTS names, if any. */
export function writeResults(counts) {
  const file = process.env.CAMPAIGN_STUDIO_RESULTS;
  if (file) fs.writeFileSync(file, JSON.stringify(counts));
}

/** An error's message (or whatever was thrown, as text), whole: what a failure records. */
export function messageOf(error) {
  return String(error?.message ?? error);
}

/** A message (or an error's) on one line, at most 300 characters: how a failure is printed. */
export function oneLine(message) {
  return messageOf(message).replace(/\s+/g, ' ').trim().slice(0, 300);
}
