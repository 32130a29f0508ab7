import type { RouteDefinition } from '../contracts';

/** The contact form, the corporate campaign entry form, and the operators' CSV exports (docs/api.md). */
export const formRoutes = {
  sendContact: {
    method: 'POST',
    path: '/api/contact',
    handler: 'forms/send-contact',
    access: 'public',
    aws: { table: 'write' },
  },
  confirmCampaignEntry: {
    method: 'POST',
    path: '/api/campaign-entry-form/confirm',
    handler: 'forms/confirm-campaign-entry',
    access: 'public',
    aws: { table: 'none' },
  },
  storeCampaignEntry: {
    method: 'POST',
    path: '/api/campaign-entry-form/store',
    handler: 'forms/store-campaign-entry',
    access: 'public',
    aws: { table: 'write' },
  },
  exportContacts: {
    method: 'GET',
    path: '/api/ops/contacts/export',
    handler: 'forms/export-contacts',
    access: 'operator',
    aws: { table: 'read' },
  },
  exportCampaignEntries: {
    method: 'GET',
    path: '/api/ops/campaign-entries/export',
    handler: 'forms/export-campaign-entries',
    access: 'operator',
    aws: { table: 'read' },
  },
} as const satisfies Record<string, RouteDefinition>;
