import '../scripts/check-node.mjs';

// React and React Router pick their development or production build from NODE_ENV when they are
// first imported, so it is settled here, before anything else loads.
process.env.NODE_ENV ??= process.argv.includes('--dev') ? 'development' : 'production';

await import('./main.ts');
