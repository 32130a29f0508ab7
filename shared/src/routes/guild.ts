import type { RouteDefinition } from '../contracts';
import {
  chatQuerySchema,
  guildFormSchema,
  guildListQuerySchema,
  guildMemberParamsSchema,
  guildParamsSchema,
  guildVersusQuerySchema,
  guildVersusSchema,
  joinByCodeBodySchema,
  postChatBodySchema,
  presignBodySchema,
  chatMessageSchema,
  chatPageSchema,
  guildConfirmSchema,
  guildDetailSchema,
  guildListSchema,
  guildManageSchema,
  guildMemberListSchema,
  joinCodeSchema,
  joinResultSchema,
  leaveResultSchema,
  myGuildSchema,
  ownedGuildSchema,
  presignedUploadSchema,
} from '../schemas/guild';
import { guildReads, partitions, rankingReads, sessionReads, tournamentReads } from '../route-partitions';

/** Views of guilds. */
const guildViewKeys = {
  read: ['GUILD#', 'GUILD_CHAT#', 'LOGIN#', 'RATE#', 'REVOKED#', 'USER#'],
  index: ['GUILDS#PUBLIC', 'GUILD_CODE#'],
} as const;

/** Routes that change who is in a guild (and so the members' locks). */
const membershipKeys = {
  read: ['GUILD_CHAT#', 'LOGIN#', 'RATE#', 'REVOKED#'],
  write: ['GUILD#', 'USER#'],
  index: ['GUILDS#PUBLIC', 'GUILD_CODE#'],
} as const;

/** Routes that edit a guild. */
const guildEditKeys = {
  read: ['GUILD_CHAT#', 'LOGIN#', 'RATE#', 'REVOKED#', 'USER#'],
  write: ['GUILD#'],
  index: ['GUILDS#PUBLIC', 'GUILD_CODE#'],
} as const;

const read = { table: 'read' } as const;
const write = { table: 'write' } as const;
const withImage = { table: 'write', uploads: ['PutObject', 'GetObject'] } as const;

export const confirmGuildRoute = {
  name: 'confirmGuild',
  method: 'POST',
  path: '/api/golf/guild/confirm',
  handler: 'guild/confirm-guild',
  access: 'user',
  body: guildFormSchema,
  response: guildConfirmSchema,
  aws: { table: 'read', uploads: ['GetObject'], keys: guildViewKeys },
} as const satisfies RouteDefinition;

export const createGuildRoute = {
  name: 'createGuild',
  method: 'POST',
  path: '/api/golf/guild/create',
  handler: 'guild/create-guild',
  access: 'user',
  body: guildFormSchema,
  response: ownedGuildSchema,
  aws: {
    ...withImage,
    keys: membershipKeys,
  },
} as const satisfies RouteDefinition;

export const updateGuildRoute = {
  name: 'updateGuild',
  method: 'POST',
  path: '/api/golf/guild/manage/{id}/update',
  handler: 'guild/update-guild',
  access: 'user',
  params: guildParamsSchema,
  body: guildFormSchema,
  response: ownedGuildSchema,
  aws: {
    ...withImage,
    keys: guildEditKeys,
  },
} as const satisfies RouteDefinition;

export const fetchManagedGuildRoute = {
  name: 'fetchManagedGuild',
  method: 'GET',
  path: '/api/golf/guild/manage/{id}/fetch',
  handler: 'guild/fetch-managed-guild',
  access: 'user',
  params: guildParamsSchema,
  response: guildManageSchema,
  aws: {
    ...read,
    keys: guildViewKeys,
  },
} as const satisfies RouteDefinition;

export const regenerateGuildCodeRoute = {
  name: 'regenerateGuildCode',
  method: 'POST',
  path: '/api/golf/guild/manage/{id}/code',
  handler: 'guild/regenerate-guild-code',
  access: 'user',
  params: guildParamsSchema,
  response: joinCodeSchema,
  aws: {
    ...write,
    keys: guildEditKeys,
  },
} as const satisfies RouteDefinition;

export const getMyGuildRoute = {
  name: 'getMyGuild',
  method: 'GET',
  path: '/api/golf/guild/mine',
  handler: 'guild/get-my-guild',
  access: 'user',
  response: myGuildSchema,
  aws: {
    ...read,
    keys: guildViewKeys,
  },
} as const satisfies RouteDefinition;

export const listGuildsRoute = {
  name: 'listGuilds',
  method: 'GET',
  path: '/api/golf/guild/list',
  handler: 'guild/list-guilds',
  access: 'user',
  query: guildListQuerySchema,
  response: guildListSchema,
  aws: {
    ...read,
    keys: guildViewKeys,
  },
} as const satisfies RouteDefinition;

export const showGuildRoute = {
  name: 'showGuild',
  method: 'GET',
  path: '/api/golf/guild/{id}/show',
  handler: 'guild/show-guild',
  access: 'user',
  params: guildParamsSchema,
  response: guildDetailSchema,
  aws: {
    ...read,
    keys: guildViewKeys,
  },
} as const satisfies RouteDefinition;

