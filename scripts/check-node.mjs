// Plain JavaScript on purpose: it must run (and explain) even on an old Node without type stripping.
// Fails fast when a script runs on another Node major than the pinned one
// (the machine's own Node is older; `npm run` puts the pinned binary first on PATH).
const required = 24;
const major = Number(process.versions.node.split('.')[0]);
if (major !== required) {
  console.error(
    `This shop needs Node ${required}, but ${process.version} is running.\n` +
      `Run it through npm (npm start, npm test, npm run <script>) so the pinned Node from node_modules is used.`,
  );
  process.exit(1);
}
