import { feedback } from '../base/feedback';
import { sessionStore } from '../session/session-store';
import { expireSession } from './expire';
import { createRequest } from './request';

/** The request layer as the app uses it: the stored token, Ant Design feedback, 401 ends the session. */
export const request = createRequest({
  fetch: (input, init) => fetch(input, init),
  getToken: () => sessionStore.getState().user?.token ?? null,
  feedback: {
    warn: (text) => feedback.message.warning(text),
    error: (text) => feedback.message.error(text),
    notifyError: (title) => feedback.notification.error({ title }),
    unauthorized: expireSession,
  },
});
