import { latinLetters } from '../../site/format';
import { CHECK_IN_TOKEN_KEY } from '../components/check-in';

/**
 * The organiser's token lives in this tab's session storage under the check-in screen's key, so one
 * login serves the whole console and the door; it is gone when the tab closes.
 */
/** A value this tab keeps in session storage ('' when none, or when storage is disabled). */
function sessionValue(key: string): string {
  try {
    return sessionStorage.getItem(key) ?? '';
  } catch {
    return '';
  }
}

/** Keeps a value for this tab (removes it for null); without storage it lasts as long as the page. */
function keepSessionValue(key: string, value: string | null): void {
  try {
    if (value) sessionStorage.setItem(key, value);
    else sessionStorage.removeItem(key);
  } catch {
    // Storage can be disabled: without the token the organiser logs in again, without the name the
    // history says "organiser".
  }
}

export const storedToken = (): string => sessionValue(CHECK_IN_TOKEN_KEY);
export const storeToken = (token: string | null): void => keepSessionValue(CHECK_IN_TOKEN_KEY, token);

/** Where this tab keeps the name the organiser gave at login, for the content history. */
const NAME_KEY = 'adminName';

/** The name the organiser gave at login ('' when none). */
export const storedName = (): string => sessionValue(NAME_KEY);
export const storeName = (name: string | null): void => keepSessionValue(NAME_KEY, name);

/**
 * The organiser's name as an `X-Organiser` header can carry it: a header holds Latin-1 only, so
 * "Łucja Żak" goes as "Lucja Zak", and only the characters the API keeps (worker/middleware/organisers.ts).
 */
export function organiserHeader(name: string): string {
  return latinLetters(name)
    .replace(/[^A-Za-z0-9 .,'@_-]/g, '')
    .trim()
    .slice(0, 60);
}

/**
 * A refused or failed call: the HTTP status (0 without an answer), the API's error code and the rest
 * of its answer (`fields` of a 422, `expected` of an amount that does not match).
 */
export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(code);
  }
}

/** What a call may carry besides its path: a JSON body, a file's bytes as they are, more headers. */
export type CallInit = { method?: string; body?: unknown; file?: Blob; headers?: Record<string, string> };

/**
 * One call to the organiser API with the bearer token (and the organiser's name, for the content
 * history); JSON in and out, or a file's bytes in with its own type.
 */
export async function callApi<T>(token: string, path: string, init: CallInit = {}): Promise<T> {
  let response: Response;
  const name = organiserHeader(storedName());
  try {
    response = await fetch(path, {
      method: init.method ?? 'GET',
      headers: {
        Authorization: `Bearer ${token}`,
        ...(name ? { 'X-Organiser': name } : {}),
        ...(init.file
          ? { 'Content-Type': init.file.type || 'application/octet-stream' }
          : init.body === undefined
            ? {}
            : { 'Content-Type': 'application/json' }),
        ...init.headers,
      },
      body: init.file ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
      cache: 'no-store',
    });
  } catch {
    throw new ApiFailure(0, 'network');
  }
  if (response.status === 204) return null as T;
  const body = (await response.json().catch(() => null)) as ({ error?: unknown } & Record<string, unknown>) | null;
  if (!response.ok) {
    throw new ApiFailure(response.status, typeof body?.error === 'string' ? body.error : 'error', body ?? {});
  }
  return body as T;
}

/** The file name a download's `Content-Disposition` gives, if it gives one. */
function attachmentName(response: Response): string | null {
  const match = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '');
  return match?.[1] ?? null;
}

/**
 * Fetches a file with the token (an export, an invoice's PDF or XML) and hands it to the browser as
 * a download, named as the server names it, else `filename`.
 */
export async function downloadFile(token: string, path: string, filename: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(path, { headers: { Authorization: `Bearer ${token}` }, cache: 'no-store' });
  } catch {
    throw new ApiFailure(0, 'network');
  }
  if (!response.ok) throw new ApiFailure(response.status, 'error');
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = attachmentName(response) ?? filename;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download by the next task; the blob is not needed after that.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