export const joinGuildRoute = {
  name: 'joinGuild',
  method: 'POST',
  path: '/api/golf/guild/{id}/join',
  handler: 'guild/join-guild',
  access: 'user',
  params: guildParamsSchema,
  response: joinResultSchema,
  aws: {
    ...write,
    keys: membershipKeys,
  },
} as const satisfies RouteDefinition;

export const joinGuildByCodeRoute = {
  name: 'joinGuildByCode',
  method: 'POST',
  path: '/api/golf/guild/code',
  handler: 'guild/join-guild-by-code',
  access: 'user',
  body: joinByCodeBodySchema,
  response: joinResultSchema,
  aws: {
    ...write,
    keys: membershipKeys,
  },
} as const satisfies RouteDefinition;

export const leaveGuildRoute = {
  name: 'leaveGuild',
  method: 'POST',
  path: '/api/golf/guild/{id}/leave',
  handler: 'guild/leave-guild',
  access: 'user',
  params: guildParamsSchema,
  response: leaveResultSchema,
  aws: {
    ...write,
    keys: membershipKeys,
  },
} as const satisfies RouteDefinition;

export const listGuildMembersRoute = {
  name: 'listGuildMembers',
  method: 'GET',
  path: '/api/golf/guild/{id}/member',
  handler: 'guild/list-guild-members',
  access: 'user',
  params: guildParamsSchema,
  response: guildMemberListSchema,
  aws: {
    ...read,
    keys: guildViewKeys,
  },
} as const satisfies RouteDefinition;

export const kickGuildMemberRoute = {
  name: 'kickGuildMember',
  method: 'POST',
  path: '/api/golf/guild/{id}/member/{user_id}/kick',
  handler: 'guild/kick-guild-member',
  access: 'user',
  params: guildMemberParamsSchema,
  response: guildMemberListSchema,
  aws: {
    ...write,
    keys: membershipKeys,
  },
} as const satisfies RouteDefinition;

/** A guild's match against another: the tournament, the rankings, both guilds and the quiz scores. */
const guildVersusReads = partitions(sessionReads, tournamentReads, rankingReads, guildReads, [
  'PLAYER#',
  'QUIZ#',
  'QUIZSCORE#',
  'RATE#',
]);

export const getGuildVersusRoute = {
  name: 'getGuildVersus',
  method: 'GET',
  path: '/api/golf/guild/{id}/versus',
  handler: 'guild/get-guild-versus',
  access: 'user',
  params: guildParamsSchema,
  query: guildVersusQuerySchema,
  response: guildVersusSchema,
  aws: {
    ...read,
    keys: {
      read: guildVersusReads,
      index: ['GUILDS#PUBLIC', 'GUILD_CODE#', 'TOURNAMENTS'],
    },
  },
} as const satisfies RouteDefinition;

export const listGuildChatRoute = {
  name: 'listGuildChat',
  method: 'GET',
  path: '/api/golf/guild/{id}/chat',
  handler: 'guild/list-guild-chat',
  access: 'user',
  params: guildParamsSchema,
  query: chatQuerySchema,
  response: chatPageSchema,
  aws: {
    ...read,
    keys: guildViewKeys,
  },
} as const satisfies RouteDefinition;

export const postGuildChatRoute = {
  name: 'postGuildChat',
  method: 'POST',
  path: '/api/golf/guild/{id}/chat',
  handler: 'guild/post-guild-chat',
  access: 'user',
  params: guildParamsSchema,
  body: postChatBodySchema,
  response: chatMessageSchema,
  aws: {
    ...write,
    keys: {
      read: ['GUILD#', 'LOGIN#', 'REVOKED#', 'USER#'],
      write: ['GUILD_CHAT#', 'RATE#'],
      index: ['GUILDS#PUBLIC', 'GUILD_CODE#'],
    },
  },
} as const satisfies RouteDefinition;

export const presignUploadRoute = {
  name: 'presignUpload',
  method: 'POST',
  path: '/api/uploads/presign',
  handler: 'uploads/presign-upload',
  access: 'user',
  body: presignBodySchema,
  response: presignedUploadSchema,
  aws: { table: 'read', uploads: ['PutObject'], keys: { read: ['LOGIN#', 'REVOKED#', 'USER#'] } },
} as const satisfies RouteDefinition;

/** Guilds, their members and chat, and image uploads (docs/api.md, section Guilds). */
export const guildRoutes = {
  confirmGuild: confirmGuildRoute,
  createGuild: createGuildRoute,
  updateGuild: updateGuildRoute,
  fetchManagedGuild: fetchManagedGuildRoute,
  regenerateGuildCode: regenerateGuildCodeRoute,
  getMyGuild: getMyGuildRoute,
  listGuilds: listGuildsRoute,
  showGuild: showGuildRoute,
  joinGuild: joinGuildRoute,
  joinGuildByCode: joinGuildByCodeRoute,
  leaveGuild: leaveGuildRoute,
  listGuildMembers: listGuildMembersRoute,
  kickGuildMember: kickGuildMemberRoute,
  getGuildVersus: getGuildVersusRoute,
  listGuildChat: listGuildChatRoute,
  postGuildChat: postGuildChatRoute,
  presignUpload: presignUploadRoute,
} as const satisfies Record<string, RouteDefinition>;
