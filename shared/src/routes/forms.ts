import type { RouteDefinition } from '../contracts';
import { campaignEntrySchema, campaignReceiptSchema } from '../schemas/campaign';
import {
  contactBodySchema,
  contactReceiptSchema,
  csvExportSchema,
  exportQuerySchema,
} from '../schemas/contact';

/** The operators' exports of the forms. */
const exportKeys = { read: ['CAMPAIGN#', 'CONTACT', 'LOGIN#', 'RATE#', 'REVOKED#', 'USER#'] } as const;

export const sendContactRoute = {
  name: 'sendContact',
  method: 'POST',
  path: '/api/contact',
  handler: 'forms/send-contact',
  access: 'public',
  body: contactBodySchema,
  response: contactReceiptSchema,
  aws: {
    table: 'write',
    keys: { read: ['CAMPAIGN#', 'LOGIN#', 'REVOKED#', 'USER#'], write: ['CONTACT', 'RATE#'] },
  },
} as const satisfies RouteDefinition;

export const confirmCampaignEntryRoute = {
  name: 'confirmCampaignEntry',
  method: 'POST',
  path: '/api/campaign-entry-form/confirm',
  handler: 'forms/confirm-campaign-entry',
  access: 'public',
  body: campaignEntrySchema,
  response: campaignEntrySchema,
  aws: { table: 'none' },
} as const satisfies RouteDefinition;

export const storeCampaignEntryRoute = {
  name: 'storeCampaignEntry',
  method: 'POST',
  path: '/api/campaign-entry-form/store',
  handler: 'forms/store-campaign-entry',
  access: 'public',
  body: campaignEntrySchema,
  response: campaignReceiptSchema,
  aws: {
    table: 'write',
    keys: { read: ['CONTACT', 'LOGIN#', 'REVOKED#', 'USER#'], write: ['CAMPAIGN#', 'RATE#'] },
  },
} as const satisfies RouteDefinition;

export const exportContactsRoute = {
  name: 'exportContacts',
  method: 'GET',
  path: '/api/ops/contacts/export',
  handler: 'forms/export-contacts',
  access: 'operator',
  query: exportQuerySchema,
  response: csvExportSchema,
  aws: { table: 'read', keys: exportKeys },
} as const satisfies RouteDefinition;

export const exportCampaignEntriesRoute = {
  name: 'exportCampaignEntries',
  method: 'GET',
  path: '/api/ops/campaign-entries/export',
  handler: 'forms/export-campaign-entries',
  access: 'operator',
  query: exportQuerySchema,
  response: csvExportSchema,
  aws: { table: 'read', keys: exportKeys },
} as const satisfies RouteDefinition;

/** The contact form, the corporate campaign entry form, and the operators' CSV exports (docs/api.md). */
export const formRoutes = {
  sendContact: sendContactRoute,
  confirmCampaignEntry: confirmCampaignEntryRoute,
  storeCampaignEntry: storeCampaignEntryRoute,
  exportContacts: exportContactsRoute,
  exportCampaignEntries: exportCampaignEntriesRoute,
} as const satisfies Record<string, RouteDefinition>;
