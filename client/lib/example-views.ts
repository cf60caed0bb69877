import type { TFunction } from 'i18next';
import { anchorOf, type SessionView, type SpeakerView, type WorkshopView } from '../../site/content-view';
import { isExample } from '../../site/example-data';
import { ROOMS, type Session, TRACKS } from '../../site/program';
import { SPEAKERS, speaker } from '../../site/speakers';
import { WORKSHOPS } from '../../site/workshops';

/**
 * The example lists of site/ as the cards show them, for the build's pages: the fallback that the
 * worker's pages rendered from the content store replace (worker/content/pages.ts).
 */
export function exampleSpeakerViews(t: TFunction<'events'>): SpeakerView[] {
  return SPEAKERS.map((s) => ({
    anchor: anchorOf(s.id),
    name: s.name,
    drawing: s.image,
    role: t(`speakers.people.${s.id}.role`),
    bio: t(`speakers.people.${s.id}.bio`),
    topics: s.topics.map((topic) => t(`speakers.topics.${topic}`)),
    links: { linkedin: s.linkedin, x: s.x },
    example: isExample('speakers'),
  }));
}

function sessionView(t: TFunction<'events'>, session: Session): SessionView {
  return {
    id: session.id,
    start: session.start,
    end: session.end,
    room: session.room,
    seats: ROOMS[session.room].seats,
    title: t(`program.sessions.${session.id}.title`),
    abstract: t(`program.sessions.${session.id}.abstract`),
    speakers: session.speakers.map((id) => ({ name: speaker(id).name, anchor: anchorOf(id) })),
    calendar: true,
    example: isExample('program'),
  };
}

/** Each track's example sessions, in time order. */
export function exampleSessionViews(t: TFunction<'events'>): Record<(typeof TRACKS)[number]['id'], SessionView[]> {
  return Object.fromEntries(TRACKS.map((track) => [track.id, track.sessions.map((s) => sessionView(t, s))])) as Record<
    (typeof TRACKS)[number]['id'],
    SessionView[]
  >;
}

/** The example workshops, in the order of site/. */
export function exampleWorkshopViews(t: TFunction<'events'>): WorkshopView[] {
  return WORKSHOPS.map((w) => ({
    id: w.id,
    category: w.category,
    level: w.level,
    durationHours: w.durationHours,
    capacity: w.capacity,
    title: t(`workshops.items.${w.id}.title`),
    text: t(`workshops.items.${w.id}.text`),
    prerequisites: w.prerequisites.map((p) => t(`workshops.prerequisites.${p}`)),
    instructor: { name: speaker(w.instructor).name, anchor: anchorOf(w.instructor) },
    example: isExample('workshops'),
  }));
}
