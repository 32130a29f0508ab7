import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** The button of the unsubscribe page (the link of every reminder); no sign-in needed. */
export const useUnsubscribeReminders = () =>
  useMutation({
    mutationFn: (token: string) => api.unsubscribeReminders({ body: { token } }),
  });
