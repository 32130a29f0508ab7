/**
 * Every key the table uses is built here and nowhere else (docs/data-model.md lists them).
 * Sort keys that order things pad numbers so string order is numeric order.
 */
export const pad = (value: number, width: number): string => String(value).padStart(width, '0');

export const keys = {
  tournament: (gameGlobalId: string) => ({ PK: `TOURNAMENT#${gameGlobalId}`, SK: 'META' }),
  /** GSI1: every tournament, ordered by start date. */
  tournamentListing: (startOn: string, gameGlobalId: string) => ({
    GSI1PK: 'TOURNAMENTS',
    GSI1SK: `${startOn}#${gameGlobalId}`,
  }),
  fieldEntry: (gameGlobalId: string, playerId: string) => ({
    PK: `TOURNAMENT#${gameGlobalId}`,
    SK: `FIELD#${playerId}`,
  }),
  fieldPrefix: (gameGlobalId: string) => ({ PK: `TOURNAMENT#${gameGlobalId}`, SKPrefix: 'FIELD#' }),
  player: (playerId: string) => ({ PK: `PLAYER#${playerId}`, SK: 'PROFILE' }),
  prize: (prizeId: string) => ({ PK: `PRIZE#${prizeId}`, SK: 'META' }),
  /** GSI1: prizes of one kind, in display order. */
  prizeListing: (kind: string, order: number, prizeId: string) => ({
    GSI1PK: `PRIZES#${kind}`,
    GSI1SK: `${pad(order, 4)}#${prizeId}`,
  }),
  outboxMessage: (sentAt: string, messageId: string) => ({ PK: 'OUTBOX', SK: `${sentAt}#${messageId}` }),
} as const;
