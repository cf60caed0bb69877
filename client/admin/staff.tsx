import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { STAFF_ROLES, type StaffLogEntry, type StaffMember, type StaffRole } from '../../site/staff';
import { useLanguage } from '../lib/use-language';
import { ApiFailure } from './api';
import { actionsColumn, SectionTable } from './data-table';
import { Button, ScreenHead, Section, Select, useAction, useFields } from './form-kit';
import { dateTime } from './format';
import { useApi } from './session';
import { useLoad } from './use-load';

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
  const { setErrors, described, refused, field } = useFields('staff', ['name', 'role']);
  const people = useLoad<StaffMember[]>('/api/admin/staff', 'staff');
  const log = useLoad<StaffLogEntry[]>('/api/admin/staff/log?limit=50', 'entries');
  const [made, setMade] = useState<{ member: StaffMember; token: string } | null>(null);
  const load = () => Promise.all([people.load(), log.load()]);

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
      (problem) => refused(problem, { name_taken: 'name' }),
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

      <Section title={t('staff.add')}>
        <form className="console-form console-staff-form" onSubmit={add} noValidate>
          {field(
            'name',
            t('staff.name'),
            <input {...described('name')} name="name" autoComplete="off" maxLength={60} required />,
          )}
          {field(
            'role',
            t('staff.role'),
            <Select
              {...described('role', true)}
              name="role"
              defaultValue="door"
              options={STAFF_ROLES.map((role) => [role, t(`roles.${role}`)])}
            />,
            t('staff.roleHint'),
          )}
          <Button type="submit" disabled={busy}>
            {t('staff.create')}
          </Button>
        </form>
        {made && <NewToken name={made.member.name} role={made.member.role} token={made.token} />}
      </Section>

      <SectionTable<StaffMember>
        title={t('staff.people')}
        loaded={people}
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
          actionsColumn(t('staff.actions'), (member) =>
            member.revokedAt ? null : (
              <Button look="danger" disabled={busy} onClick={() => revoke(member)}>
                {t('staff.revoke', { name: member.name })}
              </Button>
            ),
          ),
        ]}
      />
      {log.value && (
        <SectionTable<StaffLogEntry>
          title={t('staff.log')}
          intro={<p className="console-muted">{t('staff.logIntro')}</p>}
          rows={log.value}
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
      <Button look="quiet" onClick={copy}>
        {copied ? t('staff.copied') : t('staff.copy')}
      </Button>
    </div>
  );
}
