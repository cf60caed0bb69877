import { brandName, EDITION_YEAR, EVENT, SITE_ORIGIN } from '../../site/event';
import { type LanguageCode, language } from '../../site/languages';
import { href } from '../../site/pages';
import { catalogue } from '../catalogues';
import { type Session, textsIn } from './schema';
import type { PublishedContent } from './store';

/**
 * The programme in the c3voc schedule format (schedule.json and schedule.xml) that pretalx and
 * frab publish and conference apps (Giggity, EventFahrplan) read. Shapes follow the schema and
 * XSD of voc/schedule `validator/`, vendored under test/vendor/c3voc-schedule/, which the tests
 * validate these exports against.
 */

/** The edition's acronym: lower-case letters and digits only, as both the schema and the XSD allow. */
export const ACRONYM = `kongresai${EDITION_YEAR}`;

const SHA1_NAMESPACE_URL = '6ba7b811-9dad-11d1-80b4-00c04fd430c8';

/** A name-based UUID (version 5, URL namespace): the same record always gets the same guid. */
async function uuid5(name: string): Promise<string> {
  const namespace = SHA1_NAMESPACE_URL.replace(/-/g, '')
    .match(/../g)
    ?.map((h) => Number.parseInt(h, 16)) as number[];
  const bytes = new Uint8Array([...namespace, ...new TextEncoder().encode(name)]);
  const hash = new Uint8Array(await crypto.subtle.digest('SHA-1', bytes)).slice(0, 16);
  hash[6] = ((hash[6] ?? 0) & 0x0f) | 0x50;
  hash[8] = ((hash[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...hash].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A stable positive number for the legacy `id` fields, six digits so the slugs stay long enough. */
function numericId(key: string): number {
  let hash = 2166136261;
  for (const char of key) hash = Math.imul(hash ^ (char.codePointAt(0) ?? 0), 16777619) >>> 0;
  return 100_000 + (hash % 900_000);
}

const kebab = (id: string) =>
  id
    .replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)
    .replace(/[^a-z0-9-]/g, '-')
    .replace(/^-+|-+$/g, '');

const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const hhmm = (total: number) =>
  `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
const instant = (time: string) => `${EVENT.date}T${time}:00${EVENT.utcOffset}`;

type ExportEvent = {
  id: number;
  guid: string;
  session: Session & { id: string };
  title: string;
  abstract: string;
  room: string;
  track: string;
  url: string;
  slug: string;
  persons: { name: string; guid: string; biography: string }[];
};

/** The schedule's data in one language, shared by both formats. */
async function scheduleModel(content: PublishedContent, lang: LanguageCode) {
  const events = catalogue('events', lang);
  const programUrl = `${SITE_ORIGIN}${href(lang, 'program')}`;
  const speakers = new Map(content.speakers.map((s) => [s.id, s]));
  const sessions = [...content.sessions].sort((a, b) => a.start.localeCompare(b.start) || a.id.localeCompare(b.id));
  const list: ExportEvent[] = [];
  for (const session of sessions) {
    const texts = textsIn(session.texts, lang);
    const persons = [];
    for (const id of session.speakers) {
      const person = speakers.get(id);
      if (!person) continue;
      persons.push({
        name: person.name,
        guid: await uuid5(`${SITE_ORIGIN}/content/speakers/${id}`),
        biography: textsIn(person.texts, lang).bio,
      });
    }
    const number = numericId(session.id);
    list.push({
      id: number,
      guid: await uuid5(`${SITE_ORIGIN}/content/sessions/${session.id}`),
      session,
      title: texts.title,
      abstract: texts.abstract,
      room: events.program.rooms[session.room],
      track: events.program.tracks[session.track].name,
      url: `${programUrl}#session-${session.id}`,
      slug: `${ACRONYM}-${number}-${kebab(session.id) || 'session'}`,
      persons,
    });
  }
  const roomIds = [...new Set(sessions.map((s) => s.room))];
  const rooms = await Promise.all(
    roomIds.map(async (id) => ({
      id,
      name: events.program.rooms[id],
      guid: await uuid5(`${SITE_ORIGIN}/rooms/${id}`),
    })),
  );
  const tracks = (['business', 'technology'] as const).map((id) => ({
    slug: id,
    name: events.program.tracks[id].name,
  }));
  return {
    title: `${brandName()} ${EDITION_YEAR}`,
    lang,
    programUrl,
    rooms,
    tracks,
    events: list,
    dayStart: instant(EVENT.startTime),
    dayEnd: instant(EVENT.endTime),
  };
}

