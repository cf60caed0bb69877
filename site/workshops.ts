import type { SpeakerId } from './speakers';

export type WorkshopCategory = 'practical' | 'technical' | 'business';
export type WorkshopLevel = 'basic' | 'intermediate' | 'advanced';

/** What a participant needs; texts under `workshops.prerequisites.<id>`. */
export type PrerequisiteId = 'laptop' | 'python' | 'docker' | 'process';

export type Workshop = {
  id: 'promptLab' | 'ragAgents' | 'aiRoadmap';
  category: WorkshopCategory;
  level: WorkshopLevel;
  durationHours: number;
  /** Seats; workshops come with the ticket, while seats last. */
  capacity: number;
  instructor: SpeakerId;
  prerequisites: readonly PrerequisiteId[];
};

/** Sample workshops shown before the full list is published; texts under `workshops.items.<id>`. */
export const WORKSHOPS = [
  {
    id: 'promptLab',
    category: 'practical',
    level: 'basic',
    durationHours: 4,
    capacity: 25,
    instructor: 'juliaNowicka',
    prerequisites: ['laptop'],
  },
  {
    id: 'ragAgents',
    category: 'technical',
    level: 'advanced',
    durationHours: 6,
    capacity: 20,
    instructor: 'tomaszGajda',
    prerequisites: ['python', 'docker'],
  },
  {
    id: 'aiRoadmap',
    category: 'business',
    level: 'intermediate',
    durationHours: 3,
    capacity: 30,
    instructor: 'ewaLisowska',
    prerequisites: ['process'],
  },
] as const satisfies readonly Workshop[];
