import type { RoomId } from './program';

/**
 * The floor plan of the venue: a self-made SVG, language-neutral (letters and numbers), with its
 * legend on the expo page. Zones carry the numbers 1-8 (see `zones.ts`).
 */
export const FLOOR_PLAN = { src: '/images/events/floor-plan.svg', width: 1200, height: 800 } as const;

/** A lettered area of the floor plan: a session room, or an area named under `expo.areas.<id>`. */
export type FloorPlanArea = { marker: string } & ({ room: RoomId } | { area: 'expoHall' | 'networking' | 'workshops' });

export const FLOOR_PLAN_AREAS: readonly FloorPlanArea[] = [
  { marker: 'A', room: 'mainHall' },
  { marker: 'B', room: 'hallB' },
  { marker: 'E', area: 'expoHall' },
  { marker: 'N', area: 'networking' },
  { marker: 'W', area: 'workshops' },
];
