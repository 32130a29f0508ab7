import type { RouteDefinition } from '../contracts';
import { campaignEntrySchema, campaignReceiptSchema } from '../schemas/campaign';
import {
  contactBodySchema,
  contactReceiptSchema,
  csvExportSchema,
  exportQuerySchema,
} from '../schemas/contact';

/** The contact form, the corporate campaign entry form, and the operators' CSV exports (docs/api.md). */
export const formRoutes = {
  sendContact: {
    method: 'POST',
    path: '/api/contact',
    handler: 'forms/send-contact',
    access: 'public',
    body: contactBodySchema,
    response: contactReceiptSchema,
    aws: { table: 'write' },
  },
  confirmCampaignEntry: {
    method: 'POST',
    path: '/api/campaign-entry-form/confirm',
    handler: 'forms/confirm-campaign-entry',
    access: 'public',
    body: campaignEntrySchema,
    response: campaignEntrySchema,
    aws: { table: 'none' },
  },
  storeCampaignEntry: {
    method: 'POST',
    path: '/api/campaign-entry-form/store',
    handler: 'forms/store-campaign-entry',
    access: 'public',
    body: campaignEntrySchema,
    response: campaignReceiptSchema,
    aws: { table: 'write' },
  },
  exportContacts: {
    method: 'GET',
    path: '/api/ops/contacts/export',
    handler: 'forms/export-contacts',
    access: 'operator',
    query: exportQuerySchema,
    response: csvExportSchema,
    aws: { table: 'read' },
  },
  exportCampaignEntries: {
    method: 'GET',
    path: '/api/ops/campaign-entries/export',
    handler: 'forms/export-campaign-entries',
    access: 'operator',
    query: exportQuerySchema,
    response: csvExportSchema,
    aws: { table: 'read' },
  },
} as const satisfies Record<string, RouteDefinition>;
