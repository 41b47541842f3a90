// `npm run bench`: the walking skeleton, the catalogue and the carts (bench/catalog-and-carts.ts);
// `npm run bench -- --computed`: every computed path of the catalogue and its pages next to the hello
// route, on both databases (bench/computed.ts). The rest of the arguments go to the bench chosen.

const computed = process.argv.includes('--computed');
if (computed) process.argv.splice(process.argv.indexOf('--computed'), 1);
await import(computed ? './computed.ts' : './catalog-and-carts.ts');

export {};
