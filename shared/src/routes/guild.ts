import type { RouteDefinition } from '../contracts';

/** Guilds, their members and chat, and image uploads (docs/api.md, section Guilds). */
const user = (method: RouteDefinition['method'], path: string, handler: string) =>
  ({ method, path, handler, access: 'user' }) as const;

export const guildRoutes = {
  confirmGuild: user('POST', '/api/golf/guild/confirm', 'guild/confirm-guild'),
  createGuild: user('POST', '/api/golf/guild/create', 'guild/create-guild'),
  updateGuild: user('POST', '/api/golf/guild/manage/{id}/update', 'guild/update-guild'),
  fetchManagedGuild: user('GET', '/api/golf/guild/manage/{id}/fetch', 'guild/fetch-managed-guild'),
  regenerateGuildCode: user('POST', '/api/golf/guild/manage/{id}/code', 'guild/regenerate-guild-code'),
  getMyGuild: user('GET', '/api/golf/guild/mine', 'guild/get-my-guild'),
  listGuilds: user('GET', '/api/golf/guild/list', 'guild/list-guilds'),
  showGuild: user('GET', '/api/golf/guild/{id}/show', 'guild/show-guild'),
  joinGuild: user('POST', '/api/golf/guild/{id}/join', 'guild/join-guild'),
  joinGuildByCode: user('POST', '/api/golf/guild/code', 'guild/join-guild-by-code'),
  leaveGuild: user('POST', '/api/golf/guild/{id}/leave', 'guild/leave-guild'),
  listGuildMembers: user('GET', '/api/golf/guild/{id}/member', 'guild/list-guild-members'),
  kickGuildMember: user('POST', '/api/golf/guild/{id}/member/{user_id}/kick', 'guild/kick-guild-member'),
  listGuildChat: user('GET', '/api/golf/guild/{id}/chat', 'guild/list-guild-chat'),
  postGuildChat: user('POST', '/api/golf/guild/{id}/chat', 'guild/post-guild-chat'),
  presignUpload: user('POST', '/api/uploads/presign', 'uploads/presign-upload'),
} as const satisfies Record<string, RouteDefinition>;
