// `npm run check:deploy`: checks that a deploy would work. For production (CLOUDFLARE_ENV=production
// or `--env production`) it first refuses while site/ still holds example data (site/example-data.ts),
// naming what to fill in, and while the content store publishes a record still marked as an example
// (it asks the store itself, through `wrangler d1 execute`), since a shop must not go live under an
// invented organiser or speakers. Then, in every environment, it runs wrangler's dry run.
//
// The store asked is the production database (`--remote`, after `wrangler login`);
// `CONTENT_STORE=local` asks the local one under PERSIST_DIR (default .wrangler/state) instead.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runnerImport } from 'vite';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const envIndex = args.findIndex((a) => a === '--env' || a === '-e');
const envArg = envIndex >= 0 ? args[envIndex + 1] : args.find((a) => a.startsWith('--env='))?.slice(6);
const environment = envArg ?? process.env.CLOUDFLARE_ENV;

/** The same question as worker/content/store.ts `publishedExamples`. */
const EXAMPLES_SQL =
  'SELECT kind, id FROM content_records WHERE published IS NOT NULL AND example = 1 ORDER BY kind, id';

/**
 * The published records the store still marks as examples, or an error text when the store could
 * not be asked. A store whose tables do not exist yet has published nothing.
 */
function storeExamples() {
  const local = process.env.CONTENT_STORE === 'local';
  const where = local
    ? ['--local', '--persist-to', process.env.PERSIST_DIR || '.wrangler/state']
    : ['--remote', '--env', 'production'];
  const run = spawnSync(
    'npx',
    ['wrangler', 'd1', 'execute', 'CONTENT_DB', ...where, '--json', '--command', EXAMPLES_SQL],
    { cwd: root, encoding: 'utf8', env: { ...process.env, CLOUDFLARE_ENV: local ? '' : 'production' } },
  );
  const output = `${run.stdout}\n${run.stderr}`;
  if (/no such table: content_records/.test(output)) return { records: [] };
  if (run.status !== 0) return { error: output.trim().split('\n').slice(-5).join('\n') };
  try {
    const [first] = JSON.parse(run.stdout);
    return { records: first?.results ?? [] };
  } catch {
    return { error: run.stdout.trim().slice(0, 500) };
  }
}

if (environment === 'production') {
  // Both questions are asked, so one run names everything left to do.
  let refused = false;
  const { module } = await runnerImport(join(root, 'site/example-data.ts'), { configFile: false, logLevel: 'warn' });
  const pending = module.pendingExamples();
  if (pending.length > 0) {
    refused = true;
    console.error('check:deploy: production refused, site/ still holds example data. Fill in:');
    for (const { id, where, what } of pending) console.error(`  - ${id}: ${what}\n      in ${where}`);
    console.error('then set its `example` flag in site/example-data.ts to false.');
  } else console.log('check:deploy: no example data left in site/');
  const store = storeExamples();
  if (store.error) {
    refused = true;
    console.error('check:deploy: production refused, the content store could not be asked for examples:');
    console.error(store.error);
    console.error('Log in with `npx wrangler login` (or set CLOUDFLARE_API_TOKEN) and try again.');
  } else if (store.records.length > 0) {
    refused = true;
    console.error('check:deploy: production refused, the content store publishes example records:');
    for (const { kind, id } of store.records) console.error(`  - ${kind}/${id}`);
    console.error(
      'In the console (/admin, Content) replace each with real content and clear its "example" mark, or unpublish it.',
    );
  } else console.log('check:deploy: the content store publishes no example record');
  if (refused) process.exit(1);
}

const result = spawnSync('npx', ['wrangler', 'deploy', '--dry-run', '--outdir', '.wrangler/dry-run', ...args], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
