import { readdirSync } from 'node:fs';
import path from 'node:path';

// The scan tests that keep a rule in one home (access, input primitives, money conversions, comment
// references) read the project's own files through this one walk, so they agree on what a source file is.

export const projectRoot = path.resolve(import.meta.dirname, '../..');

/** Folders that hold no file of the project's own: installed packages and build or test output. */
const generatedFolders = new Set(['node_modules', 'build', 'test-results', '.react-router', 'dist']);

export interface FileSelection {
  /** Which files count, by name. */
  name: RegExp;
  /** Folders (relative to the project, posix) left out with everything below them. */
  skip?: readonly string[];
}

/** The files below `folder` (relative to the project, posix paths), generated folders left out. */
export function projectFilesUnder(folder: string, selection: FileSelection): string[] {
  if (selection.skip?.includes(folder)) return [];
  return readdirSync(path.join(projectRoot, folder), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.posix.join(folder, entry.name);
    if (entry.isDirectory()) return generatedFolders.has(entry.name) ? [] : projectFilesUnder(relative, selection);
    return entry.isFile() && selection.name.test(entry.name) ? [relative] : [];
  });
}

/** TypeScript sources that are not tests. */
export const sourceFile = /^(?!.*\.test\.tsx?$).*\.tsx?$/;
