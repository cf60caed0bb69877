import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiFailure } from './api';
import { Button, Field, type Notice, ScreenHead, Select } from './form-kit';
import { useApi } from './session';
import { LoadState } from './status';
import { useLoad } from './use-load';

type Source = { kind: 'stream'; uid: string } | { kind: 'url'; url: string };
type Material = { id: number; subject: string; kind: 'file' | 'link'; title: string; value: string };
type Settings = {
  tracks: string[];
  sessions: { id: string; title: string; track: string; start: string; end: string }[];
  workshops: { id: string; title: string }[];
  extras: ('networking' | 'expertQa')[];
  sources: Record<string, Partial<Record<'live' | 'recording', Source>>>;
  materials: Material[];
};

/**
 * Online access (`/api/admin/online`): each track's stream, each session's recording and materials,
 * each workshop's stream, recording and materials, and the links of the networking app and the
 * experts' Q&A. A save applies to the next click on any holder's join link; nothing is deployed or
 * e-mailed. A refused save keeps what was typed and names the field.
 */
export function Online() {
  const { t } = useTranslation('admin');
  const { value: settings, error, load } = useLoad<Settings>('/api/admin/online');
  const [notice, setNotice] = useState<Notice>(null);

  const failed = (problem: unknown) => {
    const detail =
      problem instanceof ApiFailure
        ? [
            problem.code,
            ...Object.entries((problem.details.fields as Record<string, string>) ?? {}).map(([f, c]) => `${f}: ${c}`),
          ].join(', ')
        : String(problem);
    setNotice({ ok: false, text: t('online.failed', { error: detail }) });
  };
  const saved = async (name: string) => {
    setNotice({ ok: true, text: t('online.saved', { name }) });
    await load();
  };

  const subjects = settings && {
    tracks: settings.tracks.map((id) => ({ subject: `track:${id}`, name: t(`content.tracks.${id as 'business'}`) })),
    sessions: settings.sessions.map((s) => ({ subject: `session:${s.id}`, name: `${s.start}–${s.end} ${s.title}` })),
    workshops: settings.workshops.map((w) => ({ subject: `workshop:${w.id}`, name: w.title })),
    extras: settings.extras.map((id) => ({ subject: `extra:${id}`, name: t(`online.extraNames.${id}`) })),
  };
  const parts = [
    ['tracks', ['live'], false],
    ['sessions', ['recording'], true],
    ['workshops', ['live', 'recording'], true],
    ['extras', ['live'], false],
  ] as const;

  return (
    <>
      <ScreenHead title={t('online.title')} intro={t('online.intro')} notice={notice} />
      <LoadState error={error} loading={!settings && !error} retry={load} />
      {settings &&
        subjects &&
        parts.map(([part, roles, withMaterials]) => (
          <section key={part} aria-labelledby={`online-${part}`} className="online-part">
            <h2 id={`online-${part}`}>{t(`online.${part}`)}</h2>
            {subjects[part].length === 0 && <p className="console-muted">{t('online.empty')}</p>}
            {subjects[part].map(({ subject, name }) => (
              <article key={subject} className="online-subject" aria-labelledby={`${subject}-name`}>
                <h3 id={`${subject}-name`}>{name}</h3>
                {roles.map((role) => (
                  <SourceForm
                    key={`${subject}:${role}:${JSON.stringify(settings.sources[subject]?.[role] ?? null)}`}
                    subject={subject}
                    role={role}
                    name={name}
                    current={settings.sources[subject]?.[role] ?? null}
                    onSaved={saved}
                    onFailed={failed}
                  />
                ))}
                {withMaterials && (
                  <Materials
                    subject={subject}
                    name={name}
                    materials={settings.materials.filter((m) => m.subject === subject)}
                    onSaved={saved}
                    onFailed={failed}
                  />
                )}
              </article>
            ))}
          </section>
        ))}
    </>
  );
}

type Handlers = { onSaved: (name: string) => Promise<void>; onFailed: (problem: unknown) => void };

