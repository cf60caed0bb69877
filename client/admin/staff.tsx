import { type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { STAFF_ROLES, type StaffLogEntry, type StaffMember, type StaffRole } from '../../site/staff';
import { useLanguage } from '../lib/use-language';
import { ApiFailure } from './api';
import { DataTable } from './data-table';
import { fieldErrorsOf, ScreenHead, useAction, useFields } from './form-kit';
import { dateTime } from './format';
import { useApi } from './session';
import { LoadState } from './status';

/**
 * Staff (admins only): a person's own console token with a role, shown once when it is made; the
 * people with tokens, each revocable at once; and the staff log, who changed what, newest first.
 * Where Cloudflare Access signs staff in, roles come from the STAFF_ROLES setting instead
 * (docs/staff-and-roles.md); tokens remain for local and test servers.
 */
export function Staff() {
  const { t } = useTranslation('admin');
  const lang = useLanguage();
  const { call } = useApi();
  const { busy, notice, run } = useAction();
  const { ids, show, setErrors, described, field } = useFields('staff', ['name', 'role']);
  const [people, setPeople] = useState<StaffMember[] | null>(null);
  const [log, setLog] = useState<StaffLogEntry[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [made, setMade] = useState<{ member: StaffMember; token: string } | null>(null);

  const load = useCallback(async () => {
    try {
      const [list, entries] = await Promise.all([
        call<{ staff: StaffMember[] }>('/api/admin/staff'),
        call<{ entries: StaffLogEntry[] }>('/api/admin/staff/log?limit=50'),
      ]);
      setPeople(list.staff);
      setLog(entries.entries);
      setError(null);
    } catch (problem) {
      setError(problem);
    }
  }, [call]);
  useEffect(() => {
    void load();
  }, [load]);

  const add = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    setMade(null);
    const body = { name: String(data.get('name') ?? ''), role: String(data.get('role') ?? '') };
    await run(
      async () => {
        try {
          setMade(await call<{ member: StaffMember; token: string }>('/api/admin/staff', { method: 'POST', body }));
          setErrors({});
          form.reset();
        } finally {
          await load();
        }
        return undefined;
      },
      (problem) => {
        const fields = fieldErrorsOf(problem);
        if (fields) show(fields);
        else if (problem instanceof ApiFailure && problem.code === 'name_taken') show({ name: 'name_taken' });
        else return undefined;
        return null;
      },
    );
  };

  const revoke = async (member: StaffMember) => {
    if (!window.confirm(t('staff.confirmRevoke', { name: member.name }))) return;
    await run(
      async () => {
        try {
          await call(`/api/admin/staff/${member.id}`, { method: 'DELETE' });
        } finally {
          await load();
        }
        return t('staff.revoked', { name: member.name });
      },
      (problem) =>
        problem instanceof ApiFailure && problem.code === 'already_revoked'
          ? t('staff.alreadyRevoked', { name: member.name })
          : undefined,
    );
  };

  return (
    <>
      <ScreenHead title={t('staff.title')} intro={t('staff.intro')} notice={notice} />

      <section aria-labelledby={`${ids}-add`}>
        <h2 id={`${ids}-add`}>{t('staff.add')}</h2>
        <form className="console-form console-staff-form" onSubmit={add} noValidate>
          {field(
            'name',
            t('staff.name'),
            <input {...described('name')} name="name" autoComplete="off" maxLength={60} required />,
          )}
          {field(
            'role',
            t('staff.role'),
            <select {...described('role', true)} name="role" defaultValue="door">
              {STAFF_ROLES.map((role) => (
                <option key={role} value={role}>
                  {t(`roles.${role}`)}
                </option>
              ))}
            </select>,
            t('staff.roleHint'),
          )}
          <button type="submit" className="console-button" disabled={busy}>
            {t('staff.create')}
          </button>
        </form>
        {made && <NewToken name={made.member.name} role={made.member.role} token={made.token} />}
      </section>

      <LoadState error={error} loading={!people && !error} retry={load} />
      {people && (
        <section aria-labelledby={`${ids}-people`}>
          <h2 id={`${ids}-people`}>{t('staff.people')}</h2>
          <DataTable<StaffMember>
            caption={t('staff.people')}
            captionHidden
            rows={people}
            rowKey={(member) => member.id}
            empty={t('staff.none')}
            columns={[
              { id: 'name', header: t('staff.name'), rowHeader: true, cell: (member) => member.name },
              { id: 'role', header: t('staff.role'), cell: (member) => t(`roles.${member.role}`) },
              {
                id: 'created',
                header: t('staff.created'),
                sortBy: (member) => member.createdAt,
                cell: (member) => `${dateTime(lang, member.createdAt)} · ${member.createdBy}`,
              },
              {
                id: 'used',
                header: t('staff.lastUsed'),
                sortBy: (member) => member.lastUsedAt,
                cell: (member) => (member.lastUsedAt ? dateTime(lang, member.lastUsedAt) : t('staff.never')),
              },
              {
                id: 'state',
                header: t('staff.state'),
                cell: (member) =>
                  member.revokedAt
                    ? t('staff.revokedAt', { at: dateTime(lang, member.revokedAt), by: member.revokedBy })
                    : t('staff.active'),
              },
              {
                id: 'actions',
                header: t('staff.actions'),
                headerHidden: true,
                cell: (member) =>
                  member.revokedAt ? null : (
                    <button
                      type="button"
                      className="console-button console-button--danger"
                      disabled={busy}
                      onClick={() => revoke(member)}
                    >
                      {t('staff.revoke', { name: member.name })}
                    </button>
                  ),
              },
            ]}
          />
        </section>
      )}
      {log && (
        <section aria-labelledby={`${ids}-log`}>
          <h2 id={`${ids}-log`}>{t('staff.log')}</h2>
          <p className="console-muted">{t('staff.logIntro')}</p>
          <DataTable<StaffLogEntry>
            caption={t('staff.log')}
            captionHidden
            rows={log}
            rowKey={(entry) => entry.seq}
            empty={t('staff.logEmpty')}
            columns={[
              { id: 'at', header: t('staff.at'), rowHeader: true, cell: (entry) => dateTime(lang, entry.at) },
              {
                id: 'who',
                header: t('staff.who'),
                cell: (entry) => `${entry.actor} · ${t(`roles.${entry.role}`)}`,
                className: 'console-break',
              },
              {
                id: 'what',
                header: t('staff.what'),
                wide: true,
                className: 'console-break',
                cell: (entry) => (
                  <>
                    <code translate="no">
                      {entry.method} {entry.path}
                    </code>
                    {entry.detail ? ` · ${entry.detail}` : ''}
                  </>
                ),
              },
              {
                id: 'result',
                header: t('staff.result'),
                cell: (entry) =>
                  entry.status === 403
                    ? t('staff.refused')
                    : entry.status < 400
                      ? t('staff.done')
                      : t('staff.failed', { status: entry.status }),
              },
            ]}
          />
        </section>
      )}
    </>
  );
}

/** A new token, shown this once: to copy and hand to the person; the server keeps only its hash. */
function NewToken({ name, role, token }: { name: string; role: StaffRole; token: string }) {
  const { t } = useTranslation('admin');
  const id = useId();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(token);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <div className="console-ok console-new-token" role="status">
      <p>{t('staff.made', { name, role: t(`roles.${role}`) })}</p>
      <label htmlFor={id}>{t('staff.token')}</label>
      <input id={id} readOnly value={token} translate="no" onFocus={(event) => event.currentTarget.select()} />
      <p className="console-hint">{t('staff.tokenOnce')}</p>
      <button type="button" className="console-button console-button--quiet" onClick={copy}>
        {copied ? t('staff.copied') : t('staff.copy')}
      </button>
    </div>
  );
}
