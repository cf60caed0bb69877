// The layers the code keeps, checked by dependency-cruiser in `npm test` (scripts/test.mjs).
// A rule broken on purpose fails the run: see docs/architecture.md.

/** An error when a module matching `from` imports one matching `to`; `comment` says why the layer holds. */
const forbid = (name, comment, from, to) => ({ name, severity: 'error', comment, from, to });

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    forbid(
      'no-cycles',
      'An import cycle makes two modules one: whichever loads first sees the other half-built.',
      {},
      { circular: true },
    ),
    forbid(
      'site-is-pure',
      'site/ holds what worker and client share; it imports neither of them.',
      { path: '^site/' },
      { path: '^(worker|client)/' },
    ),
    forbid(
      'routes-only-from-the-app',
      'Only the Hono app (worker/index.ts) mounts route modules; shared code lives outside worker/routes/.',
      { path: '^worker/', pathNot: '^worker/(index\\.ts|routes/)' },
      { path: '^worker/routes/' },
    ),
    forbid(
      'routes-do-not-import-routes',
      'A route module is one resource; what two resources share lives outside worker/routes/.',
      { path: '^worker/routes/([^/]+)\\.ts$' },
      { path: '^worker/routes/', pathNot: '^worker/routes/$1\\.ts$' },
    ),
    forbid(
      'client-not-worker',
      'The browser code never imports the worker.',
      { path: '^client/' },
      { path: '^worker/' },
    ),
    forbid(
      'worker-not-client',
      'The worker renders pages only through the #render-* entries that package.json names.',
      { path: '^worker/' },
      { path: '^client/', pathNot: '^client/render-(island|content)\\.tsx$' },
    ),
    forbid(
      'code-not-tests',
      'Product code never imports test code.',
      { path: '^(site|worker|client|scripts)/' },
      { path: '^test/' },
    ),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/|worker-configuration\\.d\\.ts$' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
  },
};
