import { describe, expect, it } from 'vitest';
import { drawing } from '../../client/lib/images';
import pl from '../../locales/pl/events.json';
import { AWARD_CATEGORIES } from '../../site/awards';
import { CALENDAR_ENTRIES, calendarSlug } from '../../site/calendar';
import { EVENT, FIGURES } from '../../site/event';
import { ROOMS, SESSIONS, TRACKS } from '../../site/program';
import { SHOWS } from '../../site/shows';
import { SPEAKERS } from '../../site/speakers';
import { WORKSHOPS } from '../../site/workshops';
import { ZONES } from '../../site/zones';

// The event data in site/ against the facts the specification fixes.
describe('event data', () => {
  it('has two tracks of two sessions between 10:00 and 17:15', () => {
    expect(TRACKS).toHaveLength(2);
    for (const track of TRACKS) expect(track.sessions).toHaveLength(2);
    const times = SESSIONS.flatMap((s) => [s.start, s.end]).sort();
    expect(times[0]).toBe(EVENT.startTime);
    expect(times.at(-1)).toBe('17:15');
    for (const s of SESSIONS) expect(s.start < s.end, s.id).toBe(true);
  });

  it('seats 500 in the main hall and 200 in the other', () => {
    expect(Object.values(ROOMS).map((r) => r.seats)).toEqual([500, 200]);
    expect(new Set(SESSIONS.map((s) => s.room))).toEqual(new Set(Object.keys(ROOMS)));
  });

  it('times the shows as announced', () => {
    expect(SHOWS.map((s) => [s.id, s.start, s.end])).toEqual([
      ['promptAwards', '16:00', '17:00'],
      ['missAi', '17:00', '19:00'],
      ['misterAi', '17:00', '19:00'],
      ['roastAi', '19:30', '21:00'],
    ]);
  });

  it('has as many award categories as the headline figure, each named once', () => {
    expect(AWARD_CATEGORIES).toHaveLength(FIGURES.awardCategories);
    expect(new Set(AWARD_CATEGORIES).size).toBe(AWARD_CATEGORIES.length);
    expect(Object.keys(pl.awards.categories).sort()).toEqual([...AWARD_CATEGORIES].sort());
  });

  it('has the eight themed zones, each named in the catalogue', () => {
    expect(new Set(ZONES).size).toBe(8);
    expect(Object.keys(pl.zones.items).sort()).toEqual([...ZONES].sort());
  });

  it('has three workshops with the announced categories, durations, capacities and 1-2 prerequisites', () => {
    expect(WORKSHOPS.map((w) => [w.category, w.durationHours, w.capacity])).toEqual([
      ['practical', 4, 25],
      ['technical', 6, 20],
      ['business', 3, 30],
    ]);
    expect(new Set(WORKSHOPS.map((w) => w.level))).toEqual(new Set(['basic', 'intermediate', 'advanced']));
    for (const w of WORKSHOPS) expect(w.prerequisites.length).toBeGreaterThanOrEqual(1);
    for (const w of WORKSHOPS) expect(w.prerequisites.length).toBeLessThanOrEqual(2);
  });

  it('has three sample speakers with their own portraits', () => {
    expect(SPEAKERS).toHaveLength(3);
    for (const s of SPEAKERS) expect(drawing(s.image), s.image).toMatch(/^<svg /);
    expect(new Set(SPEAKERS.map((s) => s.image)).size).toBe(3);
  });

  it('gives every calendar entry a unique slug', () => {
    const slugs = CALENDAR_ENTRIES.map((e) => calendarSlug(e.id));
    expect(new Set(slugs).size).toBe(slugs.length);
    expect(slugs).toContain('congress');
  });
});
