import { useMutation } from '@tanstack/react-query';
import { contactReceiptSchema, type ContactBody } from '@golf/shared/schemas/contact';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/contact: the inquiry is stored for the operators; 201 with its id. */
export function useSendContact() {
  return useMutation({
    mutationFn: (body: ContactBody) =>
      apiRequest('/api/contact', { method: 'POST', body, schema: contactReceiptSchema }),
  });
}
