/**
 * Every repository module's declaration of the partitions its functions touch (its `tableUse`), by
 * path: what the route grants check reads. A repository module left out here fails that check.
 */
import { tableUse as audit } from '../../functions/src/db/repositories/audit-repository';
import { tableUse as drawSeed } from '../../functions/src/db/repositories/draw-seed-repository';
import { tableUse as formEntry } from '../../functions/src/db/repositories/form-entry-repository';
import { tableUse as guildPost } from '../../functions/src/db/repositories/guild-post-repository';
import { tableUse as guild } from '../../functions/src/db/repositories/guild-repository';
import { tableUse as lease } from '../../functions/src/db/repositories/lease-repository';
import { tableUse as mailToken } from '../../functions/src/db/repositories/mail-token-repository';
import { tableUse as migration } from '../../functions/src/db/repositories/migration-repository';
import { tableUse as oneTimeToken } from '../../functions/src/db/repositories/one-time-token-repository';
import { tableUse as outbox } from '../../functions/src/db/repositories/outbox-repository';
import { tableUse as player } from '../../functions/src/db/repositories/player-repository';
import { tableUse as prizeDraw } from '../../functions/src/db/repositories/prize-draw-repository';
import { tableUse as prize } from '../../functions/src/db/repositories/prize-repository';
import { tableUse as prizeState } from '../../functions/src/db/repositories/prize-state-repository';
import { tableUse as quiz } from '../../functions/src/db/repositories/quiz-repository';
import { tableUse as ranking } from '../../functions/src/db/repositories/ranking-pages/ranking-repository';
import { tableUse as rankingState } from '../../functions/src/db/repositories/ranking-state-repository';
import { tableUse as rateLimit } from '../../functions/src/db/repositories/rate-limit-repository';
import { tableUse as reminderQueue } from '../../functions/src/db/repositories/reminder-queue-repository';
import { tableUse as reminder } from '../../functions/src/db/repositories/reminder-repository';
import { tableUse as roundGate } from '../../functions/src/db/repositories/round-gate-repository';
import { tableUse as saveReceipt } from '../../functions/src/db/repositories/save-receipt-repository';
import { tableUse as scoreChange } from '../../functions/src/db/repositories/score-change-repository';
import { tableUse as seasonHistory } from '../../functions/src/db/repositories/season-history-repository';
import { tableUse as shareCard } from '../../functions/src/db/repositories/share-card-repository';
import { tableUse as team } from '../../functions/src/db/repositories/team-repository';
import { tableUse as topic } from '../../functions/src/db/repositories/topic-repository';
import { tableUse as tournament } from '../../functions/src/db/repositories/tournament-repository';
import { tableUse as unshardedItems } from '../../functions/src/db/repositories/unsharded-items-repository';
import { tableUse as user } from '../../functions/src/db/repositories/user-repository';
import type { TableUseByModule } from './route-grants';

export const repositoryTableUse: TableUseByModule = {
  'functions/src/db/repositories/audit-repository.ts': audit,
  'functions/src/db/repositories/draw-seed-repository.ts': drawSeed,
  'functions/src/db/repositories/form-entry-repository.ts': formEntry,
  'functions/src/db/repositories/guild-post-repository.ts': guildPost,
  'functions/src/db/repositories/guild-repository.ts': guild,
  'functions/src/db/repositories/lease-repository.ts': lease,
  'functions/src/db/repositories/mail-token-repository.ts': mailToken,
  'functions/src/db/repositories/migration-repository.ts': migration,
  'functions/src/db/repositories/one-time-token-repository.ts': oneTimeToken,
  'functions/src/db/repositories/outbox-repository.ts': outbox,
  'functions/src/db/repositories/player-repository.ts': player,
  'functions/src/db/repositories/prize-draw-repository.ts': prizeDraw,
  'functions/src/db/repositories/prize-repository.ts': prize,
  'functions/src/db/repositories/prize-state-repository.ts': prizeState,
  'functions/src/db/repositories/quiz-repository.ts': quiz,
  'functions/src/db/repositories/ranking-pages/ranking-repository.ts': ranking,
  'functions/src/db/repositories/ranking-state-repository.ts': rankingState,
  'functions/src/db/repositories/rate-limit-repository.ts': rateLimit,
  'functions/src/db/repositories/reminder-queue-repository.ts': reminderQueue,
  'functions/src/db/repositories/reminder-repository.ts': reminder,
  'functions/src/db/repositories/round-gate-repository.ts': roundGate,
  'functions/src/db/repositories/save-receipt-repository.ts': saveReceipt,
  'functions/src/db/repositories/score-change-repository.ts': scoreChange,
  'functions/src/db/repositories/season-history-repository.ts': seasonHistory,
  'functions/src/db/repositories/share-card-repository.ts': shareCard,
  'functions/src/db/repositories/team-repository.ts': team,
  'functions/src/db/repositories/topic-repository.ts': topic,
  'functions/src/db/repositories/tournament-repository.ts': tournament,
  'functions/src/db/repositories/unsharded-items-repository.ts': unshardedItems,
  'functions/src/db/repositories/user-repository.ts': user,
};
