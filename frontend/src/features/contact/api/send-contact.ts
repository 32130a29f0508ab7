import { useMutation } from '@tanstack/react-query';
import type { ContactBody } from '@golf/shared/schemas/contact';
import { api } from '@/lib/api';

/** POST /api/contact: the inquiry is stored for the operators; 201 with its id. */
export function useSendContact() {
  return useMutation({
    mutationFn: (body: ContactBody) => api.sendContact({ body }),
  });
}
