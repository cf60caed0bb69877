import { type FormEvent, type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { venueDay } from '../../site/format';
import { Button, type Notice, Outcome, type useAction, type useFields } from './form-kit';

// What the finance screens record about money that moved outside the system (a credit sent back,
// a refund sent by transfer) share: a form that opens under its list with the focus on its
// heading, the day the money left and the bank's reference, checked the same way.

/** Today at the venue, as a date field holds it: the day money left is the box office's day. */
export const today = () => venueDay(Date.now());

type Fields = ReturnType<typeof useFields>;

/** What a list gives the form it opens for a row: its action (busy, outcome, run), and what closing and a change do. */
export type RowFormProps = {
  action: ReturnType<typeof useAction>;
  onCancel: () => void;
  /** After a change: the form closes and the list is read again. */
  onDone: () => Promise<void>;
};

/**
 * A form for one row of a list, opened under it: its heading takes the focus (so a keyboard or
 * screen reader is there too), the last action's outcome is announced in it, and it closes without
 * sending.
 */
export function RecordForm({
  fields,
  heading,
  level: Heading,
  intro,
  notice,
  busy,
  submit,
  close,
  onSubmit,
  onCancel,
  children,
}: {
  fields: Fields;
  heading: string;
  /** The heading's level: under the screen's title, or under a section's heading. */
  level: 'h2' | 'h3';
  intro: ReactNode;
  notice: Notice;
  busy: boolean;
  /** The submit button's words, and while it sends. */
  submit: { label: string; busy: string };
  close: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onCancel: () => void;
  children: ReactNode;
}) {
  const focused = useRef<HTMLHeadingElement>(null);
  useEffect(() => focused.current?.focus(), []);
  return (
    <form
      className="console-panel console-record"
      aria-labelledby={`${fields.ids}-title`}
      onSubmit={onSubmit}
      noValidate
    >
      <Heading id={`${fields.ids}-title`} tabIndex={-1} ref={focused}>
        {heading}
      </Heading>
      {intro}
      <Outcome notice={notice} />
      <fieldset className="console-mark-paid__fields">
        {children}
        <div className="console-actions">
          <Button type="submit" disabled={busy}>
            {busy ? submit.busy : submit.label}
          </Button>
          <Button look="quiet" onClick={onCancel}>
            {close}
          </Button>
        </div>
      </fieldset>
    </form>
  );
}

/** The day the money was sent (not after today, nor before `after`) and the bank's reference. */
export function SentFields({ fields, texts, after }: { fields: Fields; texts: 'credits' | 'refunds'; after?: string }) {
  const { t } = useTranslation('admin');
  return (
    <>
      {fields.field(
        'on',
        t(`${texts}.on`),
        <input type="date" defaultValue={today()} min={after} max={today()} {...fields.control('on')} />,
      )}
      {fields.field(
        'reference',
        t(`${texts}.reference`),
        <input maxLength={140} autoComplete="off" {...fields.control('reference')} />,
      )}
    </>
  );
}

/** The sent day and reference of the form's data, their errors added to `found`. */
export function sentOf(data: FormData, found: Record<string, string>, after?: string) {
  const on = String(data.get('on') ?? '');
  const reference = String(data.get('reference') ?? '').trim();
  if (!on) found.on = 'required';
  else if (on > today()) found.on = 'in_future';
  else if (after && on < after) found.on = 'before_credit';
  if (!reference) found.reference = 'required';
  return { on, reference };
}
