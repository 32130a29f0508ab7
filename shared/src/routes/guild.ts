import type { AwsAccess, RouteDefinition } from '../contracts';

/** Guilds, their members and chat, and image uploads (docs/api.md, section Guilds). */
const user = <const A extends AwsAccess>(
  method: RouteDefinition['method'],
  path: string,
  handler: string,
  aws: A,
) => ({ method, path, handler, access: 'user', aws }) as const;

const read = { table: 'read' } as const;
const write = { table: 'write' } as const;
const withImage = { table: 'write', uploads: ['PutObject', 'GetObject'] } as const;

export const guildRoutes = {
  confirmGuild: user('POST', '/api/golf/guild/confirm', 'guild/confirm-guild', {
    table: 'read',
    uploads: ['GetObject'],
  }),
  createGuild: user('POST', '/api/golf/guild/create', 'guild/create-guild', withImage),
  updateGuild: user('POST', '/api/golf/guild/manage/{id}/update', 'guild/update-guild', withImage),
  fetchManagedGuild: user('GET', '/api/golf/guild/manage/{id}/fetch', 'guild/fetch-managed-guild', read),
  regenerateGuildCode: user('POST', '/api/golf/guild/manage/{id}/code', 'guild/regenerate-guild-code', write),
  getMyGuild: user('GET', '/api/golf/guild/mine', 'guild/get-my-guild', read),
  listGuilds: user('GET', '/api/golf/guild/list', 'guild/list-guilds', read),
  showGuild: user('GET', '/api/golf/guild/{id}/show', 'guild/show-guild', read),
  joinGuild: user('POST', '/api/golf/guild/{id}/join', 'guild/join-guild', write),
  joinGuildByCode: user('POST', '/api/golf/guild/code', 'guild/join-guild-by-code', write),
  leaveGuild: user('POST', '/api/golf/guild/{id}/leave', 'guild/leave-guild', write),
  listGuildMembers: user('GET', '/api/golf/guild/{id}/member', 'guild/list-guild-members', read),
  kickGuildMember: user(
    'POST',
    '/api/golf/guild/{id}/member/{user_id}/kick',
    'guild/kick-guild-member',
    write,
  ),
  listGuildChat: user('GET', '/api/golf/guild/{id}/chat', 'guild/list-guild-chat', read),
  postGuildChat: user('POST', '/api/golf/guild/{id}/chat', 'guild/post-guild-chat', write),
  presignUpload: user('POST', '/api/uploads/presign', 'uploads/presign-upload', {
    table: 'read',
    uploads: ['PutObject'],
  }),
} as const satisfies Record<string, RouteDefinition>;
