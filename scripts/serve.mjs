// Serves the production build (dist/, made by `npm run build`) with wrangler in workerd:
// local KV persisted under .wrangler/state (or PERSIST_DIR), on 127.0.0.1:PORT (default 8787).
import { spawn } from 'node:child_process';
import { existsSync, openSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

if (!existsSync('dist/ai_congress/wrangler.json') && !process.argv.includes('--config')) {
  console.error('No build found: run `npm run build` first (npm start does both).');
  process.exit(1);
}
const port = process.env.PORT || '8787';
const persist = process.env.PERSIST_DIR || '.wrangler/state';
// A port of its own for the inspector, so several servers (tests, a dev run) can run side by side.
const inspector = process.env.INSPECTOR_PORT || String(Number(port) + 10000);
const args = ['dev', '--ip', '127.0.0.1', '--port', port, '--persist-to', persist, '--inspector-port', inspector];
// wrangler dev never fires the cron trigger (wrangler.toml: each minute, publications set for a later
// instant); this script does, through the route that --test-scheduled adds, as production would.
args.push('--test-scheduled');
args.push('--show-interactive-dev-session=false', '--log-level', process.env.WRANGLER_LOG || 'warn');
// The e-mails of local orders link to this server, not to the production site (worker/email/compose.ts).
args.push('--var', `LOCAL_ORIGIN:http://127.0.0.1:${port}`);
// VAT numbers are checked against the VIES fake this server serves itself (worker/tax/vies-fake.ts).
args.push('--var', `VIES_API_BASE:http://127.0.0.1:${port}/_fake/vies`);
// The OSS report's euro rates come from the ECB stand-in this server serves itself (worker/tax/ecb-fake.ts).
args.push('--var', `ECB_API_BASE:http://127.0.0.1:${port}/_fake/ecb`);
// TURNSTILE=test (or =fail): Turnstile on, with Cloudflare's test keys that always pass (or whose
// secret always fails), checked against the siteverify fake this server serves itself
// (worker/turnstile/fake.ts). Unset: off, the honeypot and the rate limits alone (docs/turnstile.md).
if (process.env.TURNSTILE === 'test' || process.env.TURNSTILE === 'fail') {
  const secret =
    process.env.TURNSTILE === 'test' ? '1x0000000000000000000000000000000AA' : '2x0000000000000000000000000000000AA';
  args.push('--var', 'TURNSTILE_SITE_KEY:1x00000000000000000000AA');
  args.push('--var', `TURNSTILE_SECRET_KEY:${secret}`);
  args.push('--var', `TURNSTILE_VERIFY_URL:http://127.0.0.1:${port}/_fake/turnstile/siteverify`);
}
// Anything after the script name goes to wrangler dev, e.g. `--var ADMIN_TOKEN:local-secret`.
args.push(...process.argv.slice(2));
// wrangler's own script, not through npx: a signal then reaches wrangler, which stops workerd.
const wrangler = createRequire(import.meta.url).resolve('wrangler/bin/wrangler.js');
// wrangler's local explorer (/cdn-cgi/explorer) would show the local KV, Durable Object and queue
// state (contact messages, the purchase log) to anyone who can reach the port, without the
// organisers' token: off unless asked for with X_LOCAL_EXPLORER=true.
// No `Request.cf` download either: the worker reads nothing from it, and without network wrangler
// printed a stack trace that looked like a failure on every start.
const env = {
  ...process.env,
  X_LOCAL_EXPLORER: process.env.X_LOCAL_EXPLORER ?? 'false',
  CLOUDFLARE_CF_FETCH_ENABLED: process.env.CLOUDFLARE_CF_FETCH_ENABLED ?? 'false',
};
// SERVER_LOG=<file>: wrangler's and the worker's output go to that file (the browser tests keep
// it, so a failure can be read beside the worker's own account of it).
const output = process.env.SERVER_LOG ? openSync(process.env.SERVER_LOG, 'a') : 'inherit';
const child = spawn(process.execPath, [wrangler, ...args], { stdio: ['ignore', output, output], env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));

// Announce the URL once the worker answers.
const url = `http://127.0.0.1:${port}`;
for (let attempt = 0; attempt < 240; attempt++) {
  try {
    await fetch(`${url}/pl`, { redirect: 'manual' });
    setInterval(() => fetch(`${url}/__scheduled?cron=*+*+*+*+*`).catch(() => {}), 60_000);
    console.log(`\nThe congress site is running at ${url}  (Ctrl+C stops it)\n${firstHour()}`);
    break;
  } catch {
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** What a newcomer needs next: where the console is, whether it has a token, where e-mails go. */
function firstHour() {
  const passed = process.argv.some((arg) => arg.startsWith('ADMIN_TOKEN:'));
  const inFile = existsSync('.dev.vars') && /^\s*ADMIN_TOKEN\s*=\s*\S/m.test(readFileSync('.dev.vars', 'utf8'));
  const token =
    passed || inFile
      ? `with the token you set (${passed ? '--var ADMIN_TOKEN' : '.dev.vars'})`
      : 'off until you set a token: put ADMIN_TOKEN=<any secret> in .dev.vars (see .dev.vars.example) and start again';
  const mail =
    (process.env.WRANGLER_LOG || 'warn') === 'info'
      ? 'E-mails: each one is written to files whose paths wrangler prints below as it sends them.'
      : "E-mails: written to files, not sent; `WRANGLER_LOG=info npm run preview` prints each one's paths.";
  return `Organisers' console: ${url}/admin, ${token}.\n${mail}\n`;
}
