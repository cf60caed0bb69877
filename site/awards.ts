/**
 * Prompt Awards: the award categories, grouped for display. Names are in the `events`
 * catalogue under `awards.categories.<id>`; group names under `awards.groups.<id>`.
 */
export const AWARD_GROUPS = [
  {
    id: 'visual',
    categories: ['imagePrompt', 'photorealism', 'illustration', 'graphicDesign', 'architecture', 'fashion'],
  },
  {
    id: 'motion',
    categories: ['video', 'animation', 'musicTrack', 'voiceAndSound', 'gameDesign'],
  },
  {
    id: 'words',
    categories: ['chatbot', 'aiAgent', 'codePrompt', 'copywriting', 'storytelling', 'promptEngineering'],
  },
  {
    id: 'impact',
    categories: ['marketingCampaign', 'education', 'businessAutomation', 'socialImpact', 'debut', 'audienceAward'],
  },
] as const;

export type AwardGroupId = (typeof AWARD_GROUPS)[number]['id'];
export type AwardCategoryId = (typeof AWARD_GROUPS)[number]['categories'][number];

/** Every category in display order. */
export const AWARD_CATEGORIES: readonly AwardCategoryId[] = AWARD_GROUPS.flatMap((g) => g.categories);
