import { readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

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
