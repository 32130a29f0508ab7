import type { AwsAccess, RouteDefinition, RouteSchemas } from '../contracts';
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

/** Guilds, their members and chat, and image uploads (docs/api.md, section Guilds). */
const user = <const A extends AwsAccess, const S extends RouteSchemas = Record<never, never>>(
  method: RouteDefinition['method'],
  path: string,
  handler: string,
  aws: A,
  schemas?: S,
) => ({ method, path, handler, access: 'user', aws, ...(schemas as S) }) as const;

const read = { table: 'read' } as const;
const write = { table: 'write' } as const;
const withImage = { table: 'write', uploads: ['PutObject', 'GetObject'] } as const;

export const guildRoutes = {
  confirmGuild: user(
    'POST',
    '/api/golf/guild/confirm',
    'guild/confirm-guild',
    {
      table: 'read',
      uploads: ['GetObject'],
    },
    { body: guildFormSchema, response: guildConfirmSchema },
  ),
  createGuild: user('POST', '/api/golf/guild/create', 'guild/create-guild', withImage, {
    body: guildFormSchema,
    response: ownedGuildSchema,
  }),
  updateGuild: user('POST', '/api/golf/guild/manage/{id}/update', 'guild/update-guild', withImage, {
    params: guildParamsSchema,
    body: guildFormSchema,
    response: ownedGuildSchema,
  }),
  fetchManagedGuild: user('GET', '/api/golf/guild/manage/{id}/fetch', 'guild/fetch-managed-guild', read, {
    params: guildParamsSchema,
    response: guildManageSchema,
  }),
  regenerateGuildCode: user(
    'POST',
    '/api/golf/guild/manage/{id}/code',
    'guild/regenerate-guild-code',
    write,
    { params: guildParamsSchema, response: joinCodeSchema },
  ),
  getMyGuild: user('GET', '/api/golf/guild/mine', 'guild/get-my-guild', read, { response: myGuildSchema }),
  listGuilds: user('GET', '/api/golf/guild/list', 'guild/list-guilds', read, {
    query: guildListQuerySchema,
    response: guildListSchema,
  }),
  showGuild: user('GET', '/api/golf/guild/{id}/show', 'guild/show-guild', read, {
    params: guildParamsSchema,
    response: guildDetailSchema,
  }),
  joinGuild: user('POST', '/api/golf/guild/{id}/join', 'guild/join-guild', write, {
    params: guildParamsSchema,
    response: joinResultSchema,
  }),
  joinGuildByCode: user('POST', '/api/golf/guild/code', 'guild/join-guild-by-code', write, {
    body: joinByCodeBodySchema,
    response: joinResultSchema,
  }),
  leaveGuild: user('POST', '/api/golf/guild/{id}/leave', 'guild/leave-guild', write, {
    params: guildParamsSchema,
    response: leaveResultSchema,
  }),
  listGuildMembers: user('GET', '/api/golf/guild/{id}/member', 'guild/list-guild-members', read, {
    params: guildParamsSchema,
    response: guildMemberListSchema,
  }),
  kickGuildMember: user(
    'POST',
    '/api/golf/guild/{id}/member/{user_id}/kick',
    'guild/kick-guild-member',
    write,
    { params: guildMemberParamsSchema, response: guildMemberListSchema },
  ),
  getGuildVersus: user('GET', '/api/golf/guild/{id}/versus', 'guild/get-guild-versus', read, {
    params: guildParamsSchema,
    query: guildVersusQuerySchema,
    response: guildVersusSchema,
  }),
  listGuildChat: user('GET', '/api/golf/guild/{id}/chat', 'guild/list-guild-chat', read, {
    params: guildParamsSchema,
    query: chatQuerySchema,
    response: chatPageSchema,
  }),
  postGuildChat: user('POST', '/api/golf/guild/{id}/chat', 'guild/post-guild-chat', write, {
    params: guildParamsSchema,
    body: postChatBodySchema,
    response: chatMessageSchema,
  }),
  presignUpload: user(
    'POST',
    '/api/uploads/presign',
    'uploads/presign-upload',
    {
      table: 'read',
      uploads: ['PutObject'],
    },
    { body: presignBodySchema, response: presignedUploadSchema },
  ),
} as const satisfies Record<string, RouteDefinition>;
