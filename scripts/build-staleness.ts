import fs from 'node:fs';
import path from 'node:path';
import { buildInputsFile, type BuildInputs } from './build-inputs.ts';

export const builtEntry = 'build/server/index.js';

/**
 * Why the production build under `root` must be made again, or null when it is current: it is missing,
 * or one of the files it was made from (as the build recorded them) changed, or is gone, since.
 */
export function staleBuildReason(root: string): string | null {
  const entry = path.join(root, builtEntry);
  const inputsPath = path.join(root, buildInputsFile);
  if (!fs.existsSync(entry) || !fs.existsSync(inputsPath)) return 'no build yet';
  const builtAt = fs.statSync(entry).mtimeMs;
  const { files } = JSON.parse(fs.readFileSync(inputsPath, 'utf8')) as BuildInputs;
  for (const file of files) {
    const source = path.join(root, file);
    if (!fs.existsSync(source)) return `${file} is gone`;
    if (fs.statSync(source).mtimeMs > builtAt) return `${file} changed`;
  }
  return null;
}
