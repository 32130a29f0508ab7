import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/reminders/unsubscribe: the one-click link of every reminder; no sign-in needed. */
export const useUnsubscribeReminders = () =>
  useMutation({
    mutationFn: (token: string) =>
      apiRequest('/api/reminders/unsubscribe', {
        method: 'POST',
        body: { token },
        schema: z.object({ unsubscribed: z.literal(true) }),
      }),
  });