/** The schedule as c3voc schedule JSON, in one language (texts missing in it fall back to Polish). */
export async function scheduleJson(content: PublishedContent, lang: LanguageCode, version: string) {
  const model = await scheduleModel(content, lang);
  return {
    $schema: 'https://c3voc.de/schedule/schema.json',
    generator: { name: brandName(), version },
    schedule: {
      version,
      base_url: `${SITE_ORIGIN}/`,
      conference: {
        acronym: ACRONYM,
        title: model.title,
        start: EVENT.date,
        end: EVENT.date,
        daysCount: 1,
        timeslot_duration: '00:05',
        time_zone_name: EVENT.timeZone,
        url: model.programUrl,
        tracks: model.tracks,
        rooms: model.rooms.map((r) => ({ name: r.name, guid: r.guid })),
        days: [
          {
            index: 1,
            date: EVENT.date,
            day_start: model.dayStart,
            day_end: model.dayEnd,
            rooms: Object.fromEntries(
              model.rooms.map((room) => [
                room.name,
                model.events
                  .filter((e) => e.session.room === room.id)
                  .map((e) => ({
                    id: e.id,
                    guid: e.guid,
                    logo: null,
                    date: instant(e.session.start),
                    start: e.session.start,
                    duration: hhmm(minutes(e.session.end) - minutes(e.session.start)),
                    room: e.room,
                    slug: e.slug,
                    url: e.url,
                    title: e.title,
                    subtitle: '',
                    track: e.track,
                    type: 'Talk',
                    language: language(lang).code === 'pl' ? 'pl' : lang.slice(0, 2),
                    abstract: e.abstract,
                    description: e.abstract,
                    recording_license: '',
                    do_not_record: false,
                    persons: e.persons,
                    links: [],
                    attachments: [],
                  })),
              ]),
            ),
          },
        ],
      },
    },
  };
}

/** Text for XML content and attribute values: markup characters escaped, characters XML forbids dropped. */
export function xmlText(value: string): string {
  return (
    value
      // biome-ignore lint/suspicious/noControlCharactersInRegex: XML 1.0 allows none of these
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;')
  );
}

/** The schedule as c3voc schedule XML (the frab/pentabarf format), in one language. */
export async function scheduleXml(content: PublishedContent, lang: LanguageCode, version: string): Promise<string> {
  const model = await scheduleModel(content, lang);
  const x = xmlText;
  const out: string[] = ['<?xml version="1.0" encoding="UTF-8"?>', '<schedule>'];
  out.push(`  <generator name="${x(brandName())}" version="${x(version)}"/>`);
  out.push(`  <url>${x(`${SITE_ORIGIN}/schedule.xml`)}</url>`);
  out.push(`  <version>${x(version)}</version>`);
  out.push('  <conference>');
  out.push(`    <title>${x(model.title)}</title>`);
  out.push(`    <acronym>${ACRONYM}</acronym>`);
  out.push(`    <start>${EVENT.date}</start>`);
  out.push(`    <end>${EVENT.date}</end>`);
  out.push('    <days>1</days>');
  out.push('    <timeslot_duration>00:05</timeslot_duration>');
  out.push(`    <base_url>${x(`${SITE_ORIGIN}/`)}</base_url>`);
  out.push(`    <url>${x(model.programUrl)}</url>`);
  out.push(`    <time_zone_name>${EVENT.timeZone}</time_zone_name>`);
  for (const track of model.tracks) out.push(`    <track name="${x(track.name)}" slug="${track.slug}"/>`);
  out.push('  </conference>');
  out.push(`  <day index="1" date="${EVENT.date}" start="${model.dayStart}" end="${model.dayEnd}">`);
  for (const room of model.rooms) {
    out.push(`    <room name="${x(room.name)}" guid="${room.guid}">`);
    for (const e of model.events.filter((event) => event.session.room === room.id)) {
      out.push(`      <event id="${e.id}" guid="${e.guid}">`);
      out.push(`        <date>${instant(e.session.start)}</date>`);
      out.push(`        <start>${e.session.start}</start>`);
      out.push(`        <duration>${hhmm(minutes(e.session.end) - minutes(e.session.start))}</duration>`);
      out.push(`        <room>${x(e.room)}</room>`);
      out.push(`        <slug>${e.slug}</slug>`);
      out.push(`        <url>${x(e.url)}</url>`);
      out.push(`        <title>${x(e.title)}</title>`);
      out.push('        <subtitle></subtitle>');
      out.push(`        <track>${x(e.track)}</track>`);
      out.push('        <type>Talk</type>');
      out.push(`        <language>${lang === 'pl' ? 'pl' : lang.slice(0, 2)}</language>`);
      out.push(`        <abstract>${x(e.abstract)}</abstract>`);
      out.push(`        <description>${x(e.abstract)}</description>`);
      out.push('        <persons>');
      for (const p of e.persons) out.push(`          <person guid="${p.guid}">${x(p.name)}</person>`);
      out.push('        </persons>');
      out.push('        <links></links>');
      out.push('      </event>');
    }
    out.push('    </room>');
  }
  out.push('  </day>');
  out.push('</schedule>');
  return `${out.join('\n')}\n`;
}