function SourceForm({
  subject,
  role,
  name,
  current,
  onSaved,
  onFailed,
}: { subject: string; role: 'live' | 'recording'; name: string; current: Source | null } & Handlers) {
  const { t } = useTranslation('admin');
  const { call } = useApi();
  const [kind, setKind] = useState<'none' | Source['kind']>(current?.kind ?? 'none');
  const [busy, setBusy] = useState(false);
  const id = `${subject}-${role}`;
  // The app's and the Q&A's source is a link to open, not a stream.
  const roleName = subject.startsWith('extra:') ? t('online.roles.link') : t(`online.roles.${role}`);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = String(new FormData(event.currentTarget).get('value') ?? '').trim();
    const source = kind === 'none' ? null : kind === 'stream' ? { kind, uid: value } : { kind, url: value };
    setBusy(true);
    try {
      await call(`/api/admin/online/sources/${subject}/${role}`, { method: 'PUT', body: { source } });
      await onSaved(`${name} · ${roleName}`);
    } catch (problem) {
      onFailed(problem);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="online-source" onSubmit={submit} aria-label={`${name} · ${roleName}`}>
      <Field id={`${id}-kind`} label={`${roleName}: ${t('online.kind')}`}>
        <Select
          id={`${id}-kind`}
          value={kind}
          onChange={(e) => setKind(e.target.value as typeof kind)}
          options={(['none', 'stream', 'url'] as const).map((k) => [k, t(`online.kinds.${k}`)])}
        />
      </Field>
      {kind !== 'none' && (
        <Field id={`${id}-value`} label={kind === 'stream' ? t('online.uid') : t('online.url')}>
          <input
            id={`${id}-value`}
            name="value"
            required
            defaultValue={current ? (current.kind === 'stream' ? current.uid : current.url) : ''}
            inputMode={kind === 'url' ? 'url' : 'text'}
            spellCheck={false}
            autoComplete="off"
          />
        </Field>
      )}
      <Button type="submit" disabled={busy}>
        {t('online.save')}
      </Button>
    </form>
  );
}

function Materials({
  subject,
  name,
  materials,
  onSaved,
  onFailed,
}: { subject: string; name: string; materials: Material[] } & Handlers) {
  const { t } = useTranslation('admin');
  const { call } = useApi();
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<unknown>, form?: HTMLFormElement) => {
    setBusy(true);
    try {
      await work();
      form?.reset();
      await onSaved(`${name} · ${t('online.materials')}`);
    } catch (problem) {
      onFailed(problem);
    } finally {
      setBusy(false);
    }
  };
  const addLink = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    void run(
      () =>
        call(`/api/admin/online/materials/${subject}/links`, {
          method: 'POST',
          body: { title: String(data.get('title') ?? ''), url: String(data.get('url') ?? '') },
        }),
      form,
    );
  };
  const addFile = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const file = data.get('file');
    if (!(file instanceof File) || file.size === 0) return;
    const title = encodeURIComponent(String(data.get('title') ?? ''));
    void run(() => call(`/api/admin/online/materials/${subject}/files?title=${title}`, { method: 'POST', file }), form);
  };
  const id = `${subject}-materials`;
  return (
    <div className="online-materials">
      <h4>{t('online.materials')}</h4>
      {materials.length === 0 ? (
        <p className="console-muted">{t('online.noMaterials')}</p>
      ) : (
        <ul>
          {materials.map((m) => (
            <li key={m.id}>
              {m.kind === 'link' ? <a href={m.value}>{m.title}</a> : <span>{m.title}</span>}{' '}
              <Button
                look="quiet"
                disabled={busy}
                onClick={() => void run(() => call(`/api/admin/online/materials/${m.id}`, { method: 'DELETE' }))}
              >
                {t('online.remove', { title: m.title })}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <details className="online-add">
        <summary>{t('online.addMaterial')}</summary>
        <form className="online-source" onSubmit={addLink}>
          <Field id={`${id}-link-title`} label={t('online.linkTitle')}>
            <input id={`${id}-link-title`} name="title" required maxLength={160} />
          </Field>
          <Field id={`${id}-link-url`} label={t('online.linkUrl')}>
            <input id={`${id}-link-url`} name="url" type="url" required spellCheck={false} />
          </Field>
          <Button type="submit" disabled={busy}>
            {t('online.addLink')}
          </Button>
        </form>
        <form className="online-source" onSubmit={addFile}>
          <Field id={`${id}-file-title`} label={t('online.fileTitle')}>
            <input id={`${id}-file-title`} name="title" required maxLength={160} />
          </Field>
          <Field id={`${id}-file`} label={t('online.file')}>
            <input
              id={`${id}-file`}
              name="file"
              type="file"
              required
              accept=".pdf,.pptx,.docx,.xlsx,.zip,.txt,.csv,.png,.jpg,.jpeg"
            />
          </Field>
          <Button type="submit" disabled={busy}>
            {t('online.addFile')}
          </Button>
        </form>
      </details>
    </div>
  );
}
