import * as z from 'zod';
import { prizeOptionSchema } from './prize';
import { scheduleSchema } from './schedule';

const masterOptionSchema = z.object({ value: z.string(), name: z.string() });
export type MasterOption = z.infer<typeof masterOptionSchema>;
export const masterListSchema = z.array(masterOptionSchema);

export const masterListNames = [
  'age',
  'gender',
  'prefecture',
  'favorite_sports',
  'golf_history',
  'golf_play_history',
] as const;
export const campaignMasterListNames = [
  'company_area',
  'company_size',
  'department',
  'interest_theme',
  'job',
  'post',
  'sansan_interest',
] as const;
export const golfMasterListNames = [
  'game_prize',
  'group_category',
  'schedule',
  'entry_prize',
  'yearly_ranking_prize',
] as const;

export const masterListParamsSchema = z.object({ list: z.enum(masterListNames) });
export const campaignMasterListParamsSchema = z.object({ list: z.enum(campaignMasterListNames) });
export const golfMasterListParamsSchema = z.object({ list: z.enum(golfMasterListNames) });

/** GET /api/golf/master/{list}: the season's tournaments, a prize list or the group categories. */
export const golfMasterListResponseSchema = z.union([
  z.array(scheduleSchema),
  z.array(prizeOptionSchema),
  masterListSchema,
]);
