/**
 * Decodes RFC 2047 encoded-words (UTF-8, Q) as a mail reader does (worker/email/headers.ts writes
 * them): whitespace between two encoded-words is dropped.
 */
export function decodeWords(value: string): string {
  return value.replace(/\?=\s+=\?/g, '?==?').replace(/=\?UTF-8\?Q\?([^?]*)\?=/g, (_, text: string) => {
    const bytes: number[] = [];
    for (let i = 0; i < text.length; i++) {
      if (text[i] === '=') {
        bytes.push(Number.parseInt(text.slice(i + 1, i + 3), 16));
        i += 2;
      } else bytes.push((text[i] === '_' ? ' ' : (text[i] as string)).charCodeAt(0));
    }
    return new TextDecoder().decode(new Uint8Array(bytes));
  });
}
