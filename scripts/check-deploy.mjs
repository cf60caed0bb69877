// `npm run check:deploy`: checks that a deploy would work. For production (CLOUDFLARE_ENV=production
// or `--env production`) it first refuses while site/ still holds example data (site/example-data.ts),
// naming what to fill in, since a shop must not go live under an invented organiser or speakers.
// Then, in every environment, it runs wrangler's dry run with the given arguments.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runnerImport } from 'vite';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const envIndex = args.findIndex((a) => a === '--env' || a === '-e');
const envArg = envIndex >= 0 ? args[envIndex + 1] : args.find((a) => a.startsWith('--env='))?.slice(6);
const environment = envArg ?? process.env.CLOUDFLARE_ENV;

if (environment === 'production') {
  const { module } = await runnerImport(join(root, 'site/example-data.ts'), { configFile: false, logLevel: 'warn' });
  const pending = module.pendingExamples();
  if (pending.length > 0) {
    console.error('check:deploy: production refused, site/ still holds example data. Fill in:');
    for (const { id, where, what } of pending) console.error(`  - ${id}: ${what}\n      in ${where}`);
    console.error('then set its `example` flag in site/example-data.ts to false.');
    process.exit(1);
  }
  console.log('check:deploy: no example data left in site/');
}

const result = spawnSync('npx', ['wrangler', 'deploy', '--dry-run', '--outdir', '.wrangler/dry-run', ...args], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
