import type { SpeakerId } from './speakers';

/** Rooms of the venue that host sessions and shows, with their seat counts. */
export const ROOMS = {
  mainHall: { seats: 500 },
  hallB: { seats: 200 },
} as const;
export type RoomId = keyof typeof ROOMS;

/** A local time on the event day, `HH:MM` in Europe/Warsaw. */
export type LocalTime = `${number}:${number}`;

export type Session = {
  id: SessionId;
  start: LocalTime;
  end: LocalTime;
  room: RoomId;
  speakers: readonly SpeakerId[];
};

export type Track = { id: TrackId; icon: 'briefcase' | 'chip'; sessions: readonly Session[] };

export type TrackId = 'business' | 'technology';
export type SessionId = 'aiStrategy' | 'generativeMarketing' | 'llmInProduction' | 'openModelsPanel';

/**
 * The two tracks of the day, each with its sessions in time order. Titles and abstracts are in
 * the `events` catalogue under `program.tracks.<id>` and `program.sessions.<id>`.
 */
export const TRACKS: readonly Track[] = [
  {
    id: 'business',
    icon: 'briefcase',
    sessions: [
      { id: 'aiStrategy', start: '10:00', end: '11:00', room: 'mainHall', speakers: ['ewaLisowska'] },
      { id: 'generativeMarketing', start: '14:00', end: '15:00', room: 'mainHall', speakers: ['juliaNowicka'] },
    ],
  },
  {
    id: 'technology',
    icon: 'chip',
    sessions: [
      { id: 'llmInProduction', start: '11:30', end: '12:30', room: 'hallB', speakers: ['tomaszGajda'] },
      {
        id: 'openModelsPanel',
        start: '16:15',
        end: '17:15',
        room: 'hallB',
        speakers: ['tomaszGajda', 'ewaLisowska'],
      },
    ],
  },
];

/** Every session of every track. */
export const SESSIONS: readonly Session[] = /* @__PURE__ */ TRACKS.flatMap((t) => t.sessions);
