import { readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, serverEvents } from './helpers';

/** Text files the local e-mail binding wrote (miniflare keeps them under the system temp folder), newest first. */
export function mailTexts(): string[] {
  const files: string[] = [];
  for (const dir of readdirSync(tmpdir())) {
    if (!dir.startsWith('miniflare-')) continue;
    const texts = join(tmpdir(), dir, 'files', 'email-text');
    try {
      for (const file of readdirSync(texts)) files.push(join(texts, file));
    } catch {}
  }
  return files.sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
}

/** The path (and query) of the newest link to `prefix` in an e-mail the server wrote, polled until one is there. */
export async function linkInMail(prefix: string): Promise<string> {
  const pattern = new RegExp(`https?://[^\\s]+${prefix.replace(/[/]/g, '\\/')}[^\\s]*`);
  let found = '';
  await expect
    .poll(
      () => {
        for (const file of mailTexts()) {
          const match = readFileSync(file, 'utf8').match(pattern);
          if (match) {
            found = match[0];
            return true;
          }
        }
        return false;
      },
      { timeout: 30_000, message: serverEvents() },
    )
    .toBe(true);
  const url = new URL(found);
  return url.pathname + url.search;
}
