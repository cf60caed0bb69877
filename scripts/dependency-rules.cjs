// The layers the code keeps, checked by dependency-cruiser in `npm test` (scripts/test.mjs).
// A rule broken on purpose fails the run: see docs/architecture.md.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      severity: 'error',
      comment: 'An import cycle makes two modules one: whichever loads first sees the other half-built.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'site-is-pure',
      severity: 'error',
      comment: 'site/ holds what worker and client share; it imports neither of them.',
      from: { path: '^site/' },
      to: { path: '^(worker|client)/' },
    },
    {
      name: 'routes-only-from-the-app',
      severity: 'error',
      comment: 'Only the Hono app (worker/index.ts) mounts route modules; shared code lives outside worker/routes/.',
      from: { path: '^worker/', pathNot: '^worker/(index\\.ts|routes/)' },
      to: { path: '^worker/routes/' },
    },
    {
      name: 'routes-do-not-import-routes',
      severity: 'error',
      comment: 'A route module is one resource; what two resources share lives outside worker/routes/.',
      from: { path: '^worker/routes/([^/]+)\\.ts$' },
      to: { path: '^worker/routes/', pathNot: '^worker/routes/$1\\.ts$' },
    },
    {
      name: 'client-not-worker',
      severity: 'error',
      comment: 'The browser code never imports the worker.',
      from: { path: '^client/' },
      to: { path: '^worker/' },
    },
    {
      name: 'worker-not-client',
      severity: 'error',
      comment: 'The worker renders pages only through the #render-* entries that package.json names.',
      from: { path: '^worker/' },
      to: { path: '^client/', pathNot: '^client/render-(island|content)\\.tsx$' },
    },
    {
      name: 'code-not-tests',
      severity: 'error',
      comment: 'Product code never imports test code.',
      from: { path: '^(site|worker|client|scripts)/' },
      to: { path: '^test/' },
    },
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
