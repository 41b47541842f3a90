import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

// The production build records every project file it read, so `npm start` rebuilds exactly when one of
// them changed (scripts/build-staleness.ts) instead of guessing from a list of folders.
// Recorded: each module bundled into the client or the server build (app/, core/ and whatever server/
// module the browser code imports), the files copied from public/, the files that configure the build
// (the Vite config and what it imports, react-router.config.ts), and package-lock.json standing for
// every installed package.
// Modules the server build leaves external (server/, imported at run time) are not copies, so not inputs.

export const buildInputsFile = 'build/inputs.json';

export interface BuildInputs {
  /** Paths relative to the project root. */
  files: string[];
}

export function recordBuildInputs(options: { isExternal: (environment: string, id: string) => boolean }): Plugin {
  const files = new Set<string>();
  let root = '';
  return {
    name: 'record-build-inputs',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      for (const file of [config.configFile, ...config.configFileDependencies]) if (file) files.add(path.relative(root, file));
      files.add('react-router.config.ts');
      files.add('package-lock.json');
      if (config.publicDir && fs.existsSync(config.publicDir)) {
        for (const file of fs.readdirSync(config.publicDir, { recursive: true, withFileTypes: true })) {
          if (file.isFile()) files.add(path.relative(root, path.join(file.parentPath, file.name)));
        }
      }
    },
    generateBundle() {
      for (const id of this.getModuleIds()) {
        if (!path.isAbsolute(id) || options.isExternal(this.environment.name, id)) continue;
        const relative = path.relative(root, id.replace(/\?.*$/, ''));
        if (relative.startsWith('..') || relative.split(path.sep).includes('node_modules')) continue;
        files.add(relative);
      }
    },
    writeBundle() {
      const inputs: BuildInputs = { files: [...files].sort() };
      fs.writeFileSync(path.join(root, buildInputsFile), `${JSON.stringify(inputs, null, 1)}\n`);
    },
  };
}
